//! What a command line asks for: clap's reading lowered to one typed value
//! per subcommand, with the options before the subcommand merged in, the
//! defaults filled and the combinations that do not go together refused.

use std::ffi::OsString;
use std::fmt;
use std::io::{self, IsTerminal};
use std::path::PathBuf;

use rfc1738::{CwdStyle, ExtractOptions, Scheme, Spec};

use crate::args::{
    CheckArgs, CheckingArgs, Cli, Color, ColorArg, Command, ExplainArgs, ExtractArgs, FixArgs,
    Format, FormatArg, GenArgs, LintArgs, ResolveArgs, SpecArg,
};
use crate::{check, explain, extract, generate, render, resolve};

/// One run of the command, its options resolved.
///
/// ```ignore
/// let run = Run::from_cli(Cli::parse_from(["rfc1738", "--spec", "draft07", "check", "x"]))?;
/// assert!(matches!(run, Run::Check(options) if options.spec == Spec::Draft07));
/// ```
pub enum Run {
    /// `check`, and `fix` (`Options::fix`).
    Check(check::Options),
    Explain(explain::Options),
    Resolve(resolve::Options),
    Extract(extract::Options),
    Gen(generate::Options),
    Completions(clap_complete::Shell),
    /// `man`: the folder to write the pages into, or standard output.
    Man(Option<PathBuf>),
}

/// Options that do not go together: a usage error, exit status 2.
///
/// ```ignore
/// let error = UsageError::NotTaken { command: "gen", option: "--color" };
/// assert_eq!(error.to_string(), "gen does not take --color");
/// ```
#[derive(Debug)]
pub enum UsageError {
    /// An option before the subcommand that the subcommand does not take.
    NotTaken {
        command: &'static str,
        option: &'static str,
    },
    /// `--reference` under a Section 5 specification.
    ReferenceNeedsGenericSyntax,
    /// `check --reference` with a lint option.
    ReferenceHasNoLints,
    /// `resolve` under a Section 5 specification, named on the command line.
    ResolveNeedsGenericSyntax,
    /// `gen --spec rfc2396 --scheme` with a scheme of which uri(7) gives
    /// no form.
    GenNoUri7Form(Scheme),
    /// `gen --scheme` with a name that the specification's `scheme` rule
    /// does not read.
    GenNoSchemeName { name: String, spec: Spec },
}

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UsageError::NotTaken { command, option } => write!(f, "{command} does not take {option}"),
            UsageError::ReferenceNeedsGenericSyntax => f.write_str(
                "--reference judges URI references of the generic syntax: use it with --spec rfc2396 or --spec rfc3986",
            ),
            UsageError::ReferenceHasNoLints => f.write_str(
                "--strict, --deny and --allow do not apply to --reference: a URI reference has no lints",
            ),
            UsageError::ResolveNeedsGenericSyntax => f.write_str(
                "resolve reads URI references of the generic syntax: --spec rfc2396 (the default) or --spec rfc3986",
            ),
            UsageError::GenNoUri7Form(scheme) => write!(
                f,
                "uri(7) gives {scheme} URLs no form: under --spec rfc2396, gen --scheme takes ftp, http, gopher, mailto, news, telnet, wais, file, man, info, whatis, ghelp, ldap, generic or another scheme's name"
            ),
            UsageError::GenNoSchemeName { name, spec } => write!(
                f,
                "{name:?} is no scheme name under {} (`scheme` is letters, digits, \"+\", \"-\" and \".\"{}): gen --scheme takes a known scheme, generic, or a scheme's name",
                spec.title(),
                if spec.is_section5() { "" } else { ", from a letter on" }
            ),
        }
    }
}

impl std::error::Error for UsageError {}

/// A usage error ends the run as an invalid input does in the subcommands:
/// its message on standard error, exit status 2.
impl From<UsageError> for io::Error {
    fn from(error: UsageError) -> Self {
        io::Error::new(io::ErrorKind::InvalidInput, error)
    }
}

impl Run {
    /// The run `cli` asks for, or the usage error that stops it.
    ///
    /// ```ignore
    /// let run = Run::from_cli(Cli::parse())?;
    /// ```
    pub fn from_cli(cli: Cli) -> Result<Run, UsageError> {
        let before = BeforeSubcommand(cli.before_subcommand);
        Ok(match cli.command {
            Command::Check(args) => Run::Check(check_options(args, before)?),
            Command::Fix(args) => Run::Check(fix_options(args, before)?),
            Command::Explain(args) => Run::Explain(explain_options(args, before)?),
            Command::Resolve(args) => Run::Resolve(resolve_options(args, before)?),
            Command::Extract(args) => Run::Extract(extract_options(args, before)),
            Command::Gen(args) => Run::Gen(gen_options(args, before)?),
            Command::Completions { shell } => {
                before.refuse_rest("completions")?;
                Run::Completions(shell)
            }
            Command::Man { out } => {
                before.refuse_rest("man")?;
                Run::Man(out)
            }
        })
    }
}

/// `check`: every option, from either place; `--reference` only under
/// the generic syntax, and without lints.
fn check_options(args: CheckArgs, before: BeforeSubcommand) -> Result<check::Options, UsageError> {
    let checking = before.checking(args.checking);
    needs_generic_syntax(args.reference, checking.spec)?;
    if args.reference && checking.lints.given() {
        return Err(UsageError::ReferenceHasNoLints);
    }
    let (urls, files) = stdin_as_file(args.urls, args.files);
    Ok(check::Options {
        spec: checking.spec,
        format: checking.format,
        lints: checking.lints.into(),
        color: checking.color,
        quiet: args.quiet,
        failures: args.failures,
        summary: args.summary,
        files,
        urls,
        max_line_bytes: args.max_line_bytes,
        reference: args.reference,
        fix: false,
        advice: !args.no_advice,
    })
}

/// `fix`: no lints, since a fix is judged by the grammar alone.
fn fix_options(args: FixArgs, mut before: BeforeSubcommand) -> Result<check::Options, UsageError> {
    let spec = before.spec(args.spec).unwrap_or(Spec::Rfc1738);
    let format = before.format(args.format);
    let color = before.color_of_stderr(args.color);
    before.refuse_rest("fix")?;
    needs_generic_syntax(args.reference, spec)?;
    let (urls, files) = stdin_as_file(args.urls, args.files);
    Ok(check::Options {
        spec,
        format,
        lints: render::Lints::default(),
        color,
        quiet: false,
        failures: false,
        summary: false,
        files,
        urls,
        max_line_bytes: args.max_line_bytes,
        reference: args.reference,
        fix: true,
        advice: true,
    })
}

/// `explain`: every option, from either place; `--reference` as `check`
/// takes it.
fn explain_options(
    args: ExplainArgs,
    before: BeforeSubcommand,
) -> Result<explain::Options, UsageError> {
    let checking = before.checking(args.checking);
    needs_generic_syntax(args.reference, checking.spec)?;
    if args.reference && checking.lints.given() {
        return Err(UsageError::ReferenceHasNoLints);
    }
    Ok(explain::Options {
        spec: checking.spec,
        format: checking.format,
        lints: checking.lints.into(),
        color: checking.color,
        ftp_password: args.ftp_password,
        cwd_style: if args.historical_cwd {
            CwdStyle::Historical
        } else {
            CwdStyle::Rfc1738
        },
        reference: args.reference,
        // Standard input where neither a URL nor a file is given.
        urls: (1..).zip(args.urls).collect(),
        files: args.files,
        max_line_bytes: args.max_line_bytes,
    })
}

/// `resolve`: no lints; a Section 5 specification named is refused, since
/// resolution is the generic syntax's.
fn resolve_options(
    args: ResolveArgs,
    mut before: BeforeSubcommand,
) -> Result<resolve::Options, UsageError> {
    let spec = before.spec(SpecArg {
        spec: args.spec.spec,
    });
    let format = before.format(args.format);
    let color = before.color_of_stderr(args.color);
    before.refuse_rest("resolve")?;
    let spec = match spec {
        Some(Spec::Rfc1738 | Spec::Draft07) => return Err(UsageError::ResolveNeedsGenericSyntax),
        Some(Spec::Rfc3986) => Spec::Rfc3986,
        // By default, RFC 2396, as uri(7) reads references.
        _ => Spec::Rfc2396,
    };
    Ok(resolve::Options {
        spec,
        format,
        color,
        base: args.base,
        references: args.references,
    })
}

/// `extract`: every option, from either place.
fn extract_options(args: ExtractArgs, before: BeforeSubcommand) -> extract::Options {
    let checking = before.checking(args.checking);
    extract::Options {
        extract: ExtractOptions {
            spec: checking.spec,
            any_scheme: args.any_scheme,
        },
        lints: checking.lints.into(),
        format: checking.format,
        verbose: args.verbose,
        color: checking.color,
        files: args.files,
    }
}

/// `gen`: no colour and no lints; under RFC 2396, only the schemes of which
/// uri(7) gives a form.
fn gen_options(
    args: GenArgs,
    mut before: BeforeSubcommand,
) -> Result<generate::Options, UsageError> {
    let spec = before
        .spec(SpecArg {
            spec: args.spec.spec,
        })
        .unwrap_or(Spec::Rfc1738);
    let format = before.format(args.format);
    before.refuse_rest("gen")?;
    match &args.scheme {
        Some(generate::SchemeChoice::Known(scheme @ (Scheme::Nntp | Scheme::Prospero)))
            if spec == Spec::Rfc2396 =>
        {
            return Err(UsageError::GenNoUri7Form(*scheme));
        }
        Some(generate::SchemeChoice::Named(name)) if !spec.is_scheme_name(name) => {
            return Err(UsageError::GenNoSchemeName {
                name: name.clone(),
                spec,
            });
        }
        _ => {}
    }
    Ok(generate::Options {
        spec,
        format,
        scheme: args.scheme,
        count: args.count,
        seed: args.seed,
        invalid: args.invalid,
    })
}

/// The options of the subcommands that check URLs, from both places.
struct Checking {
    spec: Spec,
    format: Format,
    color: bool,
    lints: LintArgs,
}

/// The options given before the subcommand, as the subcommand takes them:
/// each one it uses is merged with the same option after its name (which
/// wins, or adds to it for the lints); one it does not use is left, and a
/// usage error rather than ignored.
struct BeforeSubcommand(CheckingArgs);

impl BeforeSubcommand {
    /// Everything, for a subcommand that checks URLs, which takes every
    /// option that may come before it.
    fn checking(mut self, after: CheckingArgs) -> Checking {
        Checking {
            spec: self.spec(after.spec).unwrap_or(Spec::Rfc1738),
            format: self.format(after.format),
            color: self.color(after.color),
            lints: self.lints(after.lints),
        }
    }

    /// `--spec`, if given in either place.
    fn spec(&mut self, after: SpecArg) -> Option<Spec> {
        after.spec.or(self.0.spec.spec.take())
    }

    /// `--format`, `human` unless given.
    fn format(&mut self, after: FormatArg) -> Format {
        after
            .format
            .or(self.0.format.format.take())
            .unwrap_or(Format::Human)
    }

    /// Whether to colour standard output.
    fn color(&mut self, after: ColorArg) -> bool {
        colours(self.color_choice(after), io::stdout().is_terminal())
    }

    /// Whether to colour standard error, where `fix` and `resolve` write
    /// their diagnostics.
    fn color_of_stderr(&mut self, after: ColorArg) -> bool {
        colours(self.color_choice(after), io::stderr().is_terminal())
    }

    fn color_choice(&mut self, after: ColorArg) -> Color {
        after
            .color
            .or(self.0.color.color.take())
            .unwrap_or(Color::Auto)
    }

    /// The lint options of both places together.
    fn lints(&mut self, after: LintArgs) -> LintArgs {
        let before = std::mem::take(&mut self.0.lints);
        LintArgs {
            strict: before.strict || after.strict,
            deny: [before.deny, after.deny].concat(),
            allow: [before.allow, after.allow].concat(),
        }
    }

    /// A usage error for the first option left that `command` did not take,
    /// in the order of `--help`.
    fn refuse_rest(self, command: &'static str) -> Result<(), UsageError> {
        let CheckingArgs {
            spec,
            format,
            color,
            lints,
        } = self.0;
        let left = [
            (spec.spec.is_some(), "--spec"),
            (format.format.is_some(), "--format"),
            (color.color.is_some(), "--color"),
            (lints.given(), "--strict, --deny and --allow"),
        ];
        match left.into_iter().find(|(given, _)| *given) {
            Some((_, option)) => Err(UsageError::NotTaken { command, option }),
            None => Ok(()),
        }
    }
}

impl From<LintArgs> for render::Lints {
    fn from(lints: LintArgs) -> Self {
        render::Lints {
            strict: lints.strict,
            deny: lints.deny,
            allow: lints.allow,
        }
    }
}

/// Whether to colour a stream (`on_terminal`: whether it is a terminal):
/// not by default with NO_COLOR set (any non-empty value), as
/// <https://no-color.org> asks, but always when asked on the command line,
/// which wins over the variable.
fn colours(color: Color, on_terminal: bool) -> bool {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
    match color {
        Color::Never => false,
        Color::Always => true,
        Color::Auto => !no_color && on_terminal,
    }
}

/// `--reference` judges URI references, which RFC 2396 and RFC 3986 have
/// and Section 5 does not.
fn needs_generic_syntax(reference: bool, spec: Spec) -> Result<(), UsageError> {
    if reference && !matches!(spec, Spec::Rfc2396 | Spec::Rfc3986) {
        Err(UsageError::ReferenceNeedsGenericSyntax)
    } else {
        Ok(())
    }
}

/// The URLs and files of `check` and `fix`: an argument `-` reads standard
/// input, as `extract -` and `--file -` do (no URL is the text `-`). Each
/// URL keeps its position among the arguments, from 1, a `-` counted, which
/// is what the output calls it.
fn stdin_as_file(
    urls: Vec<OsString>,
    mut files: Vec<PathBuf>,
) -> (Vec<(usize, OsString)>, Vec<PathBuf>) {
    let mut urls: Vec<(usize, OsString)> = (1..).zip(urls).collect();
    let arguments = urls.len();
    urls.retain(|(_, url)| url != "-");
    if urls.len() < arguments {
        files.insert(0, PathBuf::from("-"));
    }
    (urls, files)
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    /// The run of a command line, or its usage error's message.
    fn lowered(words: &[&str]) -> Result<Run, String> {
        let cli = Cli::try_parse_from(["rfc1738"].iter().chain(words)).expect("clap reads it");
        Run::from_cli(cli).map_err(|error| error.to_string())
    }

    fn refused(words: &[&str]) -> String {
        lowered(words).err().expect("a usage error")
    }

    #[test]
    fn an_option_before_a_subcommand_that_does_not_take_it_is_refused() {
        assert_eq!(
            refused(&["--color", "always", "gen"]),
            "gen does not take --color"
        );
        assert_eq!(
            refused(&["--strict", "resolve", "http://a/b", "c"]),
            "resolve does not take --strict, --deny and --allow"
        );
        assert_eq!(
            refused(&["--deny", "scheme-case", "fix", "x"]),
            "fix does not take --strict, --deny and --allow"
        );
        // The first in the order of --help is named.
        assert_eq!(
            refused(&["--allow", "scheme-case", "--spec", "draft07", "man"]),
            "man does not take --spec"
        );
        // Refused before the subcommand's own checks.
        assert_eq!(
            refused(&["--strict", "fix", "--reference", "x"]),
            "fix does not take --strict, --deny and --allow"
        );
    }

    #[test]
    fn options_after_the_subcommand_win_over_those_before() {
        let Ok(Run::Check(options)) =
            lowered(&["--spec", "draft07", "check", "--spec", "rfc3986", "x"])
        else {
            panic!("a check");
        };
        assert_eq!(options.spec, Spec::Rfc3986);
        let Ok(Run::Resolve(options)) = lowered(&[
            "--spec", "rfc1738", "resolve", "--spec", "rfc3986", "a:b", "c",
        ]) else {
            panic!("a resolve");
        };
        assert_eq!(options.spec, Spec::Rfc3986);
    }

    #[test]
    fn lints_from_both_places_add_up() {
        let Ok(Run::Explain(options)) = lowered(&[
            "--deny",
            "scheme-case",
            "explain",
            "--strict",
            "--allow",
            "port-range",
            "x",
        ]) else {
            panic!("an explain");
        };
        assert!(options.lints.strict);
        assert_eq!(options.lints.deny.len(), 1);
        assert_eq!(options.lints.allow.len(), 1);
    }

    #[test]
    fn references_need_the_generic_syntax_and_no_lints() {
        assert_eq!(
            refused(&["check", "--reference", "x"]),
            UsageError::ReferenceNeedsGenericSyntax.to_string()
        );
        assert_eq!(
            refused(&["--strict", "check", "--spec", "rfc2396", "--reference", "x"]),
            UsageError::ReferenceHasNoLints.to_string()
        );
        assert_eq!(
            refused(&[
                "--strict",
                "explain",
                "--spec",
                "rfc2396",
                "--reference",
                "x"
            ]),
            UsageError::ReferenceHasNoLints.to_string()
        );
        assert!(lowered(&["explain", "--spec", "rfc3986", "--reference", "x"]).is_ok());
        assert_eq!(
            refused(&["--spec", "draft07", "resolve", "http://a/b", "c"]),
            UsageError::ResolveNeedsGenericSyntax.to_string()
        );
        // After the subcommand's name, its own `--spec` offers only these.
        let words = ["resolve", "--spec", "draft07", "http://a/b", "c"];
        assert!(Cli::try_parse_from(["rfc1738"].iter().chain(&words)).is_err());
        // uri(7) gives nntp and prospero no form.
        for scheme in ["nntp", "prospero"] {
            assert_eq!(
                refused(&["--spec", "rfc2396", "gen", "--scheme", scheme]),
                format!(
                    "uri(7) gives {scheme} URLs no form: under --spec rfc2396, gen --scheme takes \
                     ftp, http, gopher, mailto, news, telnet, wais, file, man, info, whatis, \
                     ghelp, ldap, generic or another scheme's name"
                )
            );
        }
        // A name that is no known scheme is taken where the `scheme` rule reads it.
        let Ok(Run::Gen(options)) = lowered(&["gen", "--spec", "rfc2396", "--scheme", "ldap"])
        else {
            panic!("gen --scheme ldap");
        };
        assert!(
            matches!(&options.scheme, Some(generate::SchemeChoice::Named(name)) if name == "ldap")
        );
        assert!(matches!(
            lowered(&["gen", "--scheme", "FTP"]),
            Ok(Run::Gen(generate::Options {
                scheme: Some(generate::SchemeChoice::Known(Scheme::Ftp)),
                ..
            }))
        ));
        assert_eq!(
            refused(&["gen", "--spec", "rfc3986", "--scheme", "x_y"]),
            "\"x_y\" is no scheme name under RFC 3986 (`scheme` is letters, digits, \"+\", \"-\" \
             and \".\", from a letter on): gen --scheme takes a known scheme, generic, or a \
             scheme's name"
        );
        assert!(matches!(
            lowered(&["gen", "--scheme", "Generic"]),
            Ok(Run::Gen(generate::Options {
                scheme: Some(generate::SchemeChoice::Generic),
                ..
            }))
        ));
        assert!(lowered(&["gen", "--spec", "rfc2396", "--scheme", "wais"]).is_ok());
        let Ok(Run::Resolve(options)) = lowered(&["resolve", "http://a/b", "c"]) else {
            panic!("a resolve");
        };
        assert_eq!(options.spec, Spec::Rfc2396);
    }

    #[test]
    fn a_dash_among_the_urls_reads_standard_input_first() {
        let Ok(Run::Check(options)) = lowered(&["check", "-f", "a.txt", "x", "-"]) else {
            panic!("a check");
        };
        assert_eq!(options.urls, [(1, "x".into())]);
        assert_eq!(options.files, [PathBuf::from("-"), PathBuf::from("a.txt")]);
    }

    #[test]
    fn a_url_argument_keeps_its_position_past_a_dash() {
        let Ok(Run::Check(options)) = lowered(&["check", "x", "-", "y"]) else {
            panic!("a check");
        };
        assert_eq!(options.urls, [(1, "x".into()), (3, "y".into())]);
    }
}
