//! `rfc1738 man`: the manual page, from the same definition as `--help`:
//! one page with every subcommand and option, the exit status and examples,
//! or with `--out DIR` that page and one per subcommand.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::Path;

use clap::Command;

use crate::exit;

/// Text as roff reads it: backslashes and hyphens escaped, and a line that
/// would start with a control character protected.
fn roff(text: &str) -> String {
    let escaped = text.replace('\\', "\\e").replace('-', "\\-");
    escaped
        .lines()
        .map(|line| {
            if line.starts_with(['.', '\'']) {
                format!("\\&{line}")
            } else {
                line.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The options and arguments of `command`, as `.TP` entries.
fn arguments(command: &Command, out: &mut String) {
    for arg in command.get_arguments() {
        if arg.is_hide_set() {
            continue;
        }
        let mut head = String::new();
        if let Some(short) = arg.get_short() {
            let _ = write!(head, "\\fB\\-{short}\\fR, ");
        }
        match arg.get_long() {
            Some(long) => {
                let _ = write!(
                    head,
                    "\\fB\\-\\-{}\\fR",
                    roff(long).replace("\\-", "-").replace('-', "\\-")
                );
                if arg.get_action().takes_values()
                    && let Some(names) = arg.get_value_names()
                {
                    for name in names {
                        let _ = write!(head, " \\fI{}\\fR", roff(name));
                    }
                }
            }
            None => {
                let name = arg
                    .get_value_names()
                    .and_then(|names| names.first())
                    .map_or_else(|| arg.get_id().to_string(), ToString::to_string);
                let _ = write!(head, "\\fI{}\\fR", roff(&name.to_uppercase()));
            }
        }
        let help = arg
            .get_long_help()
            .or_else(|| arg.get_help())
            .map(ToString::to_string)
            .unwrap_or_default();
        let values: Vec<String> = arg
            .get_possible_values()
            .iter()
            .filter(|value| !value.is_hide_set())
            .map(|value| value.get_name().to_owned())
            .collect();
        let _ = writeln!(out, ".TP\n{head}\n{}", roff(&help));
        if !values.is_empty() {
            let _ = writeln!(out, ".br\nValues: {}.", roff(&values.join(", ")));
        }
    }
}

/// The page of `command` (the whole program, or one subcommand when
/// `parent` names the program).
fn page(command: &Command, parent: Option<&str>) -> String {
    let name = match parent {
        Some(parent) => format!("{parent}-{}", command.get_name()),
        None => command.get_name().to_owned(),
    };
    let mut out = String::new();
    let version = command.get_version().unwrap_or_default();
    let _ = writeln!(
        out,
        ".TH {} 1 \"\" \"{name} {version}\" \"User Commands\"",
        roff(&name.to_uppercase())
    );
    let about = command
        .get_about()
        .map(ToString::to_string)
        .unwrap_or_default();
    let _ = writeln!(out, ".SH NAME\n{} \\- {}", roff(&name), roff(&about));
    let usage = command.clone().render_usage().to_string();
    let usage = usage.trim_start_matches("Usage: ");
    let _ = writeln!(out, ".SH SYNOPSIS\n.nf\n{}\n.fi", roff(usage));
    if let Some(long) = command.get_long_about() {
        let _ = writeln!(out, ".SH DESCRIPTION\n{}", roff(&long.to_string()));
    }
    let _ = writeln!(out, ".SH OPTIONS");
    arguments(command, &mut out);
    let subcommands: Vec<&Command> = command
        .get_subcommands()
        .filter(|sub| sub.get_name() != "help")
        .collect();
    if !subcommands.is_empty() {
        let _ = writeln!(out, ".SH COMMANDS");
        for sub in subcommands {
            let usage = sub.clone().render_usage().to_string();
            let usage = usage.trim_start_matches("Usage: ");
            let _ = writeln!(out, ".SS \"{}\"", roff(usage));
            let text = sub
                .get_long_about()
                .or_else(|| sub.get_about())
                .map(ToString::to_string)
                .unwrap_or_default();
            let _ = writeln!(out, "{}", roff(&text));
            arguments(sub, &mut out);
            if let Some(after) = sub.get_after_help() {
                let _ = writeln!(out, ".PP\n.nf\n{}\n.fi", roff(&after.to_string()));
            }
        }
    }
    let _ = writeln!(out, ".SH \"EXIT STATUS\"");
    for (status, meaning) in exit::CODES {
        let _ = writeln!(out, ".TP\n\\fB{status}\\fR\n{}", roff(meaning));
    }
    if let Some(after) = command.get_after_help()
        && parent.is_none()
    {
        let _ = writeln!(out, ".SH EXAMPLES\n.nf\n{}\n.fi", roff(&after.to_string()));
    }
    let _ = writeln!(out, ".SH \"SEE ALSO\"\nuri(7), RFC 1738, RFC 2396");
    out
}

/// The manual of `command`, built: with `dir`, its pages written there as
/// `write_pages` writes them; without, the whole page on standard output.
///
/// ```ignore
/// manual::write(Cli::command(), Some(Path::new("/usr/local/share/man/man1")))?;
/// ```
pub fn write(mut command: Command, dir: Option<&Path>) -> io::Result<()> {
    command.build();
    let mut stdout = io::stdout().lock();
    match dir {
        Some(dir) => write_pages(&command, dir, &mut stdout),
        None => render(&command, &mut stdout),
    }
}

/// The whole manual on one page.
pub fn render(command: &Command, out: &mut impl Write) -> io::Result<()> {
    out.write_all(page(command, None).as_bytes())
}

/// The manual in `dir`: `rfc1738.1`, the whole page, and one page per
/// subcommand (`rfc1738-check.1`, ...); each path written is printed on a
/// line of `out`, for a script to compress or install.
pub fn write_pages(command: &Command, dir: &Path, out: &mut impl Write) -> io::Result<()> {
    std::fs::create_dir_all(dir).map_err(|error| {
        // On a file (or a link to none) it says "File exists", which names
        // no fault.
        let (kind, message) = if error.kind() == io::ErrorKind::AlreadyExists && !dir.is_dir() {
            (io::ErrorKind::NotADirectory, "not a directory".to_owned())
        } else {
            (error.kind(), error.to_string())
        };
        io::Error::new(kind, format!("{}: {message}", dir.display()))
    })?;
    let mut write = |name: &str, text: String| {
        let path = dir.join(name);
        std::fs::write(&path, text).map_err(|error| {
            io::Error::new(error.kind(), format!("{}: {error}", path.display()))
        })?;
        writeln!(out, "{}", path.display())
    };
    write(&format!("{}.1", command.get_name()), page(command, None))?;
    for sub in command
        .get_subcommands()
        .filter(|sub| sub.get_name() != "help")
    {
        write(
            &format!("{}-{}.1", command.get_name(), sub.get_name()),
            page(sub, Some(command.get_name())),
        )?;
    }
    Ok(())
}
