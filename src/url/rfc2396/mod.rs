//! The typed views under RFC 2396: URI references (`uri`, with resolution),
//! uri(7)'s documentation schemes (`uri7`) and LDAP URLs (`ldap`).
//!
//! May import: `crate::syntax`, `crate::url::schemes` (a server's `login`).

pub(crate) mod ldap;
pub(crate) mod uri;
pub(crate) mod uri7;
