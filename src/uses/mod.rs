//! Layer 4, the uses: finding URLs in text (`extract`) and generating
//! conforming URLs from fuzzer bytes (`generate`).
//!
//! May import: `crate::syntax`, `crate::url`, `crate::meaning`.

pub(crate) mod extract;
#[cfg(feature = "arbitrary")]
pub(crate) mod generate;
