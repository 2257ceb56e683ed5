//! The pest parsers generated from `grammar/`: one per specification, built from
//! the same scheme grammars, and the [`Node`] names that both share.

/// The parser of the published RFC 1738 BNF.
pub(crate) mod rfc1738 {
    /// Generated from `grammar/*.pest` with `grammar/rfc1738/*.pest`.
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/core.pest"]
    #[grammar = "../grammar/rfc1738/core.pest"]
    #[grammar = "../grammar/url.pest"]
    #[grammar = "../grammar/generic.pest"]
    #[grammar = "../grammar/ftp.pest"]
    #[grammar = "../grammar/rfc1738/file.pest"]
    #[grammar = "../grammar/http.pest"]
    #[grammar = "../grammar/gopher.pest"]
    #[grammar = "../grammar/mailto.pest"]
    #[grammar = "../grammar/news.pest"]
    #[grammar = "../grammar/rfc1738/news.pest"]
    #[grammar = "../grammar/nntp.pest"]
    #[grammar = "../grammar/telnet.pest"]
    #[grammar = "../grammar/wais.pest"]
    #[grammar = "../grammar/prospero.pest"]
    pub struct Parser;
}

/// The parser of the draft-ietf-uri-url-07 BNF.
pub(crate) mod draft07 {
    /// Generated from `grammar/*.pest` with `grammar/draft07/*.pest`.
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/core.pest"]
    #[grammar = "../grammar/draft07/core.pest"]
    #[grammar = "../grammar/url.pest"]
    #[grammar = "../grammar/generic.pest"]
    #[grammar = "../grammar/ftp.pest"]
    #[grammar = "../grammar/draft07/file.pest"]
    #[grammar = "../grammar/http.pest"]
    #[grammar = "../grammar/gopher.pest"]
    #[grammar = "../grammar/mailto.pest"]
    #[grammar = "../grammar/news.pest"]
    #[grammar = "../grammar/draft07/news.pest"]
    #[grammar = "../grammar/nntp.pest"]
    #[grammar = "../grammar/telnet.pest"]
    #[grammar = "../grammar/wais.pest"]
    #[grammar = "../grammar/prospero.pest"]
    pub struct Parser;
}

/// The parser of RFC 2396's generic syntax (Appendix A), as uri(7) quotes it.
pub(crate) mod rfc2396 {
    /// Generated from `grammar/rfc2396/*.pest`.
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/rfc2396/uri.pest"]
    #[grammar = "../grammar/rfc2396/uri7.pest"]
    #[grammar = "../grammar/rfc2396/urls.pest"]
    #[grammar = "../grammar/rfc2396/ldap.pest"]
    pub struct Parser;
}

/// The parser of RFC 3986's generic syntax (Appendix A) and of the schemes of
/// the documents written over it: the ftp-uri draft, RFC 4266 and rfc1738bis.
pub(crate) mod rfc3986 {
    /// Generated from `grammar/rfc3986/*.pest`.
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/rfc3986/uri.pest"]
    #[grammar = "../grammar/rfc3986/schemes.pest"]
    pub struct Parser;
}

use crate::syntax::scheme::Scheme;

/// What the lowering and the error report need of either parser's `Rule`: its
/// name in the grammar's terms, shared by both specifications.
pub(crate) trait SpecRule: pest::RuleType {
    /// The specification whose grammar this parser reads.
    const SPEC: crate::syntax::spec::Spec;
    /// The grammar rule this is, or `None` for an entry rule.
    fn node(self) -> Option<Node>;
    /// The parser's rule for `node`, if it has one (silent rules have none).
    fn from_node(node: Node) -> Option<Self>;
    /// The entry rule for URLs of `scheme` (`None`: the generic form).
    fn entry(scheme: Option<Scheme>) -> Self;
    /// Parses `input` from `entry`.
    fn parse(
        entry: Self,
        input: &str,
    ) -> Result<pest::iterators::Pairs<'_, Self>, pest::error::Error<Self>>;
    /// [`parse`](Self::parse), its pairs turned into the crate's, which the
    /// lowering reads: pest's reading, the reference of the proofs.
    fn parse_pairs(
        entry: Self,
        input: &str,
    ) -> Result<crate::syntax::pairs::Pairs<'_, Self>, pest::error::Error<Self>> {
        Self::parse(entry, input).map(|pairs| crate::syntax::pairs::Pairs::from_pest(input, pairs))
    }
}

impl rfc3986::Rule {
    /// The RFC 3986 entry rule for `input`: the form its scheme's document
    /// gives it, if it is one of the later documents' schemes, else `URI`.
    pub(crate) fn entry_for(input: &str) -> rfc3986::Rule {
        use rfc3986::Rule;
        const FORMS: [(&str, Rule); 8] = [
            ("ftp", Rule::uri_ftp),
            ("gopher", Rule::uri_gopher),
            ("news", Rule::uri_news),
            ("nntp", Rule::uri_nntp),
            ("telnet", Rule::uri_telnet),
            ("wais", Rule::uri_wais),
            ("file", Rule::uri_file),
            ("prospero", Rule::uri_prospero),
        ];
        let name = input.split_once(':').map_or("", |(name, _)| name);
        FORMS
            .iter()
            .find(|(known, _)| name.eq_ignore_ascii_case(known))
            .map_or(Rule::uri_absolute, |&(_, rule)| rule)
    }
}

impl rfc2396::Rule {
    /// The RFC 2396 entry rule for `input`: uri(7)'s form of its scheme, if
    /// it has one, else the generic `absoluteURI`.
    pub(crate) fn entry_for(input: &str) -> rfc2396::Rule {
        use rfc2396::Rule;
        const FORMS: [(&str, Rule); 13] = [
            ("man", Rule::uri_man),
            ("info", Rule::uri_info),
            ("whatis", Rule::uri_whatis),
            ("ghelp", Rule::uri_ghelp),
            ("ldap", Rule::uri_ldap),
            ("http", Rule::uri_http),
            ("ftp", Rule::uri_ftp),
            ("gopher", Rule::uri_gopher),
            ("mailto", Rule::uri_mailto),
            ("news", Rule::uri_news),
            ("telnet", Rule::uri_telnet),
            ("file", Rule::uri_file),
            ("wais", Rule::uri_wais),
        ];
        let name = input.split_once(':').map_or("", |(name, _)| name);
        FORMS
            .iter()
            .find(|(known, _)| name.eq_ignore_ascii_case(known))
            .map_or(Rule::uri_absolute, |&(_, rule)| rule)
    }
}

macro_rules! nodes {
    (
        rfc1738: [$($rfc1738:ident),* $(,)?],
        draft07: [$($draft07:ident),* $(,)?],
        rfc2396: [$($rfc2396:ident),* $(,)?],
        rfc3986: [$($rfc3986:ident),* $(,)?],
        all: [$($all:ident),* $(,)?],
        silent: [$($silent:ident),* $(,)?] $(,)?
    ) => {
        /// The rules of the grammar that name something: every non-silent rule
        /// but the entry rules (those that read from `SOI`), under the name
        /// every parser gives it, and the silent rules that the error report
        /// names from the input. `build.rs` lists them from `grammar/`.
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub(crate) enum Node { EOI, $($all,)* $($silent,)* }

        impl Node {
            /// The rule's name in the pest grammar (`gopher_plus_string`).
            pub(crate) fn pest_name(self) -> &'static str {
                match self {
                    Node::EOI => "EOI",
                    $(Node::$all => stringify!($all),)*
                    $(Node::$silent => stringify!($silent),)*
                }
            }

            /// How many there are.
            pub(crate) const COUNT: usize = [Node::EOI, $(Node::$all,)* $(Node::$silent,)*].len();
        }

        spec_rule!(rfc1738, Rfc1738, [$($rfc1738),*], entry_rules);
        spec_rule!(draft07, Draft07, [$($draft07),*], entry_rules);
        spec_rule!(rfc2396, Rfc2396, [$($rfc2396),*], absolute_entry);
        spec_rule!(rfc3986, Rfc3986, [$($rfc3986),*], absolute_entry);
    };
}

/// `SpecRule` for the parser of `$module`, whose grammar's `Node`s are `$node`.
macro_rules! spec_rule {
    ($module:ident, $spec:ident, [$($node:ident),*], $entry:ident) => {
        impl SpecRule for $module::Rule {
            const SPEC: crate::syntax::spec::Spec = crate::syntax::spec::Spec::$spec;
            fn node(self) -> Option<Node> {
                match self {
                    Self::EOI => Some(Node::EOI),
                    $(Self::$node => Some(Node::$node),)*
                    _ => None,
                }
            }
            fn from_node(node: Node) -> Option<Self> {
                match node {
                    Node::EOI => Some(Self::EOI),
                    $(Node::$node => Some(Self::$node),)*
                    _ => None,
                }
            }
            $entry!();
            fn parse(entry: Self, input: &str) -> Result<pest::iterators::Pairs<'_, Self>, pest::error::Error<Self>> {
                <$module::Parser as pest::Parser<Self>>::parse(entry, input)
            }
        }
    };
}

/// The entry rule of RFC 2396 and RFC 3986 for `Url`s: the absolute URI
/// (the scheme's own form is chosen by `entry_for`).
macro_rules! absolute_entry {
    () => {
        fn entry(_scheme: Option<Scheme>) -> Self {
            Self::uri_absolute
        }
    };
}

macro_rules! entry_rules {
    () => {
        fn entry(scheme: Option<Scheme>) -> Self {
            match scheme {
                Some(Scheme::Ftp) => Self::url_ftp,
                Some(Scheme::Http) => Self::url_http,
                Some(Scheme::Gopher) => Self::url_gopher,
                Some(Scheme::Mailto) => Self::url_mailto,
                Some(Scheme::News) => Self::url_news,
                Some(Scheme::Nntp) => Self::url_nntp,
                Some(Scheme::Telnet) => Self::url_telnet,
                Some(Scheme::Wais) => Self::url_wais,
                Some(Scheme::File) => Self::url_file,
                Some(Scheme::Prospero) => Self::url_prospero,
                None => Self::url_other,
            }
        }
    };
}

// `nodes! { rfc1738: [..], draft07: [..], rfc2396: [..], rfc3986: [..], all: [..], silent: [..] }`
include!(concat!(env!("OUT_DIR"), "/nodes.rs"));
