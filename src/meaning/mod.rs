//! Layer 3, typed `Url` → meaning: builders, normalization and equivalence,
//! and the conformance lints.
//!
//! May import: `crate::syntax`, `crate::url`.

pub(crate) mod build;
pub(crate) mod lints;
pub(crate) mod normalize;
#[cfg(feature = "serde")]
pub(crate) mod serde_impls;
