//! The `rfc1738` command: checks and explains URLs by RFC 1738 or draft-07.

mod check;
mod exit;
mod explain;
mod extract;
mod generate;
mod manual;
mod render;
mod resolve;

use std::ffi::OsString;
use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
use rfc1738::{CwdStyle, Scheme, Spec, WarningCode};

/// Strict URL checking by the BNF of RFC 1738 Section 5 (or its draft-07), of
/// RFC 2396 and of RFC 3986 with the later documents' schemes.
#[derive(Parser)]
#[command(name = "rfc1738", version, about, propagate_version = true)]
#[command(after_help = "Examples:\n  \
    rfc1738 check 'ftp://myname@host.dom/%2Fetc/motd'\n  \
    rfc1738 check --summary --failures --file crawl.txt\n  \
    rfc1738 explain 'gopher://host/1sel%09find'\n  \
    rfc1738 check --spec rfc2396 'info:gcc#G++_and_GCC'\n  \
    rfc1738 resolve 'http://a/b/c/d;p?q' ../g\n\n\
    Exit status: 0 when every URL is valid, 1 when any is not, 2 for a usage or I/O error.")]
struct Cli {
    #[command(subcommand)]
    command: Command,

    /// Options given before the subcommand; each subcommand takes those it
    /// uses, after its name too.
    #[command(flatten)]
    given: Given,
}

/// Every option of the subcommands that check URLs (check, explain,
/// extract), which may also come before the subcommand.
#[derive(Args, Clone, Default)]
struct Given {
    #[command(flatten)]
    spec: SpecArg,
    #[command(flatten)]
    format: FormatArg,
    #[command(flatten)]
    color: ColorArg,
    #[command(flatten)]
    lints: LintArgs,
}

/// `--spec`.
#[derive(Args, Clone, Default)]
struct SpecArg {
    /// The specification to judge by: rfc1738 (the default), draft07, rfc2396
    /// or rfc3986.
    #[arg(long, ignore_case = true, value_parser = spec_parser())]
    spec: Option<Spec>,
}

/// `--format`.
#[derive(Args, Clone, Default)]
struct FormatArg {
    /// Output: `human` for people (the default), `json` for one JSON object per line.
    #[arg(long, value_enum)]
    format: Option<Format>,
}

/// `--color`.
#[derive(Args, Clone, Default)]
struct ColorArg {
    /// When to colour diagnostics: `auto` (the default) colours on a terminal
    /// unless NO_COLOR is set; `always` colours whatever NO_COLOR says (a flag
    /// wins over the variable).
    #[arg(long, value_enum)]
    color: Option<Color>,
}

/// The lint options.
#[derive(Args, Clone, Default)]
struct LintArgs {
    /// Count every conformance warning (such as `scheme-case`) as a failure.
    #[arg(long)]
    strict: bool,
    /// Count this warning code as a failure (repeatable).
    #[arg(long, value_name = "CODE", value_parser = warning_parser())]
    deny: Vec<WarningCode>,
    /// Do not report this warning code (repeatable; wins over --strict and --deny).
    #[arg(long, value_name = "CODE", value_parser = warning_parser())]
    allow: Vec<WarningCode>,
}

impl LintArgs {
    fn given(&self) -> bool {
        self.strict || !self.deny.is_empty() || !self.allow.is_empty()
    }
}

#[derive(Subcommand)]
enum Command {
    /// Check URLs: from the arguments, from files, or one per line from standard input.
    ///
    /// Lines are read and checked in parallel in chunks of bounded size, so
    /// memory does not grow with the input; results come out in input order.
    /// A CR before the line feed is dropped, blank lines are skipped, and a
    /// line that is not UTF-8 is an invalid URL.
    #[command(after_help = "Examples:\n  \
        rfc1738 check 'ftp://myname@host.dom/%2Fetc/motd'\n  \
        rfc1738 check --spec draft07 'http://host/~user'\n  \
        rfc1738 check --format json < urls.txt\n  \
        rfc1738 check --failures --summary --file a.txt --file b.txt\n  \
        rfc1738 check -q 'http://host/' && echo valid\n\n\
        Exit status: 0 when every URL is valid, 1 when any is not, 2 for a usage or I/O error.")]
    Check {
        #[command(flatten)]
        options: Given,
        /// A file of URLs, one per line (repeatable); `-` is standard input.
        #[arg(long = "file", short = 'f', value_name = "PATH", value_hint = clap::ValueHint::FilePath)]
        files: Vec<PathBuf>,
        /// Print nothing per URL, as `grep -q` does: the exit status says
        /// whether all are valid (and --summary still prints).
        #[arg(long, short, conflicts_with = "failures")]
        quiet: bool,
        /// Print only the URLs that fail, with their diagnostics.
        #[arg(long)]
        failures: bool,
        /// End with counts per scheme, per rule expected at the error, per
        /// warning code, and the throughput.
        #[arg(long)]
        summary: bool,
        /// Judge each input as a `URI-reference` of the generic syntax
        /// (relative references are valid); needs --spec rfc2396 or rfc3986.
        #[arg(long)]
        reference: bool,
        /// A line longer than this many bytes is reported as invalid
        /// (`line-too-long`) without being checked or held whole: URLs in the
        /// wild stay under a few kilobytes.
        #[arg(long, value_name = "BYTES", default_value_t = 1 << 20)]
        max_line_bytes: usize,
        /// URLs to check; `-` reads standard input, as does giving none (and
        /// no --file).
        urls: Vec<OsString>,
    },
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
    Fix {
        #[command(flatten)]
        spec: SpecArg,
        #[command(flatten)]
        format: FormatArg,
        #[command(flatten)]
        color: ColorArg,
        /// A file of URLs, one per line (repeatable); `-` is standard input.
        #[arg(long = "file", short = 'f', value_name = "PATH", value_hint = clap::ValueHint::FilePath)]
        files: Vec<PathBuf>,
        /// Judge each input as a `URI-reference` of the generic syntax
        /// (relative references are valid); needs --spec rfc2396 or rfc3986.
        #[arg(long)]
        reference: bool,
        /// A line longer than this many bytes is reported on standard error
        /// (`line-too-long`) and left out.
        #[arg(long, value_name = "BYTES", default_value_t = 1 << 20)]
        max_line_bytes: usize,
        /// URLs to fix; `-` reads standard input, as does giving none (and
        /// no --file).
        urls: Vec<OsString>,
    },
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
        Exit status: 0 when every URL is valid, 1 when any is not, 2 for a usage error.")]
    Explain {
        #[command(flatten)]
        options: Given,
        /// The password shown for anonymous FTP: the user's e-mail address.
        #[arg(long, value_name = "EMAIL", default_value = "<e-mail address>")]
        ftp_password: String,
        /// Show FTP directories as most clients send them, the first with a
        /// "/" before it (draft-hoffman-ftp-uri-02), not as RFC 1738 says.
        #[arg(long)]
        historical_cwd: bool,
        /// Read each input as a `URI-reference` of the generic syntax
        /// (relative ones included) and show its components; needs --spec
        /// rfc2396 or rfc3986.
        #[arg(long)]
        reference: bool,
        /// The URLs to explain.
        #[arg(required = true)]
        urls: Vec<OsString>,
    },
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
    Resolve {
        #[command(flatten)]
        spec: SpecArg,
        #[command(flatten)]
        format: FormatArg,
        #[command(flatten)]
        color: ColorArg,
        /// The base URI: absolute, and hierarchical unless the references are.
        base: OsString,
        /// The references to resolve.
        #[arg(required = true)]
        references: Vec<OsString>,
    },
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
    Extract {
        #[command(flatten)]
        options: Given,
        /// Take any `scheme:` followed by URL characters from bare text, not
        /// only the known schemes.
        #[arg(long)]
        any_scheme: bool,
        /// Show the diagnostic of each invalid URL.
        #[arg(long, short)]
        verbose: bool,
        /// Files to read (`-` is standard input); standard input without any.
        #[arg(value_hint = clap::ValueHint::FilePath)]
        files: Vec<OsString>,
    },
    /// Generate URLs that conform by construction (or, with --invalid,
    /// near-misses one edit away, each with the error it must raise).
    ///
    /// Deterministic: the same options and seed give the same lines. Without
    /// --scheme, the known schemes and generic URLs take turns.
    #[command(after_help = "Examples:\n  \
        rfc1738 gen --count 1000 --seed 7 | rfc1738 check --quiet --summary\n  \
        rfc1738 gen --scheme gopher --spec draft07 --count 10\n  \
        rfc1738 gen --invalid --format json --count 100\n\n\
        With --format json each line is {\"url\": ...}, and with --invalid also \"offset\" and \"expected\".")]
    Gen {
        #[command(flatten)]
        spec: SpecArg,
        #[command(flatten)]
        format: FormatArg,
        /// The scheme: one of the known ones, or `generic`; all in turn without it.
        #[arg(long, value_parser = scheme_parser())]
        scheme: Option<generate::SchemeChoice>,
        /// How many URLs.
        #[arg(long, default_value_t = 10)]
        count: u64,
        /// The seed of the random choices.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Near-misses: one edit away from a conforming URL, and invalid. On a
        /// terminal each is followed by the error it must raise; in a pipe
        /// the URLs come alone (`--format json` gives the error there).
        #[arg(long)]
        invalid: bool,
    },
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
        /// ...) into this folder rather than the whole page to standard output.
        #[arg(long, value_name = "DIR", value_hint = clap::ValueHint::DirPath)]
        out: Option<PathBuf>,
    },
}

#[derive(Clone, Copy, ValueEnum)]
pub enum Format {
    Human,
    Json,
}

#[derive(Clone, Copy, ValueEnum)]
enum Color {
    Auto,
    Always,
    Never,
}

impl Color {
    /// Whether to colour standard output: not by default with NO_COLOR set
    /// (any non-empty value), as <https://no-color.org> asks, but always
    /// when asked on the command line, which wins over the variable.
    fn enabled(self) -> bool {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
        match self {
            Color::Never => false,
            Color::Always => true,
            Color::Auto => !no_color && io::stdout().is_terminal(),
        }
    }
}

/// `--spec`: the names of `Spec::ALL`, read by the library's own `FromStr`.
fn spec_parser() -> impl TypedValueParser<Value = Spec> {
    PossibleValuesParser::new(Spec::ALL.map(Spec::name)).try_map(|name| name.parse::<Spec>())
}

/// `gen --scheme`: a known scheme's name, or `generic`.
fn scheme_parser() -> impl TypedValueParser<Value = generate::SchemeChoice> {
    let names: Vec<&'static str> = Scheme::ALL
        .iter()
        .map(|scheme| scheme.name())
        .chain(["generic"])
        .collect();
    PossibleValuesParser::new(names).map(|name| match Scheme::from_name(&name) {
        Some(scheme) => generate::SchemeChoice::Known(scheme),
        None => generate::SchemeChoice::Generic,
    })
}

/// `--deny`, `--allow`: the names of `WarningCode::ALL`.
fn warning_parser() -> impl TypedValueParser<Value = WarningCode> {
    PossibleValuesParser::new(WarningCode::ALL.map(WarningCode::name))
        .map(|name| WarningCode::from_name(&name).expect("a listed name"))
}

/// clap_complete's bash script completes only options after `extract`; its
/// arguments are files, as for grep. The section of `extract` is rewritten to
/// offer them (options still complete after a "-").
fn bash_completes_files_for_extract(script: &str) -> String {
    let Some(start) = script.find("        rfc1738__subcmd__extract)") else {
        return script.to_owned();
    };
    let end = script[start..]
        .find("\n            ;;\n")
        .map_or(script.len(), |at| start + at);
    let section = script[start..end]
        .replace(
            "if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then",
            "if [[ ${cur} == -* ]] ; then",
        )
        .replace(
            "            COMPREPLY=( $(compgen -W \"${opts}\" -- \"${cur}\") )\n            return 0",
            "            COMPREPLY=( $(compgen -f -- \"${cur}\") )\n            return 0",
        );
    format!("{}{section}{}", &script[..start], &script[end..])
}

/// `--reference` under a Section 5 specification: a usage error.
fn reference_needs_rfc2396() -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        "--reference judges URI references of the generic syntax: use it with --spec rfc2396 or --spec rfc3986",
    )
}

/// Whether `spec` has URI references: RFC 2396 and RFC 3986.
fn has_references(spec: Spec) -> bool {
    matches!(spec, Spec::Rfc2396 | Spec::Rfc3986)
}

/// The options given before the subcommand (`self`) merged with those after
/// it: either place works for the options a subcommand uses; one it does not
/// use is a usage error rather than ignored.
impl Given {
    fn spec(&self, after: &SpecArg) -> Spec {
        after.spec.or(self.spec.spec).unwrap_or(Spec::Rfc1738)
    }

    fn format(&self, after: &FormatArg) -> Format {
        after.format.or(self.format.format).unwrap_or(Format::Human)
    }

    fn color(&self, after: &ColorArg) -> bool {
        after
            .color
            .or(self.color.color)
            .unwrap_or(Color::Auto)
            .enabled()
    }

    fn lints(&self, after: LintArgs) -> render::Lints {
        render::Lints {
            strict: self.lints.strict || after.strict,
            deny: [self.lints.deny.clone(), after.deny].concat(),
            allow: [self.lints.allow.clone(), after.allow].concat(),
        }
    }

    /// A usage error for the options `command` does not take.
    fn unused(
        &self,
        command: &str,
        spec: bool,
        format: bool,
        color: bool,
        lints: bool,
    ) -> io::Result<()> {
        let given = [
            (!spec && self.spec.spec.is_some(), "--spec"),
            (!format && self.format.format.is_some(), "--format"),
            (!color && self.color.color.is_some(), "--color"),
            (!lints && self.lints.given(), "--strict, --deny and --allow"),
        ];
        match given.iter().find(|(given, _)| *given) {
            Some((_, option)) => Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("{command} does not take {option}"),
            )),
            None => Ok(()),
        }
    }
}

/// The URLs and files of `check` and `fix`: an argument `-` reads standard
/// input, as `extract -` and `--file -` do (no URL is the text `-`).
fn stdin_as_file(urls: Vec<OsString>, mut files: Vec<PathBuf>) -> (Vec<OsString>, Vec<PathBuf>) {
    let (stdin, urls): (Vec<OsString>, Vec<OsString>) =
        urls.into_iter().partition(|url| url == "-");
    if !stdin.is_empty() {
        files.insert(0, PathBuf::from("-"));
    }
    (urls, files)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let given = cli.given;
    let result = match cli.command {
        Command::Check {
            options,
            files,
            quiet,
            failures,
            summary,
            max_line_bytes,
            reference,
            urls,
        } => {
            let Given {
                spec,
                format,
                color,
                lints,
            } = options;
            let spec = given.spec(&spec);
            if reference && !has_references(spec) {
                Err(reference_needs_rfc2396())
            } else if reference && (lints.given() || given.lints.given()) {
                Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "--strict, --deny and --allow do not apply to --reference: a URI reference has no lints",
                ))
            } else {
                let (urls, files) = stdin_as_file(urls, files);
                check::run(check::Options {
                    max_line_bytes,
                    reference,
                    spec,
                    format: given.format(&format),
                    lints: given.lints(lints),
                    color: given.color(&color),
                    quiet,
                    failures,
                    summary,
                    files,
                    urls,
                    fix: false,
                })
            }
        }
        Command::Fix {
            spec,
            format,
            color,
            files,
            reference,
            max_line_bytes,
            urls,
        } => {
            let spec = given.spec(&spec);
            if let Err(error) = given.unused("fix", true, true, true, false) {
                Err(error)
            } else if reference && !has_references(spec) {
                Err(reference_needs_rfc2396())
            } else {
                let (urls, files) = stdin_as_file(urls, files);
                check::run(check::Options {
                    max_line_bytes,
                    reference,
                    spec,
                    format: given.format(&format),
                    lints: render::Lints::default(),
                    color: given.color(&color),
                    quiet: false,
                    failures: false,
                    summary: false,
                    files,
                    urls,
                    fix: true,
                })
            }
        }
        Command::Explain {
            options,
            ftp_password,
            historical_cwd,
            reference,
            urls,
        } => {
            let Given {
                spec,
                format,
                color,
                lints,
            } = options;
            let spec = given.spec(&spec);
            if reference && !has_references(spec) {
                Err(reference_needs_rfc2396())
            } else {
                explain::run(
                    &urls,
                    &explain::Options {
                        spec,
                        format: given.format(&format),
                        lints: given.lints(lints),
                        color: given.color(&color),
                        ftp_password,
                        reference,
                        cwd_style: if historical_cwd {
                            CwdStyle::Historical
                        } else {
                            CwdStyle::Rfc1738
                        },
                    },
                )
            }
        }
        Command::Resolve {
            spec,
            format,
            color,
            base,
            references,
        } => given
            .unused("resolve", true, true, true, false)
            .and_then(|()| match given.spec(&spec) {
                Spec::Rfc1738 | Spec::Draft07 if spec.spec.is_some() || given.spec.spec.is_some() => {
                    Err(io::Error::new(
                        io::ErrorKind::InvalidInput,
                        "resolve reads URI references of the generic syntax: --spec rfc2396 (the default) or --spec rfc3986",
                    ))
                }
                spec => Ok(spec),
            })
            .and_then(|spec| {
                resolve::run(
                    &base,
                    &references,
                    &resolve::Options {
                        // By default, RFC 2396, as uri(7) reads references.
                        spec: if spec == Spec::Rfc3986 { spec } else { Spec::Rfc2396 },
                        format: given.format(&format),
                        color: given.color(&color),
                    },
                )
            }),
        Command::Extract {
            options,
            any_scheme,
            verbose,
            files,
        } => extract::run(
            &files,
            &extract::Options {
                extract: rfc1738::ExtractOptions {
                    spec: given.spec(&options.spec),
                    any_scheme,
                },
                lints: given.lints(options.lints),
                format: given.format(&options.format),
                verbose,
                color: given.color(&options.color),
            },
        ),
        Command::Gen {
            spec,
            format,
            scheme,
            count,
            seed,
            invalid,
        } => given
            .unused("gen", true, true, false, false)
            .and_then(|()| {
                generate::run(&generate::Options {
                    spec: given.spec(&spec),
                    format: given.format(&format),
                    scheme,
                    count,
                    seed,
                    invalid,
                })
            }),
        Command::Completions { shell } => given
            .unused("completions", false, false, false, false)
            .and_then(|()| {
                let mut script = Vec::new();
                clap_complete::generate(shell, &mut Cli::command(), "rfc1738", &mut script);
                if shell == clap_complete::Shell::Bash {
                    script = bash_completes_files_for_extract(&String::from_utf8_lossy(&script))
                        .into_bytes();
                }
                io::Write::write_all(&mut io::stdout(), &script).map(|()| true)
            }),
        Command::Man { out } => given
            .unused("man", false, false, false, false)
            .and_then(|()| manual::write(Cli::command(), out.as_deref()).map(|()| true)),
    };
    exit::status(result)
}
