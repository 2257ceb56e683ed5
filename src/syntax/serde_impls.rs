//! With the `serde` feature: [`Spec`] and [`Scheme`] as their names, and
//! [`ParseError`] and [`Expected`] in the shape of the command line's JSON.

use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;

use ::serde::de::{self, Visitor};
use ::serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::syntax::error::{Expected, ParseError};
use crate::syntax::scheme::Scheme;
use crate::syntax::spec::Spec;

/// A value read from a string by its `FromStr`, borrowed or not.
pub(crate) struct ByName<T>(PhantomData<T>);

impl<T> ByName<T> {
    pub(crate) fn new() -> ByName<T> {
        ByName(PhantomData)
    }
}

impl<T: FromStr<Err: fmt::Display>> Visitor<'_> for ByName<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the name of a {}", short_type_name::<T>())
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        text.parse().map_err(E::custom)
    }
}

/// `rfc1738::Spec` → `Spec`, for the visitor's "expecting" line.
fn short_type_name<T>() -> &'static str {
    let name = std::any::type_name::<T>();
    name.rsplit("::").next().unwrap_or(name)
}

/// `Serialize` as the type's `name()`, `Deserialize` by its `FromStr`: for
/// the types that have a stable name (`Spec`, `Scheme`, `WarningCode`).
macro_rules! by_name {
    ($(#[$doc:meta])* $type:ty) => {
        $(#[$doc])*
        impl ::serde::Serialize for $type {
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.name())
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $type {
            fn deserialize<D: ::serde::Deserializer<'de>>(deserializer: D) -> Result<$type, D::Error> {
                deserializer.deserialize_str($crate::syntax::serde_impls::ByName::new())
            }
        }
    };
}

pub(crate) use by_name;

by_name! {
    /// As [`Spec::name`]: `"rfc1738"`, `"draft07"`, `"rfc2396"`, `"rfc3986"`.
    ///
    /// ```
    /// use rfc1738::Spec;
    ///
    /// assert_eq!(serde_json::to_string(&Spec::Draft07)?, r#""draft07""#);
    /// assert_eq!(serde_json::from_str::<Spec>(r#""rfc2396""#)?, Spec::Rfc2396);
    /// assert_eq!(serde_json::from_str::<Spec>(r#""rfc3986""#)?, Spec::Rfc3986);
    /// assert!(serde_json::from_str::<Spec>(r#""rfc9999""#).is_err());
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    Spec
}

by_name! {
    /// As [`Scheme::name`], in lower case; any case is read.
    ///
    /// ```
    /// use rfc1738::Scheme;
    ///
    /// assert_eq!(serde_json::to_string(&Scheme::Gopher)?, r#""gopher""#);
    /// assert_eq!(serde_json::from_str::<Scheme>(r#""FTP""#)?, Scheme::Ftp);
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    Scheme
}

/// The error object of `rfc1738 check --format json`: `offset`, `line`,
/// `column`, `rule` (the rule the error is filed under, [`ParseError::rule`]),
/// `expected` (the short names of [`Expected::name`]),
/// `expected_items` (each an [`Expected`]), `message`, `help` (or null),
/// `fix` (the text of [`ParseError::fix`], absent where there is none) and
/// `valid_under` (the names of [`ParseError::valid_under`]).
///
/// ```
/// let error = rfc1738::Url::parse("ftp://h:/x").unwrap_err();
/// let json = serde_json::to_value(&error)?;
/// assert_eq!(json["offset"], 8);
/// assert_eq!(json["rule"], "port");
/// assert_eq!(json["expected"][0], "port");
/// assert_eq!(json["expected_items"][2], serde_json::json!({"kind": "literal", "text": "@"}));
/// assert_eq!(json["message"], error.message());
/// assert_eq!(
///     json["help"],
///     "remove the ':' or write a port number; valid under `--spec rfc2396` and `--spec rfc3986`"
/// );
/// assert_eq!(json["fix"], "ftp://h/x");
/// assert_eq!(json["valid_under"], serde_json::json!(["rfc2396", "rfc3986"]));
/// # Ok::<(), serde_json::Error>(())
/// ```
impl Serialize for ParseError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        /// The short names, as a sequence, without collecting them first.
        struct Names<'e>(&'e [Expected]);
        impl Serialize for Names<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_seq(self.0.iter().map(Expected::name))
            }
        }
        let fields = if self.fix().is_some() { 10 } else { 9 };
        let mut error = serializer.serialize_struct("ParseError", fields)?;
        error.serialize_field("offset", &self.offset())?;
        error.serialize_field("line", &self.line())?;
        error.serialize_field("column", &self.column())?;
        error.serialize_field("rule", &self.rule())?;
        error.serialize_field("expected", &Names(self.expected()))?;
        error.serialize_field("expected_items", self.expected())?;
        error.serialize_field("message", &self.message())?;
        error.serialize_field("help", &self.help())?;
        match self.fix() {
            Some(fix) => error.serialize_field("fix", fix.text())?,
            None => error.skip_field("fix")?,
        }
        let names: Vec<&str> = self.valid_under().iter().map(|spec| spec.name()).collect();
        error.serialize_field("valid_under", &names)?;
        error.end()
    }
}

/// `{"kind": ..., "text": ...}`: `kind` is `rule` (`text` is the BNF rule
/// name), `literal` (`text` is the literal, without quotes) or `end` (`text`
/// is empty).
///
/// ```
/// use rfc1738::Expected;
///
/// assert_eq!(serde_json::to_string(&Expected::Literal("/".into()))?, r#"{"kind":"literal","text":"/"}"#);
/// assert_eq!(serde_json::to_string(&Expected::End)?, r#"{"kind":"end","text":""}"#);
/// # Ok::<(), serde_json::Error>(())
/// ```
impl Serialize for Expected {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let kind = match self {
            Expected::Rule(_) => "rule",
            Expected::Literal(_) => "literal",
            Expected::End => "end",
        };
        let mut item = serializer.serialize_struct("Expected", 2)?;
        item.serialize_field("kind", kind)?;
        item.serialize_field("text", self.text())?;
        item.end()
    }
}
