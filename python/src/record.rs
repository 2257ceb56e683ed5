//! What `rfc1738 check --format json` and `rfc1738 extract` say of an input,
//! as Python dicts, built from the library as the command builds them
//! (`src/bin/rfc1738/render.rs`).

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use rfc1738::{Extracted, ParseError, Spec, Url, Warning};

use crate::errors::{parse_error_advised, parse_error_value};

/// The scheme a valid URL is counted under: its known scheme, or the generic
/// scheme's name in lower case (`render::scheme_key`).
pub(crate) fn scheme_key(url: &Url<'_>) -> std::borrow::Cow<'static, str> {
    match url.known_scheme() {
        Some(scheme) => scheme.name().into(),
        None => url.scheme().to_ascii_lowercase().into(),
    }
}

/// The scheme an invalid input is counted under: the known scheme whose
/// rule judged it, else the scheme it writes, in lower case; `None` where
/// it writes none (`render::error_scheme_key`).
pub(crate) fn error_scheme_key(error: &ParseError) -> Option<std::borrow::Cow<'static, str>> {
    match error.scheme() {
        Some(scheme) => Some(scheme.name().into()),
        None => error
            .written_scheme()
            .map(|written| written.to_ascii_lowercase().into()),
    }
}

/// `check`'s record of `input` under `spec`: `input`, `valid`, `spec`,
/// `scheme`, `error` (the `ParseError`, not raised) and `warnings`.
pub(crate) fn check<'py>(py: Python<'py>, input: &[u8], spec: Spec) -> PyResult<Bound<'py, PyAny>> {
    let record = PyDict::new(py);
    record.set_item("input", String::from_utf8_lossy(input))?;
    match Url::parse_bytes_with_warnings(input, spec) {
        Ok((url, found)) => {
            record.set_item("valid", true)?;
            record.set_item("spec", spec.name())?;
            record.set_item("scheme", scheme_key(&url))?;
            record.set_item("error", py.None())?;
            record.set_item("warnings", warnings(py, &found)?)?;
        }
        Err(error) => {
            record.set_item("valid", false)?;
            record.set_item("spec", spec.name())?;
            record.set_item("scheme", error_scheme_key(&error))?;
            record.set_item("error", parse_error_value(py, &error, input)?)?;
            record.set_item("warnings", PyList::empty(py))?;
        }
    }
    Ok(record.into_any())
}

/// Each warning as a dict: `code`, `message`, `offset` (and `end`, where
/// the span it is about ends).
pub(crate) fn warnings<'py>(py: Python<'py>, found: &[Warning]) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for warning in found {
        let record = PyDict::new(py);
        record.set_item("code", warning.code().name())?;
        record.set_item("message", warning.message())?;
        record.set_item("offset", warning.span().start)?;
        record.set_item("end", warning.span().end)?;
        record.set_item("severity", warning.code().severity().to_string())?;
        list.append(record)?;
    }
    Ok(list)
}

/// A URL found in text, held apart from the text (which a reading of bytes
/// does not keep), with its error's advice as [`Extracted`] gives it.
pub(crate) struct Found {
    url: String,
    raw: String,
    span: std::ops::Range<usize>,
    line: usize,
    column: usize,
    delimiter: &'static str,
    alternative: Option<String>,
    fragment: Option<String>,
    error: Option<ParseError>,
    help: Option<String>,
    fix: Option<String>,
}

impl Found {
    pub(crate) fn of(found: &Extracted<'_>) -> Found {
        Found {
            url: found.url().to_owned(),
            raw: found.raw().to_owned(),
            span: found.span(),
            line: found.line(),
            column: found.column(),
            delimiter: found.delimiter().name(),
            alternative: found.alternative().map(str::to_owned),
            fragment: found.fragment().map(str::to_owned),
            error: found.error().cloned(),
            help: found.help(),
            fix: found.fix().map(|fix| fix.text().to_owned()),
        }
    }
}

/// Each URL found in text as a dict.
pub(crate) fn extracted<'py>(py: Python<'py>, found: &[Found]) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for url in found {
        let record = PyDict::new(py);
        record.set_item("url", &url.url)?;
        record.set_item("raw", &url.raw)?;
        record.set_item("start", url.span.start)?;
        record.set_item("end", url.span.end)?;
        record.set_item("line", url.line)?;
        record.set_item("column", url.column)?;
        record.set_item("delimiter", url.delimiter)?;
        record.set_item("alternative", url.alternative.as_deref())?;
        record.set_item("fragment", url.fragment.as_deref())?;
        record.set_item("valid", url.error.is_none())?;
        match &url.error {
            Some(error) => record.set_item(
                "error",
                parse_error_advised(
                    py,
                    error,
                    url.url.as_bytes(),
                    url.help.as_deref(),
                    url.fix.as_deref(),
                )?,
            )?,
            None => record.set_item("error", py.None())?,
        }
        list.append(record)?;
    }
    Ok(list)
}
