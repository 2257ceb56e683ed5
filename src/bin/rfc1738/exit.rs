//! The exit status: its codes, what each means, and how a run's result and
//! the errors met along the way map to one.
//!
//! | code | when |
//! |---|---|
//! | 0 | every URL is valid (every reference resolved) |
//! | 1 | a URL is invalid, denied by a lint, or a reference did not resolve |
//! | 2 | a usage error (clap's, or options that do not go together), a file that could not be read, or another I/O error |
//!
//! clap ends a run itself on an argument it cannot read, with 2 (and with 0
//! for `--help` and `--version`). When the reader of the output goes away
//! (a broken pipe), the run ends quietly with the status of what was done by
//! then.

use std::io;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

/// Every URL is valid.
const VALID: u8 = 0;
/// Some URL is invalid, or a reference did not resolve.
const INVALID: u8 = 1;
/// A usage error or an I/O error.
const TROUBLE: u8 = 2;

/// The codes and their meaning, as the manual page lists them.
///
/// ```ignore
/// for (code, meaning) in exit::CODES {
///     println!("{code}: {meaning}");
/// }
/// ```
pub const CODES: [(u8, &str); 3] = [
    (VALID, "Every URL is valid (every reference resolved)."),
    (
        INVALID,
        "A URL is invalid, denied by a lint, or a reference did not resolve. When the reader of the output goes away before the end (a closed pipe), the run stops with the status of what was checked by then.",
    ),
    (
        TROUBLE,
        "A usage error, or a file that could not be read (the message names it; the other files are still checked).",
    ),
];

/// Whether an input was found invalid (or a reference did not resolve): the
/// exit status when the output goes away before the end (a broken pipe).
static INVALID_SEEN: AtomicBool = AtomicBool::new(false);

/// Whether a file could not be read: the run went on without it, and ends
/// with status 2.
static IO_FAILED: AtomicBool = AtomicBool::new(false);

/// Notes that an input was found invalid, for the status of a run cut short.
///
/// ```ignore
/// if !valid {
///     exit::saw_invalid();
/// }
/// ```
pub fn saw_invalid() {
    INVALID_SEEN.store(true, Ordering::Relaxed);
}

/// Reports an I/O error (`message` names the path) on standard error and
/// notes it for the exit status; the run goes on with the next input.
///
/// ```ignore
/// exit::io_error(&format!("{}: {error}", path.display()));
/// ```
pub fn io_error(message: &str) {
    eprintln!("rfc1738: {message}");
    IO_FAILED.store(true, Ordering::Relaxed);
}

/// The status a run ends with: `Ok(true)` when all it judged passed,
/// `Ok(false)` when something did not, an error when it could not go on
/// (printed here, except a broken pipe, which is no one's fault).
///
/// ```ignore
/// fn main() -> ExitCode {
///     exit::status(Ok(true)) // ExitCode::SUCCESS, unless a file could not be read
/// }
/// ```
pub fn status(result: io::Result<bool>) -> ExitCode {
    let code = match result {
        Ok(_) if IO_FAILED.load(Ordering::Relaxed) => TROUBLE,
        Ok(true) => VALID,
        Ok(false) => INVALID,
        // A reader such as `head` went away: stop quietly, with the status of
        // what was checked up to then.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => {
            if IO_FAILED.load(Ordering::Relaxed) {
                TROUBLE
            } else if INVALID_SEEN.load(Ordering::Relaxed) {
                INVALID
            } else {
                VALID
            }
        }
        Err(error) => {
            eprintln!("rfc1738: {error}");
            TROUBLE
        }
    };
    ExitCode::from(code)
}
