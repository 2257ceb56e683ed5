//! The typed views of RFC 1738's schemes, one file per scheme, the `login`
//! they share (§3.1) and the listing of components by name: each type, its
//! lowering from the grammar's parse, its accessors and its scheme's meaning
//! (ftp commands, gopher request bytes).
//!
//! May import: `crate::syntax`.

pub(crate) mod components;
pub(crate) mod file;
pub(crate) mod ftp;
pub(crate) mod generic;
pub(crate) mod gopher;
pub(crate) mod http;
pub(crate) mod login;
pub(crate) mod mailto;
pub(crate) mod news;
pub(crate) mod nntp;
pub(crate) mod prospero;
pub(crate) mod telnet;
pub(crate) mod wais;

/// The text before the first `:` (all of it without one): a URL's scheme.
pub(crate) fn before_colon(text: &str) -> &str {
    // A byte loop: the scheme is a few bytes, too few for memchr.
    let colon = text.bytes().position(|byte| byte == b':');
    colon.map_or(text, |colon| &text[..colon])
}

/// The accessors every scheme's URL type shares, and its `Display`; `$sample`
/// is a URL of that type for the examples.
macro_rules! common_accessors {
    ($type:ident, $variant:ident, $sample:literal) => {
        impl<'a> $type<'a> {
            #[doc = concat!(
                "The whole URL, as written.\n\n```\n",
                "let rfc1738::Url::", stringify!($variant), "(url) = rfc1738::Url::parse(\"", $sample,
                "\").unwrap() else { unreachable!() };\n",
                "assert_eq!(url.as_str(), \"", $sample, "\");\n",
                "assert_eq!(url.to_string(), \"", $sample, "\");\n```"
            )]
            pub fn as_str(&self) -> &'a str {
                self.text
            }

            #[doc = concat!(
                "The scheme as written, before the first `:` (in any case).\n\n```\n",
                "let input = \"", $sample, "\".to_ascii_uppercase();\n",
                "let rfc1738::Url::", stringify!($variant), "(url) = rfc1738::Url::parse(&input)",
                ".unwrap() else { unreachable!() };\n",
                "assert_eq!(url.scheme(), input.split(':').next().unwrap());\n```"
            )]
            pub fn scheme(&self) -> &'a str {
                $crate::url::schemes::before_colon(self.text)
            }

            #[doc = concat!(
                "The specification the URL was parsed by.\n\n```\n",
                "use rfc1738::{Spec, Url};\n\n",
                "let Url::", stringify!($variant), "(url) = Url::parse_with(\"", $sample,
                "\", Spec::Draft07).unwrap() else { unreachable!() };\n",
                "assert_eq!(url.spec(), Spec::Draft07);\n```"
            )]
            pub fn spec(&self) -> $crate::syntax::spec::Spec {
                self.spec
            }
        }

        impl std::fmt::Display for $type<'_> {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.text)
            }
        }
    };
}
pub(crate) use common_accessors;
