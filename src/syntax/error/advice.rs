//! The advice of a [`ParseError`](super::ParseError): its help line, its
//! checked fix, and the other specifications that take the input as it is.

use super::Judged;
use super::help;
use super::report::Report;
use crate::syntax::fix::{self, Fix};
use crate::syntax::spec::Spec;

/// What a [`ParseError`](super::ParseError) advises: the help line, the
/// checked fix, and the other specifications that take the input as it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Advice {
    pub(super) help: Option<String>,
    pub(super) fix: Option<Fix>,
    pub(super) valid_under: Vec<Spec>,
}

impl Advice {
    /// The advice on `text`, judged as `judged`; `bytes` are the input's
    /// where they are not UTF-8 (`text` has U+FFFD for them).
    pub(super) fn of(text: &str, judged: Judged, bytes: Option<&[u8]>, report: &Report) -> Advice {
        let spec = report.spec;
        let judged = if spec.is_section5() {
            Judged::Url
        } else {
            judged
        };
        let (fix, valid_under) = match bytes {
            _ if report.nesting_limit => (None, Vec::new()),
            // No grammar takes bytes that are not UTF-8 as they are.
            Some(bytes) => (fix::find_in_bytes(bytes, spec, judged), Vec::new()),
            None => (
                fix::find(text, spec, judged),
                fix::valid_under(text, spec, judged),
            ),
        };
        let base = match &report.fixed_help {
            Some(help) => help.clone(),
            None => help::of(
                text,
                spec,
                report.scheme,
                report.offset,
                &report.expected.items,
                report.found,
                judged,
            ),
        };
        let help = teach(base, fix.as_ref(), &valid_under, judged);
        Advice {
            help,
            fix,
            valid_under,
        }
    }
}

/// The help line: the help of the error's kind, or where there is none what
/// the fix does; what the fix removes, always; then the specifications that
/// would take the input as it is.
fn teach(
    base: Option<String>,
    fix: Option<&Fix>,
    valid_under: &[Spec],
    judged: Judged,
) -> Option<String> {
    let mut parts: Vec<String> = Vec::new();
    match (base, fix) {
        (Some(base), Some(fix)) => {
            parts.push(base);
            parts.extend(fix.removals().map(str::to_owned));
        }
        (Some(base), None) => parts.push(base),
        (None, Some(fix)) => parts.push(fix.description()),
        (None, None) => {}
    }
    if !valid_under.is_empty() {
        let reference = if judged == Judged::UriReference {
            " --reference"
        } else {
            ""
        };
        let names: Vec<String> = valid_under
            .iter()
            .map(|spec| format!("`--spec {}{reference}`", spec.name()))
            .collect();
        let listed = match names.as_slice() {
            [init @ .., last] if !init.is_empty() => format!("{} and {last}", init.join(", ")),
            _ => names.concat(),
        };
        parts.push(format!("valid under {listed}"));
    }
    (!parts.is_empty()).then(|| parts.join("; "))
}
