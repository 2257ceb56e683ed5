//! `rfc1738 completions`: clap_complete's script for a shell, with extract's
//! arguments completed as the file names they are.

use std::io::{self, Write};

use clap::Command;
use clap_complete::Shell;

/// Writes the completion script of `command` for `shell` to `out`.
///
/// ```ignore
/// completions::write(Shell::Bash, &mut Cli::command(), &mut io::stdout())?;
/// ```
pub fn write(shell: Shell, command: &mut Command, out: &mut impl Write) -> io::Result<()> {
    let mut script = Vec::new();
    clap_complete::generate(shell, command, "rfc1738", &mut script);
    if shell == Shell::Bash {
        script = bash_completes_files_for_extract(&String::from_utf8_lossy(&script)).into_bytes();
    }
    out.write_all(&script)
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
