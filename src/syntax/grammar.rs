//! Each specification's rules (`Rule`), from `grammar/`: pest's parser of
//! them with the `pest-reference` feature, the same enum from `build.rs`
//! without it; and the [`Node`] names that they share.

/// The rules of the published RFC 1738 BNF (and pest's parser of them).
pub(crate) mod rfc1738 {
    /// Generated from `grammar/*.pest` with `grammar/rfc1738/*.pest`.
    #[cfg(feature = "pest-reference")]
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
    #[cfg(not(feature = "pest-reference"))]
    include!(concat!(env!("OUT_DIR"), "/rfc1738_rule.rs"));
}

/// The rules of the draft-ietf-uri-url-07 BNF (and pest's parser of them).
pub(crate) mod draft07 {
    /// Generated from `grammar/*.pest` with `grammar/draft07/*.pest`.
    #[cfg(feature = "pest-reference")]
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
    #[cfg(not(feature = "pest-reference"))]
    include!(concat!(env!("OUT_DIR"), "/draft07_rule.rs"));
}

/// The rules of RFC 2396's generic syntax (Appendix A), as uri(7) quotes
/// it (and pest's parser of them).
pub(crate) mod rfc2396 {
    /// Generated from `grammar/rfc2396/*.pest`.
    #[cfg(feature = "pest-reference")]
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/rfc2396/uri.pest"]
    #[grammar = "../grammar/rfc2396/uri7.pest"]
    #[grammar = "../grammar/rfc2396/urls.pest"]
    #[grammar = "../grammar/rfc2396/ldap.pest"]
    pub struct Parser;
    #[cfg(not(feature = "pest-reference"))]
    include!(concat!(env!("OUT_DIR"), "/rfc2396_rule.rs"));
}

/// The rules of RFC 3986's generic syntax (Appendix A) and of the schemes of
/// the documents written over it: the ftp-uri draft, RFC 4266 and rfc1738bis
/// (and pest's parser of them).
pub(crate) mod rfc3986 {
    /// Generated from `grammar/rfc3986/*.pest`.
    #[cfg(feature = "pest-reference")]
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/rfc3986/uri.pest"]
    #[grammar = "../grammar/rfc3986/schemes.pest"]
    pub struct Parser;
    #[cfg(not(feature = "pest-reference"))]
    include!(concat!(env!("OUT_DIR"), "/rfc3986_rule.rs"));
}

use crate::syntax::scheme::{NameWord, Scheme};

/// What the lowering and the error report need of either parser's `Rule`: its
/// name in the grammar's terms, shared by both specifications. (The bounds
/// are pest's `RuleType`'s, which every such type has.)
pub(crate) trait SpecRule: Copy + std::fmt::Debug + Eq + std::hash::Hash + Ord {
    /// The specification whose grammar this parser reads.
    const SPEC: crate::syntax::spec::Spec;
    /// The grammar rule this is, or `None` for an entry rule.
    fn node(self) -> Option<Node>;
    /// The parser's rule for `node`, if it has one (silent rules have none).
    fn from_node(node: Node) -> Option<Self>;
    /// The entry rule for URLs of `scheme` (`None`: the generic form).
    fn entry(scheme: Option<Scheme>) -> Self;
    /// Parses `input` from `entry`, by pest.
    #[cfg(feature = "pest-reference")]
    fn parse(
        entry: Self,
        input: &str,
    ) -> Result<pest::iterators::Pairs<'_, Self>, pest::error::Error<Self>>;
    /// [`parse`](Self::parse), its pairs turned into the crate's, which the
    /// lowering reads: pest's reading, the reference of the proofs.
    #[cfg(feature = "pest-reference")]
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
        const FTP: NameWord = NameWord::of(b"ftp");
        const GOPHER: NameWord = NameWord::of(b"gopher");
        const NEWS: NameWord = NameWord::of(b"news");
        const NNTP: NameWord = NameWord::of(b"nntp");
        const TELNET: NameWord = NameWord::of(b"telnet");
        const WAIS: NameWord = NameWord::of(b"wais");
        const FILE: NameWord = NameWord::of(b"file");
        const PROSPERO: NameWord = NameWord::of(b"prospero");
        let s = input.as_bytes();
        let head = NameWord::head(s);
        let is = |word: NameWord| word.starts(head);
        match s.first().map(|&byte| byte | 0x20) {
            Some(b'f') if is(FTP) => Rule::uri_ftp,
            Some(b'f') if is(FILE) => Rule::uri_file,
            Some(b'g') if is(GOPHER) => Rule::uri_gopher,
            Some(b'n') if is(NEWS) => Rule::uri_news,
            Some(b'n') if is(NNTP) => Rule::uri_nntp,
            Some(b't') if is(TELNET) => Rule::uri_telnet,
            Some(b'w') if is(WAIS) => Rule::uri_wais,
            Some(b'p') if is(PROSPERO) && s.get(8) == Some(&b':') => Rule::uri_prospero,
            _ => Rule::uri_absolute,
        }
    }
}

impl rfc2396::Rule {
    /// The RFC 2396 entry rule for `input`: uri(7)'s form of its scheme, if
    /// it has one, else the generic `absoluteURI`. The name is compared with
    /// the input's first eight bytes in one step (see [`NameWord`]): finding
    /// the ":" byte by byte ends in a branch that the varied lengths of
    /// names make hard to predict.
    pub(crate) fn entry_for(input: &str) -> rfc2396::Rule {
        use rfc2396::Rule;
        const MAN: NameWord = NameWord::of(b"man");
        const INFO: NameWord = NameWord::of(b"info");
        const WHATIS: NameWord = NameWord::of(b"whatis");
        const GHELP: NameWord = NameWord::of(b"ghelp");
        const LDAP: NameWord = NameWord::of(b"ldap");
        const HTTP: NameWord = NameWord::of(b"http");
        const FTP: NameWord = NameWord::of(b"ftp");
        const GOPHER: NameWord = NameWord::of(b"gopher");
        const MAILTO: NameWord = NameWord::of(b"mailto");
        const NEWS: NameWord = NameWord::of(b"news");
        const TELNET: NameWord = NameWord::of(b"telnet");
        const FILE: NameWord = NameWord::of(b"file");
        const WAIS: NameWord = NameWord::of(b"wais");
        let s = input.as_bytes();
        let head = NameWord::head(s);
        let is = |word: NameWord| word.starts(head);
        match s.first().map(|&byte| byte | 0x20) {
            Some(b'h') if is(HTTP) => Rule::uri_http,
            Some(b'f') if is(FTP) => Rule::uri_ftp,
            Some(b'f') if is(FILE) => Rule::uri_file,
            Some(b'm') if is(MAN) => Rule::uri_man,
            Some(b'm') if is(MAILTO) => Rule::uri_mailto,
            Some(b'n') if is(NEWS) => Rule::uri_news,
            Some(b'l') if is(LDAP) => Rule::uri_ldap,
            Some(b'i') if is(INFO) => Rule::uri_info,
            Some(b'g') if is(GOPHER) => Rule::uri_gopher,
            Some(b'g') if is(GHELP) => Rule::uri_ghelp,
            Some(b'w') if is(WHATIS) => Rule::uri_whatis,
            Some(b'w') if is(WAIS) => Rule::uri_wais,
            Some(b't') if is(TELNET) => Rule::uri_telnet,
            _ => Rule::uri_absolute,
        }
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
            #[cfg(feature = "pest-reference")]
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

#[cfg(test)]
mod tests {
    use super::{rfc2396, rfc3986};
    use crate::syntax::scheme::tests::naming;

    /// uri(7)'s forms (RFC 2396) and the later documents' (RFC 3986), by
    /// the scheme that names them.
    const RFC2396_FORMS: [(&str, rfc2396::Rule); 13] = [
        ("man", rfc2396::Rule::uri_man),
        ("info", rfc2396::Rule::uri_info),
        ("whatis", rfc2396::Rule::uri_whatis),
        ("ghelp", rfc2396::Rule::uri_ghelp),
        ("ldap", rfc2396::Rule::uri_ldap),
        ("http", rfc2396::Rule::uri_http),
        ("ftp", rfc2396::Rule::uri_ftp),
        ("gopher", rfc2396::Rule::uri_gopher),
        ("mailto", rfc2396::Rule::uri_mailto),
        ("news", rfc2396::Rule::uri_news),
        ("telnet", rfc2396::Rule::uri_telnet),
        ("file", rfc2396::Rule::uri_file),
        ("wais", rfc2396::Rule::uri_wais),
    ];
    const RFC3986_FORMS: [(&str, rfc3986::Rule); 8] = [
        ("ftp", rfc3986::Rule::uri_ftp),
        ("gopher", rfc3986::Rule::uri_gopher),
        ("news", rfc3986::Rule::uri_news),
        ("nntp", rfc3986::Rule::uri_nntp),
        ("telnet", rfc3986::Rule::uri_telnet),
        ("wais", rfc3986::Rule::uri_wais),
        ("file", rfc3986::Rule::uri_file),
        ("prospero", rfc3986::Rule::uri_prospero),
    ];

    /// Each of `forms` chosen by `entry_for` for the inputs its scheme
    /// names, and `absolute` for those that name none.
    fn chosen_by_scheme<R: Copy + PartialEq + std::fmt::Debug>(
        forms: &[(&str, R)],
        entry_for: fn(&str) -> R,
        absolute: R,
    ) {
        for &(name, rule) in forms {
            let (named, unnamed) = naming(name);
            for input in named {
                assert_eq!(entry_for(&input), rule, "{input:?}");
            }
            for input in unnamed {
                assert_eq!(entry_for(&input), absolute, "{input:?}");
            }
        }
    }

    #[test]
    fn each_form_is_chosen_by_its_scheme_alone() {
        chosen_by_scheme(
            &RFC2396_FORMS,
            rfc2396::Rule::entry_for,
            rfc2396::Rule::uri_absolute,
        );
        chosen_by_scheme(
            &RFC3986_FORMS,
            rfc3986::Rule::entry_for,
            rfc3986::Rule::uri_absolute,
        );
        for input in [
            "",
            ":",
            "https://host/",
            "urn:x",
            "prospero",
            "ldap",
            "\u{17f}tp:",
            // The case bit set on a byte that is no letter, where the ":" is.
            "ftp\u{1a}//h",
            "LDAP\u{1a}//h",
            "\0ftp:",
        ] {
            assert_eq!(rfc2396::Rule::entry_for(input), rfc2396::Rule::uri_absolute);
            assert_eq!(rfc3986::Rule::entry_for(input), rfc3986::Rule::uri_absolute);
        }
        // The forms of one document only.
        assert_eq!(
            rfc3986::Rule::entry_for("man:ls"),
            rfc3986::Rule::uri_absolute
        );
        assert_eq!(
            rfc2396::Rule::entry_for("nntp://h/g"),
            rfc2396::Rule::uri_absolute
        );
    }

    /// `build.rs`'s copy of each parser's `Rule`, which the builds without
    /// `pest-reference` use in place of pest's.
    #[cfg(feature = "pest-reference")]
    mod built {
        macro_rules! built {
            ($($module:ident),*) => {$(
                pub(super) mod $module {
                    include!(concat!(env!("OUT_DIR"), "/", stringify!($module), "_rule.rs"));
                }
            )*};
        }
        built!(rfc1738, draft07, rfc2396, rfc3986);
    }

    /// Each variant's name and number, `EOI` first.
    #[cfg(feature = "pest-reference")]
    fn numbered<R: std::fmt::Debug + Copy>(
        eoi: R,
        all: &[R],
        number: impl Fn(R) -> usize,
    ) -> Vec<(String, usize)> {
        std::iter::once(eoi)
            .chain(all.iter().copied())
            .map(|rule| (format!("{rule:?}"), number(rule)))
            .collect()
    }

    #[cfg(feature = "pest-reference")]
    #[test]
    fn the_built_rule_enums_are_pests() {
        macro_rules! same {
            ($($module:ident),*) => {$({
                use super::$module::Rule as Pests;
                use built::$module::Rule as Built;
                let pests = numbered(Pests::EOI, Pests::all_rules(), |rule| rule as usize);
                let built = numbered(Built::EOI, Built::all_rules(), |rule| rule as usize);
                assert!(pests.len() > 50, "{}: {}", stringify!($module), pests.len());
                assert_eq!(pests, built, "{}", stringify!($module));
                // Numbered in order from 0, so the derived orders agree too.
                assert!(built.iter().enumerate().all(|(i, (_, number))| i == *number));
            })*};
        }
        same!(rfc1738, draft07, rfc2396, rfc3986);
    }
}
