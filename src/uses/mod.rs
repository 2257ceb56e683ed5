//! Layer 4, the uses: finding URLs in text (`extract`) and generating
//! conforming URLs from fuzzer bytes (`generate`, and `derive` from the
//! grammar's expressions).
//!
//! May import: `crate::syntax`, `crate::url`, `crate::meaning`.

#[cfg(feature = "arbitrary")]
pub(crate) mod derive;
pub(crate) mod extract;
#[cfg(feature = "arbitrary")]
pub(crate) mod generate;
