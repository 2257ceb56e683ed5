//! The crate's tests through its public API and its command line, as one
//! binary. Each module below says what belongs in it: a new test goes in
//! the module whose line names what it checks. Three suites run as binaries
//! of their own because they own process-wide state:
//! `tests/error_path.rs` turns pest's error detail on,
//! `tests/pest_globals.rs` checks that nothing else does, and
//! `tests/allocations.rs` counts allocations through its global allocator.
//!
//! `cargo test --test integration MODULE::` runs one module.

// What the tests share, and the independent recognizers. The fuzz targets
// include `checks*` and `oracle*` too (`#[path]` in fuzz/fuzz_targets/).

/// The fuzz targets' oracles for the Section 5 grammars, one input at a time.
mod checks;
/// The same for RFC 2396.
mod checks_rfc2396;
/// The same for RFC 3986.
mod checks_rfc3986;
/// A plain-text view of a URL's components; test data escapes; mutations;
/// the RFC 3986 corpus.
mod common;
/// The Section 5 BNF as regular expressions, written from the BNF alone.
mod oracle;
/// The later documents' scheme forms (ftp-uri, RFC 4266, rfc1738bis) over RFC
/// 3986, written from the documents alone.
mod oracle_later;
/// RFC 2396's grammar and resolver, written from the RFC alone.
mod oracle_rfc2396;
/// RFC 3986's grammar and resolver, written from the RFC alone.
mod oracle_rfc3986;
/// uri(7)'s URL forms over RFC 2396, and RFC 2255's ldap, written from the documents alone.
mod oracle_uri7;

// The grammar: what each specification accepts, and where it refuses.

/// Inputs that are not URLs at all: empty, no colon, bytes, sizes.
mod bad_input;
/// The BNF lines the oracles quote, held to the grammar's.
mod bnf_copies;
/// The pest grammar against `oracle`, on generated and mutated inputs.
mod differential;
/// The fast path (`Url::parse_with`'s first reader) against the pest grammar.
mod fast_path;
/// Tests of `oracle_later` itself, against the documents' own examples and
/// near misses.
mod oracle_later_selftest;
/// Tests of `oracle_rfc2396` itself, against the RFC's own examples.
mod oracle_rfc2396_selftest;
/// Tests of `oracle_rfc3986` itself, against the RFC's own examples.
mod oracle_rfc3986_selftest;
/// Tests of `oracle_uri7` itself, against the documents' own examples and near misses.
mod oracle_uri7_selftest;
/// The fuzz targets' oracles run by arbtest, and inputs the fuzzers found.
mod properties;
/// The readings that keep no record against the reader's steps and pest, rule
/// by rule.
mod readings;
/// RFC 2396 and uri(7): Appendix C's resolutions, the grammar against
/// `oracle_rfc2396`.
mod rfc2396;
/// RFC 3986 and the documents over it: §5.4's resolutions, the documents'
/// readings, the grammar against fluent-uri, `oracle_rfc3986` and
/// `oracle_later`, normalization by §6, builders under RFC 3986.
mod rfc3986;
/// Accept/reject rows for single rules of the Section 5 BNF
/// (`tests/data/rule_cases.tsv`): a new row for a rule goes in the data file.
mod rule_cases;

// The documents' examples and the published vectors.

/// Snapshots of every example URL of the documents, under each specification.
mod examples;
/// The test vectors of `vectors/` against the crate.
mod vectors;

// Errors that teach.

/// Helps and fixes on the shapes real text puts where a URL is expected
/// (`tests/data/teaching/`).
mod teaching;

// Meaning: what a parsed URL says.

/// The builders and normalization, by example and by property.
mod build_normalize;
/// Every component the grammar reads shows in each hand-written view of a
/// URL: the tests' describers and `explain`'s meaning.
mod component_views;
/// Decoded components: escapes, and what a character and its escape mean.
mod decoding;
/// The FTP commands that the documents' ftp examples mean, pinned.
mod ftp_commands;
/// Owned URLs, threads, maps, serde and the library's JSON.
#[cfg(all(feature = "serde", feature = "cli"))]
mod owned;

// Uses of the library.

/// `extract` over the five documents and the rules of the Appendix and uri(7).
mod extract;
/// `extract` against labelled snippets of real text, scored.
mod extract_eval;
/// `GeneratedUrl`: every URL it writes conforms.
mod generated_url;

// The command line.

/// `rfc1738 check` and `explain`: output, JSON, summary, exit status.
mod cli;
/// `rfc1738 gen`: valid lines check as valid, near-misses fail where they say.
mod cli_gen;
/// The command line on hostile input: memory, pipes, I/O errors, limits.
mod cli_hostile;
/// The command line on real documents and lists, each case a reproduction.
mod cli_real_work;
/// Snapshots of `rfc1738 explain` on every example of the documents.
mod explain_examples;

// The crate's shape.

/// No module of `src/` imports from a layer above its own; every file of
/// `tests/` is compiled.
mod layers;
