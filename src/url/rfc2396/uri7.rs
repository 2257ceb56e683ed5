//! The documentation schemes of uri(7) under RFC 2396: `man:`, `info:` (in
//! GNOME's and KDE's forms), `whatis:` and `ghelp:`.

use std::borrow::Cow;

use crate::syntax::pairs::Pair;

use crate::syntax::decode::percent_decode_lossy as decoded;
use crate::syntax::grammar::{Node, SpecRule};
use crate::url::schemes::components::{Component, ComponentValue};

/// Hands every named rule of a parse, outermost first, to `keep`.
pub(crate) fn visit<'a, R: SpecRule>(pair: Pair<'a, R>, keep: &mut impl FnMut(Node, &Pair<'a, R>)) {
    pair.for_each_within(|pair| {
        if let Some(node) = pair.as_rule().node() {
            keep(node, pair);
        }
    });
}

/// The accessors the uri(7) schemes share: the text, the scheme as written,
/// and the fragment kept apart.
macro_rules! uri7_accessors {
    ($type:ident, $variant:ident, $sample:literal) => {
        impl<'a> $type<'a> {
            #[doc = concat!(
                "The whole URI reference, as written.\n\n```\n",
                "use rfc1738::{Spec, Url};\n\n",
                "let Url::", stringify!($variant), "(uri) = Url::parse_with(\"", $sample,
                "\", Spec::Rfc2396).unwrap() else { unreachable!() };\n",
                "assert_eq!(uri.as_str(), \"", $sample, "\");\n```"
            )]
            pub fn as_str(&self) -> &'a str {
                self.text
            }

            #[doc = concat!(
                "The scheme as written, before the first `:`.\n\n```\n",
                "use rfc1738::{Spec, Url};\n\n",
                "let input = \"", $sample, "\".to_ascii_uppercase();\n",
                "let Url::", stringify!($variant), "(uri) = Url::parse_with(&input, Spec::Rfc2396)",
                ".unwrap() else { unreachable!() };\n",
                "assert_eq!(uri.scheme(), input.split(':').next().unwrap());\n```"
            )]
            pub fn scheme(&self) -> &'a str {
                self.text.split_once(':').map_or(self.text, |(scheme, _)| scheme)
            }

            #[doc = concat!(
                "The fragment after `#`, kept apart from the URI.\n\n```\n",
                "use rfc1738::{Spec, Url};\n\n",
                "let input = \"", $sample, "#part\";\n",
                "let Url::", stringify!($variant), "(uri) = Url::parse_with(input, Spec::Rfc2396)",
                ".unwrap() else { unreachable!() };\n",
                "assert_eq!(uri.fragment(), Some(\"part\"));\n```"
            )]
            pub fn fragment(&self) -> Option<&'a str> {
                self.fragment
            }

            /// The specification it was parsed by: always RFC 2396, whose
            /// syntax uri(7) quotes.
            pub fn spec(&self) -> $crate::syntax::spec::Spec {
                $crate::syntax::spec::Spec::Rfc2396
            }
        }

        impl std::fmt::Display for $type<'_> {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.text)
            }
        }
    };
}
pub(crate) use uri7_accessors;

/// `man:command-name`, `man:command-name(section)` or `man:(index)`: a local
/// manual page (uri(7)).
///
/// ```
/// use rfc1738::{Spec, Url};
///
/// let parsed = Url::parse_with("man:ls(1)", Spec::Rfc2396)?;
/// let man = parsed.as_man().unwrap();
/// assert_eq!((man.name(), man.section()), (Some("ls"), Some("1")));
/// let parsed = Url::parse_with("man:(index)", Spec::Rfc2396)?;
/// let index = parsed.as_man().unwrap();
/// assert!(index.is_index());
/// # Ok::<(), rfc1738::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ManUri<'a> {
    pub(crate) text: &'a str,
    pub(crate) name: Option<&'a str>,
    pub(crate) section: Option<&'a str>,
    pub(crate) fragment: Option<&'a str>,
}

uri7_accessors!(ManUri, Man, "man:ls(1)");

impl<'a> ManUri<'a> {
    pub(crate) fn lower<R: SpecRule>(text: &'a str, pair: Pair<'a, R>) -> ManUri<'a> {
        let mut uri = ManUri {
            text,
            name: None,
            section: None,
            fragment: None,
        };
        visit(pair, &mut |node, part| match (node, part.as_str()) {
            (Node::man_name, part) => uri.name = Some(part),
            (Node::man_section, part) => uri.section = Some(part),
            (Node::fragment, part) => uri.fragment = Some(part),
            _ => {}
        });
        uri
    }

    /// The command name as written; `None` for `man:(index)`.
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let parsed = Url::parse_with("man:git-log", Spec::Rfc2396).unwrap();
    /// let man = parsed.as_man().unwrap();
    /// assert_eq!(man.name(), Some("git-log"));
    /// ```
    #[must_use]
    pub fn name(&self) -> Option<&'a str> {
        self.name
    }

    /// The command name with its escapes decoded.
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let parsed = Url::parse_with("man:%6Cs", Spec::Rfc2396).unwrap();
    /// let man = parsed.as_man().unwrap();
    /// assert_eq!(man.decoded_name().as_deref(), Some("ls"));
    /// ```
    pub fn decoded_name(&self) -> Option<Cow<'a, str>> {
        self.name.map(decoded)
    }

    /// The section in parentheses, if there is one ("1", "3p").
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let parsed = Url::parse_with("man:ls", Spec::Rfc2396).unwrap();
    /// let man = parsed.as_man().unwrap();
    /// assert_eq!(man.section(), None);
    /// ```
    #[must_use]
    pub fn section(&self) -> Option<&'a str> {
        self.section
    }

    /// Whether this is `man:(index)`, KDE's list of manual pages.
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let parsed = Url::parse_with("man:ls(1)", Spec::Rfc2396).unwrap();
    /// let man = parsed.as_man().unwrap();
    /// assert!(!man.is_index());
    /// ```
    #[must_use]
    pub fn is_index(&self) -> bool {
        self.name.is_none()
    }
}

/// Which desktop's form an info URI is written in; they "do not accept the
/// other's syntax" (uri(7)).
///
/// ```
/// use rfc1738::{InfoForm, Spec, Url};
///
/// let parsed = Url::parse_with("info:(gcc)", Spec::Rfc2396).unwrap();
/// let info = parsed.as_info().unwrap();
/// assert_eq!(info.form(), InfoForm::Kde);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum InfoForm {
    /// `info:virtual-filename#nodename`: the node is the fragment, with `_`
    /// for each space.
    Gnome,
    /// `info:(virtual-filename)nodename`: the node follows the parenthesis,
    /// with its spaces (which RFC 2396 wants written `%20`).
    Kde,
}

/// `info:virtual-filename[#nodename]` (GNOME) or
/// `info:(virtual-filename)[nodename]` (KDE): a page of an info manual
/// (uri(7)). Without a node name, the node is "Top".
///
/// ```
/// use rfc1738::{InfoForm, Spec, Url};
///
/// let parsed = Url::parse_with("info:gcc#G++_and_GCC", Spec::Rfc2396)?;
/// let gnome = parsed.as_info().unwrap();
/// assert_eq!((gnome.file(), gnome.form()), ("gcc", InfoForm::Gnome));
/// assert_eq!(gnome.node_name(), "G++ and GCC");
/// let parsed = Url::parse_with("info:(gcc)G++%20and%20GCC", Spec::Rfc2396)?;
/// let kde = parsed.as_info().unwrap();
/// assert_eq!(kde.node_name(), "G++ and GCC");
/// let parsed = Url::parse_with("info:gcc", Spec::Rfc2396)?;
/// let top = parsed.as_info().unwrap();
/// assert_eq!(top.node_name(), "Top");
/// # Ok::<(), rfc1738::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct InfoUri<'a> {
    pub(crate) text: &'a str,
    pub(crate) form: InfoForm,
    pub(crate) file: &'a str,
    pub(crate) node: Option<&'a str>,
    pub(crate) fragment: Option<&'a str>,
}

uri7_accessors!(InfoUri, Info, "info:gcc");

impl<'a> InfoUri<'a> {
    pub(crate) fn lower<R: SpecRule>(text: &'a str, pair: Pair<'a, R>) -> InfoUri<'a> {
        let mut uri = InfoUri {
            text,
            form: InfoForm::Gnome,
            file: "",
            node: None,
            fragment: None,
        };
        visit(pair, &mut |node, part| match (node, part.as_str()) {
            (Node::info_kde, _) => uri.form = InfoForm::Kde,
            (Node::info_file, part) => uri.file = part,
            (Node::info_node, part) if !part.is_empty() => uri.node = Some(part),
            (Node::fragment, part) => uri.fragment = Some(part),
            _ => {}
        });
        uri
    }

    /// GNOME's form or KDE's.
    ///
    /// ```
    /// use rfc1738::{InfoForm, Spec, Url};
    ///
    /// let parsed = Url::parse_with("info:gcc", Spec::Rfc2396).unwrap();
    /// let info = parsed.as_info().unwrap();
    /// assert_eq!(info.form(), InfoForm::Gnome);
    /// ```
    #[must_use]
    pub fn form(&self) -> InfoForm {
        self.form
    }

    /// The virtual file name as written (`gcc`).
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let parsed = Url::parse_with("info:(dir)", Spec::Rfc2396).unwrap();
    /// let info = parsed.as_info().unwrap();
    /// assert_eq!(info.file(), "dir");
    /// ```
    #[must_use]
    pub fn file(&self) -> &'a str {
        self.file
    }

    /// The node name as written: the fragment in GNOME's form, the text after
    /// the parenthesis in KDE's; `None` when there is none.
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let parsed = Url::parse_with("info:gcc#G++_and_GCC", Spec::Rfc2396).unwrap();
    /// let info = parsed.as_info().unwrap();
    /// assert_eq!(info.node(), Some("G++_and_GCC"));
    /// ```
    #[must_use]
    pub fn node(&self) -> Option<&'a str> {
        match self.form {
            InfoForm::Gnome => self.fragment.filter(|node| !node.is_empty()),
            InfoForm::Kde => self.node,
        }
    }

    /// The node the URI names: escapes decoded, GNOME's underscores read as
    /// spaces, and "Top" when no node is named ("if the form without the
    /// nodename is used the nodename is assumed to be Top").
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let parsed = Url::parse_with("info:(gcc)", Spec::Rfc2396).unwrap();
    /// let info = parsed.as_info().unwrap();
    /// assert_eq!(info.node_name(), "Top");
    /// ```
    #[must_use]
    pub fn node_name(&self) -> Cow<'a, str> {
        match (self.node(), self.form) {
            (None, _) => Cow::Borrowed("Top"),
            (Some(node), InfoForm::Kde) => decoded(node),
            (Some(node), InfoForm::Gnome) => Cow::Owned(decoded(node).replace('_', " ")),
        }
    }
}

/// `whatis:string`: a search of the one-line descriptions of commands
/// (uri(7), whatis(1)).
///
/// ```
/// use rfc1738::{Spec, Url};
///
/// let parsed = Url::parse_with("whatis:copy%20files", Spec::Rfc2396)?;
/// let whatis = parsed.as_whatis().unwrap();
/// assert_eq!(whatis.string(), "copy%20files");
/// assert_eq!(whatis.decoded_string(), "copy files");
/// # Ok::<(), rfc1738::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WhatisUri<'a> {
    pub(crate) text: &'a str,
    pub(crate) string: &'a str,
    pub(crate) fragment: Option<&'a str>,
}

uri7_accessors!(WhatisUri, Whatis, "whatis:ls");

impl<'a> WhatisUri<'a> {
    pub(crate) fn lower<R: SpecRule>(text: &'a str, pair: Pair<'a, R>) -> WhatisUri<'a> {
        let mut uri = WhatisUri {
            text,
            string: "",
            fragment: None,
        };
        visit(pair, &mut |node, part| match (node, part.as_str()) {
            (Node::whatis_string, part) => uri.string = part,
            (Node::fragment, part) => uri.fragment = Some(part),
            _ => {}
        });
        uri
    }

    /// The search string as written.
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let parsed = Url::parse_with("whatis:ls", Spec::Rfc2396).unwrap();
    /// let w = parsed.as_whatis().unwrap();
    /// assert_eq!(w.string(), "ls");
    /// ```
    #[must_use]
    pub fn string(&self) -> &'a str {
        self.string
    }

    /// The search string with its escapes decoded.
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let parsed = Url::parse_with("whatis:%6Cs", Spec::Rfc2396).unwrap();
    /// let w = parsed.as_whatis().unwrap();
    /// assert_eq!(w.decoded_string(), "ls");
    /// ```
    #[must_use]
    pub fn decoded_string(&self) -> Cow<'a, str> {
        decoded(self.string)
    }
}

/// `ghelp:name-of-application`: GNOME's help for an application (uri(7)).
///
/// ```
/// use rfc1738::{Spec, Url};
///
/// let parsed = Url::parse_with("ghelp:gnome-terminal", Spec::Rfc2396)?;
/// let ghelp = parsed.as_ghelp().unwrap();
/// assert_eq!(ghelp.application(), "gnome-terminal");
/// # Ok::<(), rfc1738::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GhelpUri<'a> {
    pub(crate) text: &'a str,
    pub(crate) application: &'a str,
    pub(crate) fragment: Option<&'a str>,
}

uri7_accessors!(GhelpUri, Ghelp, "ghelp:gedit");

impl<'a> GhelpUri<'a> {
    pub(crate) fn lower<R: SpecRule>(text: &'a str, pair: Pair<'a, R>) -> GhelpUri<'a> {
        let mut uri = GhelpUri {
            text,
            application: "",
            fragment: None,
        };
        visit(pair, &mut |node, part| match (node, part.as_str()) {
            (Node::ghelp_name, part) => uri.application = part,
            (Node::fragment, part) => uri.fragment = Some(part),
            _ => {}
        });
        uri
    }

    /// The application's name as written.
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let parsed = Url::parse_with("ghelp:gedit", Spec::Rfc2396).unwrap();
    /// let g = parsed.as_ghelp().unwrap();
    /// assert_eq!(g.application(), "gedit");
    /// ```
    #[must_use]
    pub fn application(&self) -> &'a str {
        self.application
    }

    /// Every component, by its accessor's name: the application alone (the
    /// fragment is every URI's, see `fragment`).
    ///
    /// ```
    /// use rfc1738::{ComponentValue, Spec, Url};
    ///
    /// let parsed = Url::parse_with("ghelp:gedit", Spec::Rfc2396).unwrap();
    /// let g = parsed.as_ghelp().unwrap();
    /// let values: Vec<ComponentValue> = g.components().map(|c| c.value).collect();
    /// assert_eq!(values, [ComponentValue::Text("gedit")]);
    /// ```
    pub fn components(&self) -> impl Iterator<Item = Component<'a>> + use<'a> {
        [Component {
            name: "application",
            value: ComponentValue::Text(self.application),
        }]
        .into_iter()
    }
}
