//! Conforming URLs for fuzzing, derived from the grammar itself (see
//! `derive`) and read back by it, under every specification; and
//! near-misses, one edit away from a conforming URL.

use arbitrary::{Arbitrary, Result, Unstructured};

use crate::syntax::error::ParseError;
use crate::syntax::expressions::Expressions;
use crate::syntax::grammar::{SpecRule, draft07, rfc1738, rfc2396, rfc3986};
use crate::syntax::scheme::Scheme;
use crate::syntax::spec::Spec;
use crate::url::Url;
use crate::uses::derive::{derive, hash, seed};

/// What a near-miss's edit may put into a URL: every printable ASCII
/// character, a space, a non-ASCII letter and broken escapes.
const EDITS: [&str; 42] = [
    " ", "!", "\"", "#", "$", "%", "&", "'", "(", ")", "*", "+", ",", "-", ".", "/", "0", "9", ":",
    ";", "<", "=", ">", "?", "@", "A", "Z", "[", "\\", "]", "^", "_", "`", "a", "z", "{", "|", "}",
    "~", "é", "%4", "%G0",
];

/// How many derivations [`GeneratedUrl::generate`] tries before it gives up.
const DERIVATION_TRIES: u64 = 16;

/// How many edits [`near_miss`] tries before it gives up on a URL.
const NEAR_MISS_TRIES: usize = 1000;

/// `valid` with one edit (a character inserted, deleted or replaced) that
/// makes it invalid under `spec`, and the error it raises: a near-miss, with
/// the offset and the rules a strict parser must report, for a campaign
/// against another parser (as `rfc1738 gen --invalid` writes them).
///
/// `random(n)` gives a number below `n` (`fastrand::Rng::usize(..n)`, say):
/// the same numbers give the same near-miss. `None` when no edit tried makes
/// the URL invalid.
///
/// ```
/// use rfc1738::{Spec, Url, near_miss};
///
/// let mut state = 7_u64;
/// let random = |below: usize| {
///     state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
///     (state >> 33) as usize % below
/// };
/// let (url, error) = near_miss("ftp://host/file", Spec::Rfc1738, random).unwrap();
/// assert_eq!(Url::parse(&url).unwrap_err(), error);
/// ```
pub fn near_miss(
    valid: &str,
    spec: Spec,
    mut random: impl FnMut(usize) -> usize,
) -> Option<(String, ParseError)> {
    let chars: Vec<char> = valid.chars().collect();
    for _ in 0..NEAR_MISS_TRIES {
        let at = random(chars.len() + 1);
        let piece = EDITS[random(EDITS.len())];
        let mut edited: String = chars[..at].iter().collect();
        match random(3) {
            0 => {
                edited.push_str(piece);
                edited.extend(&chars[at..]);
            }
            1 if at < chars.len() => edited.extend(&chars[at + 1..]),
            _ if at < chars.len() => {
                edited.push_str(piece);
                edited.extend(&chars[at + 1..]);
            }
            _ => continue,
        }
        if let Err(error) = Url::parse_with(&edited, spec) {
            return Some((edited, error));
        }
    }
    None
}

/// A URL that conforms to its specification: a random derivation of the
/// grammar's rule for its scheme, which the grammar has read back, so that
/// it parses (under `spec`, as a URL of `scheme`) whatever the fuzzer's
/// bytes.
///
/// ```
/// use arbitrary::{Arbitrary, Unstructured};
/// use rfc1738::GeneratedUrl;
///
/// let bytes = [7u8; 64];
/// let generated = GeneratedUrl::arbitrary(&mut Unstructured::new(&bytes)).unwrap();
/// let url = generated.url();
/// assert_eq!(url.as_str(), generated.as_str());
/// assert_eq!(url.known_scheme(), generated.scheme());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GeneratedUrl {
    spec: Spec,
    scheme: Option<Scheme>,
    text: String,
}

impl GeneratedUrl {
    /// A URL of `scheme` (`None`: a generic URL of another scheme) that
    /// conforms to `spec`: a random derivation of the grammar's rule for
    /// the scheme, read back by the grammar (a look-ahead or an ordered
    /// choice may refuse a derivation; up to sixteen are tried). Under
    /// [`Spec::Rfc3986`] http and mailto are URIs of the generic syntax with
    /// that name; under [`Spec::Rfc2396`] each is uri(7)'s form of `scheme`
    /// (`None`: the man, info, whatis, ghelp or ldap form, or a URI of
    /// another scheme).
    ///
    /// # Errors
    ///
    /// `arbitrary::Error::IncorrectFormat` under RFC 2396 for nntp and
    /// prospero, of which uri(7) gives no form, and when none of the sixteen
    /// derivations conforms (other bytes may do).
    ///
    /// ```
    /// use arbitrary::Unstructured;
    /// use rfc1738::{GeneratedUrl, Scheme, Spec};
    ///
    /// let mut u = Unstructured::new(b"fuzzer bytes");
    /// let generated = GeneratedUrl::generate(&mut u, Spec::Draft07, Some(Scheme::Gopher)).unwrap();
    /// assert!(generated.as_str().starts_with("gopher://"));
    /// let mut u = Unstructured::new(b"more fuzzer bytes");
    /// let generated = GeneratedUrl::generate(&mut u, Spec::Rfc3986, Some(Scheme::Ftp)).unwrap();
    /// assert!(generated.url().as_ftp().is_some());
    /// let mut u = Unstructured::new(b"bytes for an ldap filter, say");
    /// let generated = GeneratedUrl::generate(&mut u, Spec::Rfc2396, None).unwrap();
    /// assert_eq!(generated.url().known_scheme(), None);
    /// let mut u = Unstructured::new(b"");
    /// assert!(GeneratedUrl::generate(&mut u, Spec::Rfc2396, Some(Scheme::Nntp)).is_err());
    /// ```
    pub fn generate(
        u: &mut Unstructured<'_>,
        spec: Spec,
        scheme: Option<Scheme>,
    ) -> Result<GeneratedUrl> {
        match spec {
            Spec::Rfc1738 => Self::derived(u, spec, rfc1738::Rule::entry(scheme), None, scheme),
            Spec::Draft07 => Self::derived(u, spec, draft07::Rule::entry(scheme), None, scheme),
            Spec::Rfc3986 => {
                use rfc3986::Rule;
                let (entry, named) = match scheme {
                    None => (Rule::uri_absolute, None),
                    Some(known) => match Rule::entry_for(&format!("{}:", known.name())) {
                        // http and mailto have no form of their own here:
                        // a URI of the generic syntax with their name.
                        Rule::uri_absolute => {
                            (Rule::uri_absolute, Some((Rule::scheme, known.name())))
                        }
                        form => (form, None),
                    },
                };
                Self::derived(u, spec, entry, named, scheme)
            }
            Spec::Rfc2396 => {
                use rfc2396::Rule;
                let entry = match scheme {
                    None => *u.choose(&[
                        Rule::uri_man,
                        Rule::uri_info,
                        Rule::uri_whatis,
                        Rule::uri_ghelp,
                        Rule::uri_ldap,
                        Rule::uri_absolute,
                    ])?,
                    Some(known) => match Rule::entry_for(&format!("{}:", known.name())) {
                        // uri(7) gives nntp and prospero no form.
                        Rule::uri_absolute => return Err(arbitrary::Error::IncorrectFormat),
                        form => form,
                    },
                };
                Self::derived(u, spec, entry, None, scheme)
            }
        }
    }

    /// A URL of the scheme called `name`, that conforms to `spec`: for a
    /// known scheme's name, what [`generate`](GeneratedUrl::generate) gives
    /// for it; under [`Spec::Rfc2396`], for man, info, whatis, ghelp and
    /// ldap, uri(7)'s form of it; and for any other name of the
    /// specification's `scheme` rule ([`Spec::is_scheme_name`]), a URL of
    /// the generic form (RFC 1738's `genericurl`, RFC 2396's `absoluteURI`,
    /// RFC 3986's `URI`) with that name written as it is given. The name is
    /// compared with the known schemes and uri(7)'s forms ignoring case, and
    /// their URLs have their scheme in the letters the derivation writes
    /// (mostly lower case, as `generate`'s do). [`scheme`](GeneratedUrl::scheme)
    /// is the known scheme, `None` for any other name (an LDAP URL too, as
    /// [`Url::known_scheme`] says).
    ///
    /// # Errors
    ///
    /// `arbitrary::Error::IncorrectFormat` for a name that is no scheme's
    /// name under `spec`, for nntp and prospero under RFC 2396 (as
    /// [`generate`](GeneratedUrl::generate)), and when none of the sixteen
    /// derivations conforms (other bytes may do). The error does not tell
    /// the first two from the last: a caller that tries other bytes on it
    /// checks the name first ([`Spec::is_scheme_name`]).
    ///
    /// ```
    /// use arbitrary::Unstructured;
    /// use rfc1738::{GeneratedUrl, Spec, Url};
    ///
    /// let mut u = Unstructured::new(b"an ldap URL, filter and all");
    /// let generated = GeneratedUrl::generate_named(&mut u, Spec::Rfc2396, "ldap").unwrap();
    /// assert!(matches!(generated.url(), Url::Ldap(_)));
    /// let mut u = Unstructured::new(b"any bytes");
    /// let generated = GeneratedUrl::generate_named(&mut u, Spec::Rfc3986, "https").unwrap();
    /// assert!(generated.as_str().starts_with("https:"));
    /// let mut u = Unstructured::new(b"any bytes");
    /// assert!(GeneratedUrl::generate_named(&mut u, Spec::Rfc1738, "no scheme").is_err());
    /// ```
    pub fn generate_named(
        u: &mut Unstructured<'_>,
        spec: Spec,
        name: &str,
    ) -> Result<GeneratedUrl> {
        if let Some(known) = Scheme::from_name(name) {
            return GeneratedUrl::generate(u, spec, Some(known));
        }
        if !spec.is_scheme_name(name) {
            return Err(arbitrary::Error::IncorrectFormat);
        }
        match spec {
            Spec::Rfc1738 => {
                use rfc1738::Rule;
                Self::derived(u, spec, Rule::entry(None), Some((Rule::scheme, name)), None)
            }
            Spec::Draft07 => {
                use draft07::Rule;
                Self::derived(u, spec, Rule::entry(None), Some((Rule::scheme, name)), None)
            }
            Spec::Rfc2396 => {
                use rfc2396::Rule;
                match Rule::entry_for(&format!("{name}:")) {
                    Rule::uri_absolute => Self::derived(
                        u,
                        spec,
                        Rule::uri_absolute,
                        Some((Rule::scheme, name)),
                        None,
                    ),
                    // uri(7)'s form of the name (its letters' case derived).
                    form => Self::derived(u, spec, form, None, None),
                }
            }
            Spec::Rfc3986 => {
                use rfc3986::Rule;
                Self::derived(
                    u,
                    spec,
                    Rule::uri_absolute,
                    Some((Rule::scheme, name)),
                    None,
                )
            }
        }
    }

    /// A derivation of `entry` (see [`derive()`]), read back by the grammar
    /// until one conforms to `spec` as a URL of `scheme` (a look-ahead or an
    /// ordered choice may refuse a derivation).
    fn derived<R: Expressions>(
        u: &mut Unstructured<'_>,
        spec: Spec,
        entry: R,
        named: Option<(R, &str)>,
        scheme: Option<Scheme>,
    ) -> Result<GeneratedUrl> {
        let hash = hash(u.peek_bytes(u.len()).unwrap_or_default());
        for attempt in 0..DERIVATION_TRIES {
            let text = derive(entry, named, u, seed(hash, attempt))?;
            // A name the caller chose is written as the scheme's text; the
            // URL read back must have it as its scheme.
            let conforms = Url::parse_with(&text, spec).is_ok_and(|url| {
                url.known_scheme() == scheme
                    && named.is_none_or(|(_, name)| url.scheme().eq_ignore_ascii_case(name))
            });
            if conforms {
                return Ok(GeneratedUrl { spec, scheme, text });
            }
        }
        Err(arbitrary::Error::IncorrectFormat)
    }

    /// The URL's text.
    ///
    /// ```
    /// # use arbitrary::{Arbitrary, Unstructured};
    /// let generated = rfc1738::GeneratedUrl::arbitrary(&mut Unstructured::new(&[])).unwrap();
    /// assert!(generated.as_str().contains(':'));
    /// ```
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The specification it conforms to.
    ///
    /// ```
    /// # use arbitrary::{Arbitrary, Unstructured};
    /// let generated = rfc1738::GeneratedUrl::arbitrary(&mut Unstructured::new(&[1, 2, 3])).unwrap();
    /// assert!(rfc1738::Url::parse_with(generated.as_str(), generated.spec()).is_ok());
    /// ```
    #[must_use]
    pub fn spec(&self) -> Spec {
        self.spec
    }

    /// Its known scheme, or `None` for a generic URL.
    ///
    /// ```
    /// # use arbitrary::{Arbitrary, Unstructured};
    /// let generated = rfc1738::GeneratedUrl::arbitrary(&mut Unstructured::new(&[0; 8])).unwrap();
    /// assert_eq!(generated.url().known_scheme(), generated.scheme());
    /// ```
    #[must_use]
    pub fn scheme(&self) -> Option<Scheme> {
        self.scheme
    }

    /// The URL, parsed.
    ///
    /// ```
    /// # use arbitrary::{Arbitrary, Unstructured};
    /// let generated = rfc1738::GeneratedUrl::arbitrary(&mut Unstructured::new(b"abc")).unwrap();
    /// assert_eq!(generated.url().spec(), generated.spec());
    /// ```
    #[must_use]
    pub fn url(&self) -> Url<'_> {
        Url::parse_with(&self.text, self.spec)
            .expect("a generated URL conforms to its specification")
    }
}

impl<'a> Arbitrary<'a> for GeneratedUrl {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<GeneratedUrl> {
        let spec = *u.choose(&Spec::SECTION5)?;
        let scheme = match u.int_in_range(0..=Scheme::ALL.len())? {
            index if index < Scheme::ALL.len() => Some(Scheme::ALL[index]),
            _ => None,
        };
        GeneratedUrl::generate(u, spec, scheme)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::syntax::grammar::{Node, SpecRule, draft07, rfc1738, rfc2396, rfc3986};

    /// The rules of `R`'s grammar that no tree of 300 URLs of each scheme
    /// (and 300 generic ones), generated under `spec` from fixed bytes, holds.
    fn rules_never_generated<R: SpecRule>(spec: Spec, rules: &[R]) -> Vec<&'static str> {
        let mut rng = fastrand::Rng::with_seed(1738);
        let mut read = BTreeSet::new();
        let schemes = Scheme::ALL.iter().copied().map(Some).chain([None]);
        for scheme in schemes {
            for _ in 0..300 {
                let bytes: Vec<u8> = (0..512).map(|_| rng.u8(..)).collect();
                let generated =
                    match GeneratedUrl::generate(&mut Unstructured::new(&bytes), spec, scheme) {
                        Ok(generated) => generated,
                        // uri(7) gives nntp and prospero no form, and a
                        // derivation from the grammar may not conform.
                        Err(arbitrary::Error::IncorrectFormat) if spec == Spec::Rfc2396 => {
                            continue;
                        }
                        Err(error) => panic!("512 bytes make a URL: {error}"),
                    };
                // Every tree: RFC 2396 reads a fragment after the URI.
                for tree in generated.url().syntax_trees() {
                    read.extend(tree.walk().map(|(_, node)| node.rule().0));
                }
            }
        }
        rules
            .iter()
            .filter_map(|rule| rule.node())
            .filter(|node| !read.contains(node))
            .map(Node::pest_name)
            .collect()
    }

    /// A URL generated for a name has that scheme and conforms, under every
    /// specification; a name that no `scheme` rule reads, and uri(7)'s
    /// missing forms, give none.
    #[test]
    fn a_named_scheme_gives_urls_of_that_scheme() {
        let mut rng = fastrand::Rng::with_seed(1994);
        let names = [
            "ldap", "man", "info", "ghelp", "whatis", "https", "x-y.z+1", "FTP", "news",
        ];
        for spec in Spec::ALL {
            for name in names {
                let mut made = 0;
                for _ in 0..100 {
                    let bytes: Vec<u8> = (0..rng.usize(0..160)).map(|_| rng.u8(..)).collect();
                    let Ok(generated) =
                        GeneratedUrl::generate_named(&mut Unstructured::new(&bytes), spec, name)
                    else {
                        continue;
                    };
                    made += 1;
                    let url = Url::parse_with(generated.as_str(), spec).unwrap();
                    assert!(
                        url.scheme().eq_ignore_ascii_case(name),
                        "{url} under {spec}"
                    );
                    assert_eq!(url.known_scheme(), Scheme::from_name(name));
                    assert_eq!(generated.scheme(), Scheme::from_name(name));
                }
                assert!(made >= 90, "{name} under {spec}: {made} of 100");
            }
            for name in ["", "a b", "x:y", "é"] {
                assert!(
                    GeneratedUrl::generate_named(&mut Unstructured::new(b"x"), spec, name).is_err()
                );
            }
        }
        // RFC 2396 and RFC 3986 start a scheme with a letter; Section 5 does not.
        let digit_first =
            |spec| GeneratedUrl::generate_named(&mut Unstructured::new(b"x"), spec, "9p");
        assert!(digit_first(Spec::Rfc1738).is_ok() && digit_first(Spec::Rfc3986).is_err());
        assert!(
            GeneratedUrl::generate_named(&mut Unstructured::new(b""), Spec::Rfc2396, "nntp")
                .is_err()
        );
    }

    /// Every rule that a URL of the specification can read is read by some
    /// generated URL, so a rule that the grammar gains fails here until the
    /// generator writes it.
    #[test]
    fn generated_urls_read_every_rule_of_the_grammar() {
        // A derivation of gopher's `selector_whole` (`xchar*`) is read as the
        // split selector unless it holds "%09" and a "/" or "?" after it,
        // which a random choice among `xchar`'s alternatives almost never
        // writes: `gopher://h/1a%09b/c` in tests/data/rule_cases.tsv and
        // tests/fast_path.rs reads it.
        assert_eq!(
            rules_never_generated(Spec::Rfc1738, rfc1738::Rule::all_rules()),
            ["selector_whole"]
        );
        assert_eq!(
            rules_never_generated(Spec::Draft07, draft07::Rule::all_rules()),
            ["selector_whole"]
        );
        // RFC 2396's rules of relative references, which only `UriRef`
        // reads: a URL is an absolute URI.
        assert_eq!(
            rules_never_generated(Spec::Rfc2396, rfc2396::Rule::all_rules()),
            ["URI_reference", "relativeURI", "rel_path", "rel_segment"]
        );
        // RFC 3986's rules of relative references and of a base URI, which
        // only `UriRef` reads: a URL is a `URI`; and `host_start`, which
        // only a look-ahead reads, so that no tree holds it.
        assert_eq!(
            rules_never_generated(Spec::Rfc3986, rfc3986::Rule::all_rules()),
            [
                "URI_reference",
                "absolute_URI",
                "relative_ref",
                "relative_part",
                "path_noscheme",
                "segment_nz_nc",
                "host_start"
            ]
        );
    }
}
