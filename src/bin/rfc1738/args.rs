//! The command line as clap reads it: the subcommands, their options and
//! the value parsers. What the options mean together is `options.rs`'s.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};
use rfc1738::{Scheme, Spec, WarningCode};

use crate::generate;

/// Strict URL checking by the BNF of RFC 1738 Section 5 (or its draft-07), of
/// RFC 2396 and of RFC 3986 with the later documents' schemes.
#[derive(Parser)]
#[command(name = "rfc1738", version, about, propagate_version = true)]
// `rfc1738 check -V` prints "rfc1738 <version>", not clap's name of the
// subcommand ("rfc1738-check"), which is no program.
#[command(mut_subcommands = |subcommand: clap::Command| subcommand.display_name("rfc1738"))]
#[command(after_help = "Examples:\n  \
    rfc1738 check 'ftp://myname@host.dom/%2Fetc/motd'\n  \
    rfc1738 check --summary --failures --file crawl.txt\n  \
    rfc1738 explain 'gopher://host/1sel%09find'\n  \
    rfc1738 check --spec rfc2396 'info:gcc#G++_and_GCC'\n  \
    rfc1738 resolve 'http://a/b/c/d;p?q' ../g\n\n\
    Exit status: 0 when every URL is valid, 1 when any is not, 2 for a usage or I/O error.")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,

    /// Options given before the subcommand; each subcommand takes those it
    /// uses, after its name too.
    #[command(flatten)]
    pub before_subcommand: CheckingArgs,
}

/// Every option of the subcommands that check URLs (check, explain,
/// extract), which may also come before the subcommand.
#[derive(Args, Clone, Default)]
pub struct CheckingArgs {
    #[command(flatten)]
    pub spec: SpecArg,
    #[command(flatten)]
    pub format: FormatArg,
    #[command(flatten)]
    pub color: ColorArg,
    #[command(flatten)]
    pub lints: LintArgs,
}

/// `--spec`.
#[derive(Args, Clone, Default)]
pub struct SpecArg {
    /// The specification to judge by: rfc1738 (the default), draft07, rfc2396
    /// or rfc3986.
    #[arg(long, ignore_case = true, value_parser = spec_parser())]
    pub spec: Option<Spec>,
}

/// `resolve --spec`: the generic syntax's specifications alone.
#[derive(Args, Clone, Default)]
pub struct ResolveSpecArg {
    /// The generic syntax to resolve by: rfc2396 (the default) or rfc3986.
    #[arg(long, ignore_case = true, value_parser = spec_parser_of(&[Spec::Rfc2396, Spec::Rfc3986]))]
    pub spec: Option<Spec>,
}

/// `gen --spec`: the specifications that `gen` writes URLs for.
#[derive(Args, Clone, Default)]
pub struct GenSpecArg {
    /// The specification the URLs conform to (or, with --invalid, miss):
    /// rfc1738 (the default), draft07, rfc2396 (uri(7)'s forms; `generic`
    /// there is man, info, whatis, ghelp, ldap or another scheme, and
    /// nntp and prospero have none) or rfc3986.
    #[arg(long, ignore_case = true, value_parser = spec_parser_of(&[Spec::Rfc1738, Spec::Draft07, Spec::Rfc2396, Spec::Rfc3986]))]
    pub spec: Option<Spec>,
}

/// `--format`.
#[derive(Args, Clone, Default)]
pub struct FormatArg {
    /// Output: `human` for people (the default), `json` for one JSON object per line.
    #[arg(long, value_enum)]
    pub format: Option<Format>,
}

/// `--color`.
#[derive(Args, Clone, Default)]
pub struct ColorArg {
    /// When to colour diagnostics: `auto` (the default) colours on a terminal
    /// unless NO_COLOR is set; `always` colours whatever NO_COLOR says (a flag
    /// wins over the variable); `never` never does.
    #[arg(long, value_enum)]
    pub color: Option<Color>,
}

/// The lint options.
#[derive(Args, Clone, Default)]
pub struct LintArgs {
    /// Count every conformance warning (such as `scheme-case`) as a failure.
    #[arg(long)]
    pub strict: bool,
    /// Count this warning code as a failure (repeatable).
    #[arg(long, value_name = "CODE", value_parser = warning_parser())]
    pub deny: Vec<WarningCode>,
    /// Do not report this warning code (repeatable; wins over --strict and --deny).
    #[arg(long, value_name = "CODE", value_parser = warning_parser())]
    pub allow: Vec<WarningCode>,
}

impl LintArgs {
    /// Whether any lint option was given.
    pub fn given(&self) -> bool {
        self.strict || !self.deny.is_empty() || !self.allow.is_empty()
    }
}

/// The subcommands.
#[derive(Subcommand)]
pub enum Command {
    /// Check URLs: from the arguments, from files, or one per line from standard input.
    ///
    /// Lines are read and checked in parallel in chunks of bounded size, so
    /// memory does not grow with the input; results come out in input order.
    /// A CR before the line feed is dropped, and so is a byte-order mark that
    /// starts a file or standard input; blank lines are skipped, and a line
    /// that is not UTF-8 is an invalid URL.
    #[command(after_help = "Examples:\n  \
        rfc1738 check 'ftp://myname@host.dom/%2Fetc/motd'\n  \
        rfc1738 check --spec draft07 'http://host/~user'\n  \
        rfc1738 check --format json < urls.txt\n  \
        rfc1738 check --failures --summary --file a.txt --file b.txt\n  \
        rfc1738 check -q 'http://host/' && echo valid\n\n\
        Exit status: 0 when every URL is valid, 1 when any is not, 2 for a usage or I/O error.")]
    Check(CheckArgs),
    /// Rewrite URLs so that the specification takes them: each valid URL as
    /// it is, each invalid one by its fix where it has one.
    ///
    /// A fix is an escape, a host name in punycode, whitespace or enclosing
    /// brackets removed, or a fragment set apart (which Section 5's URLs do
    /// not have); the grammar checks each before it is printed. An input
    /// with no fix is left out, and its error goes to standard error. Input
    /// is read as `check` reads it.
    #[command(after_help = "Examples:\n  \
        rfc1738 fix 'http://host/~user/a b.html'\n  \
        rfc1738 fix --spec rfc3986 --file urls.txt > fixed.txt\n  \
        rfc1738 fix --format json < urls.txt\n\n\
        Exit status: 0 when every URL is valid or fixed, 1 when any has no fix, 2 for a usage or I/O error.")]
    Fix(FixArgs),
    /// Show how URLs were read and what they mean: the scheme, the
    /// specification, the port, the tree of the grammar's rules with the text
    /// each matched, and what the documents say the URL asks a client to do
    /// (the FTP commands, the gopher request, the news article...).
    #[command(after_help = "Examples:\n  \
        rfc1738 explain 'ftp://myname@host.dom/%2Fetc/motd'\n  \
        rfc1738 explain --format json 'news:comp.lang.ada'\n\n\
        The JSON tree has a node per rule matched, with its text: its size is linear in the \
        URL's, about 45 bytes for each byte of a long path of short segments.\n\n\
        The meaning, and in JSON each leaf's `decoded`, give the components decoded (a \
        draft-07 host's escapes too); decoded bytes that are not UTF-8 show as U+FFFD.\n\n\
        Exit status: 0 when every URL is valid, 1 when any is not, 2 for a usage error or \
        an error reading standard input.")]
    Explain(ExplainArgs),
    /// Resolve relative references against a base URI, by §5.2 of RFC 2396
    /// (the default) or of RFC 3986 (`--spec rfc3986`), dot segments
    /// included: one result per line.
    ///
    /// A reference with a scheme is already absolute and stays as it is. A
    /// reference that is not a URI reference by that syntax gets a
    /// diagnostic on standard error.
    #[command(after_help = "Examples:\n  \
        rfc1738 resolve 'http://a/b/c/d;p?q' ../g g?y '#s'\n  \
        rfc1738 resolve --spec rfc3986 'http://a/b/c/d;p?q' ../../../g '?y'\n  \
        rfc1738 resolve --format json 'file:///usr/doc/ZZZ/' ../test.txt ./this:that\n\n\
        Exit status: 0 when every reference resolves, 1 when any does not, 2 when the base is no absolute URI.")]
    Resolve(ResolveArgs),
    /// Find the URLs in files of running text (mail, news, RFCs) and check them.
    ///
    /// URLs are taken from `<URL:...>` and `<...>` (where whitespace and line
    /// breaks are ignored, as RFC 1738's Appendix says), from double quotes,
    /// and bare (a known scheme, or any with --any-scheme), less trailing
    /// sentence punctuation. Prints `path:line:column: URL (valid)` or the
    /// reason it is invalid.
    #[command(after_help = "Examples:\n  \
        rfc1738 extract rfc1738.txt\n  \
        rfc1738 extract --verbose --format json ~/Mail/inbox\n\n\
        Exit status: 0 when every URL found is valid, 1 when any is not, 2 for a usage or I/O error.")]
    Extract(ExtractArgs),
    /// Generate conforming URLs, random derivations of the grammar that it
    /// reads back (or, with --invalid, near-misses one edit away, each with
    /// the error it must raise).
    ///
    /// Deterministic: the same options and seed give the same lines. Without
    /// --scheme, the known schemes and generic URLs take turns.
    #[command(after_help = "Examples:\n  \
        rfc1738 gen --count 1000 --seed 7 | rfc1738 check --quiet --summary\n  \
        rfc1738 gen --scheme gopher --spec draft07 --count 10\n  \
        rfc1738 gen --invalid --format json --count 100\n\n\
        With --format json each line is {\"url\": ...}, and with --invalid also \"offset\" and \"expected\".")]
    Gen(GenArgs),
    /// Print a shell completion script.
    #[command(after_help = "Example:\n  rfc1738 completions bash > /etc/bash_completion.d/rfc1738")]
    Completions {
        /// The shell to complete for.
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff): every subcommand and option, the exit
    /// status and examples.
    #[command(
        after_help = "Examples:\n  rfc1738 man > rfc1738.1 && man ./rfc1738.1\n  rfc1738 man --out /usr/local/share/man/man1"
    )]
    Man {
        /// Write `rfc1738.1` and one page per subcommand (`rfc1738-check.1`,
        /// ...) into this folder rather than the whole page to standard output;
        /// the folder is made, with its parents, where it is missing, as
        /// `mkdir -p` does.
        #[arg(long, value_name = "DIR", value_hint = clap::ValueHint::DirPath)]
        out: Option<PathBuf>,
    },
}

/// `check`: which URLs, and how to report them.
#[derive(Args)]
pub struct CheckArgs {
    #[command(flatten)]
    pub checking: CheckingArgs,
    /// A file of URLs, one per line (repeatable); `-` is standard input.
    #[arg(long = "file", short = 'f', value_name = "PATH", value_hint = clap::ValueHint::FilePath)]
    pub files: Vec<PathBuf>,
    /// Print nothing per URL, as `grep -q` does: the exit status says
    /// whether all are valid, and the first invalid one ends the run
    /// (with --summary, every URL is checked and counted).
    #[arg(long, short, conflicts_with = "failures")]
    pub quiet: bool,
    /// Print only the URLs that fail, with their diagnostics.
    #[arg(long)]
    pub failures: bool,
    /// End with counts per scheme, per rule expected at the error, per
    /// warning code, and the throughput.
    #[arg(long)]
    pub summary: bool,
    /// Judge each input as a `URI-reference` of the generic syntax
    /// (relative references are valid); needs --spec rfc2396 or rfc3986.
    #[arg(long)]
    pub reference: bool,
    /// A line of standard input or of --file longer than this many bytes is
    /// reported as invalid (`line-too-long`) without being checked or held
    /// whole: URLs in the wild stay under a few kilobytes. A URL given as an
    /// argument is checked whatever its length.
    #[arg(long, value_name = "BYTES", default_value_t = 1 << 20)]
    pub max_line_bytes: usize,
    /// Leave each error's advice out: its help, its checked fix and the
    /// other specifications that take it as it is, which take most of an
    /// invalid line's time (in JSON `help` and `valid_under` null and no
    /// `fix`, which is absent wherever there is none; no help and fix lines).
    #[arg(long)]
    pub no_advice: bool,
    /// URLs to check; `-` reads standard input, as does giving none (and
    /// no --file).
    pub urls: Vec<OsString>,
}

/// `fix`: which URLs, and how to write them.
#[derive(Args)]
pub struct FixArgs {
    #[command(flatten)]
    pub spec: SpecArg,
    #[command(flatten)]
    pub format: FormatArg,
    #[command(flatten)]
    pub color: ColorArg,
    /// A file of URLs, one per line (repeatable); `-` is standard input.
    #[arg(long = "file", short = 'f', value_name = "PATH", value_hint = clap::ValueHint::FilePath)]
    pub files: Vec<PathBuf>,
    /// Judge each input as a `URI-reference` of the generic syntax
    /// (relative references are valid); needs --spec rfc2396 or rfc3986.
    #[arg(long)]
    pub reference: bool,
    /// A line of standard input or of --file longer than this many bytes is
    /// reported (`line-too-long`: on standard error, or as a JSON record with
    /// --format json) and left out. A URL given as an argument is fixed
    /// whatever its length.
    #[arg(long, value_name = "BYTES", default_value_t = 1 << 20)]
    pub max_line_bytes: usize,
    /// URLs to fix; `-` reads standard input, as does giving none (and
    /// no --file).
    pub urls: Vec<OsString>,
}

/// `explain`: the URLs, and what to show of them.
#[derive(Args)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub checking: CheckingArgs,
    /// The password shown for anonymous FTP: the user's e-mail address.
    #[arg(long, value_name = "EMAIL", default_value = "<e-mail address>")]
    pub ftp_password: String,
    /// Show FTP directories as most clients send them, the first with a
    /// "/" before it (draft-hoffman-ftp-uri-02), not as RFC 1738 says.
    #[arg(long)]
    pub historical_cwd: bool,
    /// Read each input as a `URI-reference` of the generic syntax
    /// (relative ones included) and show its components; needs --spec
    /// rfc2396 or rfc3986.
    #[arg(long)]
    pub reference: bool,
    /// A file of URLs, one per line (repeatable); `-` is standard input.
    #[arg(long = "file", short = 'f', value_name = "PATH", value_hint = clap::ValueHint::FilePath)]
    pub files: Vec<PathBuf>,
    /// A line of standard input or of --file longer than this many bytes is
    /// reported as invalid (`line-too-long`) without being read or held
    /// whole. A URL given as an argument is explained whatever its length.
    #[arg(long, value_name = "BYTES", default_value_t = 1 << 20)]
    pub max_line_bytes: usize,
    /// The URLs to explain; `-` reads them from standard input, one a line
    /// (blank lines skipped), where it stands among them, and so does giving
    /// none (and no --file).
    pub urls: Vec<OsString>,
}

/// `resolve`: the base and the references.
#[derive(Args)]
pub struct ResolveArgs {
    #[command(flatten)]
    pub spec: ResolveSpecArg,
    #[command(flatten)]
    pub format: FormatArg,
    #[command(flatten)]
    pub color: ColorArg,
    /// The base URI: absolute, and hierarchical unless the references are.
    pub base: OsString,
    /// The references to resolve.
    #[arg(required = true)]
    pub references: Vec<OsString>,
}

/// `extract`: the files, and what to take from them.
#[derive(Args)]
pub struct ExtractArgs {
    #[command(flatten)]
    pub checking: CheckingArgs,
    /// Take any `scheme:` followed by URL characters from bare text, not
    /// only the known schemes.
    #[arg(long)]
    pub any_scheme: bool,
    /// Show the diagnostic of each invalid URL.
    #[arg(long, short)]
    pub verbose: bool,
    /// Files to read (`-` is standard input); standard input without any.
    #[arg(value_hint = clap::ValueHint::FilePath)]
    pub files: Vec<OsString>,
}

/// `gen`: what to generate, and how many.
#[derive(Args)]
pub struct GenArgs {
    #[command(flatten)]
    pub spec: GenSpecArg,
    #[command(flatten)]
    pub format: FormatArg,
    /// The scheme: a known one, `generic` (the generic form, of schemes
    /// chosen at random), or any other scheme's name (under rfc2396, man,
    /// info, whatis, ghelp and ldap take uri(7)'s forms; another name, the
    /// generic form with it); all in turn without it.
    #[arg(long, value_name = "SCHEME", value_parser = SchemeParser)]
    pub scheme: Option<generate::SchemeChoice>,
    /// How many URLs.
    #[arg(long, default_value_t = 10)]
    pub count: u64,
    /// The seed of the random choices.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Near-misses: one edit away from a conforming URL, and invalid. On a
    /// terminal each is followed by the error it must raise; in a pipe
    /// the URLs come alone (`--format json` gives the error there).
    #[arg(long)]
    pub invalid: bool,
}

/// `--format`'s values.
#[derive(Clone, Copy, ValueEnum)]
pub enum Format {
    Human,
    Json,
}

/// `--color`'s values.
#[derive(Clone, Copy, ValueEnum)]
pub enum Color {
    Auto,
    Always,
    Never,
}

/// `--spec`: the names of `Spec::ALL`, read by the library's own `FromStr`.
fn spec_parser() -> impl TypedValueParser<Value = Spec> {
    spec_parser_of(&Spec::ALL)
}

/// `--spec` of a subcommand that takes only `specs`.
fn spec_parser_of(specs: &[Spec]) -> impl TypedValueParser<Value = Spec> + use<> {
    let names: Vec<&'static str> = specs.iter().map(|spec| spec.name()).collect();
    PossibleValuesParser::new(names).try_map(|name| name.parse::<Spec>())
}

/// `gen --scheme`: a known scheme's name, `generic`, or another name (which
/// the specification's `scheme` rule must read: see `gen_options`); each
/// ignoring case. The possible values it offers (`--help`, the shell
/// completions) are the known schemes and `generic`, from `Scheme::ALL`.
#[derive(Clone)]
struct SchemeParser;

impl TypedValueParser for SchemeParser {
    type Value = generate::SchemeChoice;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<generate::SchemeChoice, clap::Error> {
        let name = value
            .to_str()
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::InvalidUtf8).with_cmd(cmd))?;
        Ok(match Scheme::from_name(name) {
            Some(scheme) => generate::SchemeChoice::Known(scheme),
            None if name.eq_ignore_ascii_case("generic") => generate::SchemeChoice::Generic,
            None => generate::SchemeChoice::Named(name.to_owned()),
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let names = Scheme::ALL
            .iter()
            .map(|scheme| scheme.name())
            .chain(["generic"]);
        Some(Box::new(names.map(PossibleValue::new)))
    }
}

/// `--deny`, `--allow`: the names of `WarningCode::ALL`.
fn warning_parser() -> impl TypedValueParser<Value = WarningCode> {
    PossibleValuesParser::new(WarningCode::ALL.map(WarningCode::name))
        .map(|name| WarningCode::from_name(&name).expect("a listed name"))
}
