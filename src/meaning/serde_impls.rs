//! With the `serde` feature: [`WarningCode`] as its name, and [`Warning`] in
//! the shape of the command line's JSON.

use ::serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::meaning::lints::{Warning, WarningCode};
use crate::syntax::serde_impls::by_name;

/// A warning of `rfc1738 check --format json`: `code` (the kebab-case
/// name), `message` and `offset` (where its span starts).
///
/// ```
/// let warnings = rfc1738::Url::parse("FTP://h/")?.warnings();
/// assert_eq!(
///     serde_json::to_value(&warnings[0]).unwrap(),
///     serde_json::json!({"code": "scheme-case", "message": warnings[0].message(), "offset": 0}),
/// );
/// # Ok::<(), rfc1738::ParseError>(())
/// ```
impl Serialize for Warning {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut warning = serializer.serialize_struct("Warning", 3)?;
        warning.serialize_field("code", &self.code())?;
        warning.serialize_field("message", self.message())?;
        warning.serialize_field("offset", &self.span().start)?;
        warning.end()
    }
}

by_name! {
    /// As [`WarningCode::name`].
    ///
    /// ```
    /// use rfc1738::WarningCode;
    ///
    /// assert_eq!(serde_json::to_string(&WarningCode::PortRange)?, r#""port-range""#);
    /// assert_eq!(serde_json::from_str::<WarningCode>(r#""scheme-case""#)?, WarningCode::SchemeCase);
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    WarningCode
}
