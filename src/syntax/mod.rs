//! Layer 1, text → syntax: the specifications, the grammars (pest), the rule
//! table and its expressions as data, the syntax tree, character classes and escapes, the fast readers
//! (which give spans), the error-tracking reader and [`ParseError`](error::ParseError).
//!
//! May import: nothing of the crate outside this folder.

pub(crate) mod charclass;
pub(crate) mod decode;
pub(crate) mod error;
#[cfg(feature = "arbitrary")]
pub(crate) mod expressions;
pub(crate) mod fast;
pub(crate) mod fast_uri;
pub(crate) mod fix;
pub(crate) mod grammar;
pub(crate) mod pairs;
pub(crate) mod rules;
pub(crate) mod scheme;
#[cfg(feature = "serde")]
pub(crate) mod serde_impls;
pub(crate) mod spec;
pub(crate) mod tracking;
pub(crate) mod tree;
