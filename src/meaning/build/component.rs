//! [`BuildComponent`]: the parts of a URL a builder can refuse, each with
//! the words its refusal names it by.

use std::fmt;

/// The part of a URL that a builder refused to write: what
/// [`BuildError::component`](super::BuildError::component) gives, and what
/// its message names in the words of [`as_str`](Self::as_str). It compares
/// equal to those words, either way round.
///
/// ```
/// use rfc1738::{BuildComponent, GopherUrl, Spec};
///
/// let err = GopherUrl::builder().host("h").gtype("7").search("a\tb").build(Spec::Rfc1738).unwrap_err();
/// assert_eq!(err.component(), BuildComponent::GopherSearch);
/// assert_eq!(err.component(), "gopher search");
/// assert_eq!("gopher search", err.component());
/// assert_eq!(err.component().to_string(), "gopher search");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BuildComponent {
    /// `"URL"`: the URL as a whole, asked for under RFC 2396 (which builders do
    /// not write by), or a text the builder wrote that its rule does not take.
    Url,
    /// `"ftp host"`: the host of an ftp URL: missing, or no `host`.
    FtpHost,
    /// `"ftp password"`: the password of an ftp URL, set without a user.
    FtpPassword,
    /// `"ftp path"`: the path of an ftp URL: directories without a file name after
    /// them.
    FtpPath,
    /// `"ftp type code"`: the type code of an ftp URL: without a path, or not A, I
    /// or D.
    FtpTypeCode,
    /// `"http host"`: the host of an http URL: missing, or no `host`.
    HttpHost,
    /// `"http search"`: the search of an http URL, set without a path.
    HttpSearch,
    /// `"gopher host"`: the host of a gopher URL: missing, or no `host`.
    GopherHost,
    /// `"gopher item type"`: the item type of a gopher URL: not one byte, or a TAB,
    /// CR or LF.
    GopherItemType,
    /// `"gopher selector"`: the selector of a gopher URL: without an item type, or
    /// holding a TAB, CR or LF.
    GopherSelector,
    /// `"gopher search"`: the search of a gopher URL: without an item type, or
    /// holding a TAB, CR or LF.
    GopherSearch,
    /// `"gopher+ string"`: the gopher+ string of a gopher URL: without an item
    /// type or a search, or holding a CR or LF.
    GopherPlusString,
    /// `"mailto address"`: the address of a mailto URL, empty or not set.
    MailtoAddress,
    /// `"news group part"`: what a news URL names, not set: all groups, a group or
    /// an article.
    NewsGroupPart,
    /// `"news group"`: the group of a news URL, which is no `group`.
    NewsGroup,
    /// `"news article"`: the article of a news URL, whose unique part is empty.
    NewsArticle,
    /// `"news article host"`: the host of a news URL's article, which is no `host`.
    NewsArticleHost,
    /// `"nntp host"`: the host of an nntp URL: missing, or no `host`.
    NntpHost,
    /// `"nntp group"`: the group of an nntp URL: missing, or no `group`.
    NntpGroup,
    /// `"nntp article"`: the article number of an nntp URL turned into a
    /// builder ([`NntpUrl::to_builder`](crate::NntpUrl::to_builder)), above
    /// the `u64` that the builder holds.
    NntpArticle,
    /// `"telnet host"`: the host of a telnet URL: missing, or no `host`.
    TelnetHost,
    /// `"telnet password"`: the password of a telnet URL, set without a user.
    TelnetPassword,
    /// `"wais host"`: the host of a wais URL: missing, or no `host`.
    WaisHost,
    /// `"file host"`: the host of a file URL: missing under draft-07, or no `host`.
    FileHost,
    /// `"file path"`: the path of a file URL, missing under RFC 1738.
    FilePath,
    /// `"prospero host"`: the host of a prospero URL: missing, or no `host`.
    ProsperoHost,
    /// `"prospero path"`: the path of a prospero URL, without a segment.
    ProsperoPath,
    /// `"scheme"`: the scheme of a generic URL: no `scheme`, or one with a rule of
    /// its own.
    Scheme,
    /// `"scheme part"`: the scheme part of a generic URL: not `*xchar` as written,
    /// or set both whole and as an `ip-schemepart`; or its `urlpath` as a
    /// parsed URL wrote it, which the specification built by does not take.
    SchemePart,
    /// `"ip-schemepart host"`: the host of a generic URL's `ip-schemepart`:
    /// missing, or no `host`.
    IpSchemepartHost,
    /// `"ip-schemepart password"`: the password of a generic URL's `ip-schemepart`,
    /// set without a user.
    IpSchemepartPassword,
    /// `"fragment"`: the fragment of a URL turned into a builder
    /// (`to_builder`, as [`FtpUrl::to_builder`](crate::FtpUrl::to_builder)):
    /// builders write no fragment.
    Fragment,
    /// `"port"`: the port of a URL turned into a builder (`to_builder`, as
    /// [`HttpUrl::to_builder`](crate::HttpUrl::to_builder)), above 65535,
    /// the largest that builders write.
    Port,
}

impl BuildComponent {
    /// The words that name the part in a [`BuildError`](super::BuildError)'s
    /// message, such as `"ftp host"`; `"URL"` for the URL as a whole.
    ///
    /// ```
    /// use rfc1738::BuildComponent;
    ///
    /// assert_eq!(BuildComponent::FtpHost.as_str(), "ftp host");
    /// assert_eq!(BuildComponent::Url.as_str(), "URL");
    /// ```
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            BuildComponent::Url => "URL",
            BuildComponent::FtpHost => "ftp host",
            BuildComponent::FtpPassword => "ftp password",
            BuildComponent::FtpPath => "ftp path",
            BuildComponent::FtpTypeCode => "ftp type code",
            BuildComponent::HttpHost => "http host",
            BuildComponent::HttpSearch => "http search",
            BuildComponent::GopherHost => "gopher host",
            BuildComponent::GopherItemType => "gopher item type",
            BuildComponent::GopherSelector => "gopher selector",
            BuildComponent::GopherSearch => "gopher search",
            BuildComponent::GopherPlusString => "gopher+ string",
            BuildComponent::MailtoAddress => "mailto address",
            BuildComponent::NewsGroupPart => "news group part",
            BuildComponent::NewsGroup => "news group",
            BuildComponent::NewsArticle => "news article",
            BuildComponent::NewsArticleHost => "news article host",
            BuildComponent::NntpHost => "nntp host",
            BuildComponent::NntpGroup => "nntp group",
            BuildComponent::NntpArticle => "nntp article",
            BuildComponent::TelnetHost => "telnet host",
            BuildComponent::TelnetPassword => "telnet password",
            BuildComponent::WaisHost => "wais host",
            BuildComponent::FileHost => "file host",
            BuildComponent::FilePath => "file path",
            BuildComponent::ProsperoHost => "prospero host",
            BuildComponent::ProsperoPath => "prospero path",
            BuildComponent::Scheme => "scheme",
            BuildComponent::SchemePart => "scheme part",
            BuildComponent::IpSchemepartHost => "ip-schemepart host",
            BuildComponent::IpSchemepartPassword => "ip-schemepart password",
            BuildComponent::Fragment => "fragment",
            BuildComponent::Port => "port",
        }
    }
}

/// The words of [`as_str`](BuildComponent::as_str).
///
/// ```
/// assert_eq!(rfc1738::BuildComponent::NntpGroup.to_string(), "nntp group");
/// ```
impl fmt::Display for BuildComponent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A part equals the words of [`as_str`](BuildComponent::as_str).
///
/// ```
/// assert!(rfc1738::BuildComponent::FilePath == *"file path");
/// ```
impl PartialEq<str> for BuildComponent {
    fn eq(&self, words: &str) -> bool {
        self.as_str() == words
    }
}

/// A part equals the words of [`as_str`](BuildComponent::as_str).
///
/// ```
/// assert_eq!(rfc1738::BuildComponent::WaisHost, "wais host");
/// ```
impl PartialEq<&str> for BuildComponent {
    fn eq(&self, words: &&str) -> bool {
        self.as_str() == *words
    }
}

/// Words equal a part whose [`as_str`](BuildComponent::as_str) they are.
impl PartialEq<BuildComponent> for str {
    fn eq(&self, part: &BuildComponent) -> bool {
        self == part.as_str()
    }
}

/// Words equal a part whose [`as_str`](BuildComponent::as_str) they are.
impl PartialEq<BuildComponent> for &str {
    fn eq(&self, part: &BuildComponent) -> bool {
        *self == part.as_str()
    }
}

#[cfg(test)]
mod tests {
    use super::BuildComponent;

    /// Every part, in the order of the enum.
    const EVERY_PART: &[BuildComponent] = &[
        BuildComponent::Url,
        BuildComponent::FtpHost,
        BuildComponent::FtpPassword,
        BuildComponent::FtpPath,
        BuildComponent::FtpTypeCode,
        BuildComponent::HttpHost,
        BuildComponent::HttpSearch,
        BuildComponent::GopherHost,
        BuildComponent::GopherItemType,
        BuildComponent::GopherSelector,
        BuildComponent::GopherSearch,
        BuildComponent::GopherPlusString,
        BuildComponent::MailtoAddress,
        BuildComponent::NewsGroupPart,
        BuildComponent::NewsGroup,
        BuildComponent::NewsArticle,
        BuildComponent::NewsArticleHost,
        BuildComponent::NntpHost,
        BuildComponent::NntpGroup,
        BuildComponent::NntpArticle,
        BuildComponent::TelnetHost,
        BuildComponent::TelnetPassword,
        BuildComponent::WaisHost,
        BuildComponent::FileHost,
        BuildComponent::FilePath,
        BuildComponent::ProsperoHost,
        BuildComponent::ProsperoPath,
        BuildComponent::Scheme,
        BuildComponent::SchemePart,
        BuildComponent::IpSchemepartHost,
        BuildComponent::IpSchemepartPassword,
        BuildComponent::Fragment,
        BuildComponent::Port,
    ];

    #[test]
    fn no_two_parts_share_their_words() {
        let mut words: Vec<&str> = EVERY_PART.iter().map(|part| part.as_str()).collect();
        words.sort_unstable();
        words.dedup();
        assert_eq!(words.len(), EVERY_PART.len());
    }

    #[test]
    fn a_part_equals_its_words_and_no_other() {
        for part in EVERY_PART {
            assert_eq!(*part, part.as_str());
            assert_eq!(part.to_string(), part.as_str());
            assert!(*part != *"ftp");
        }
    }
}
