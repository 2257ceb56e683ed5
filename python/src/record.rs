//! What `rfc1738 check --format json` and `rfc1738 extract` say of an input,
//! as Python dicts, built from the library as the command builds them
//! (`src/bin/rfc1738/render.rs`).

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use rfc1738::{Extracted, Spec, Url, Warning};

use crate::errors::parse_error_value;

/// The scheme a valid URL is counted under: its known scheme, or the generic
/// scheme's name in lower case (`render::scheme_key`).
pub(crate) fn scheme_key(url: &Url<'_>) -> std::borrow::Cow<'static, str> {
    match url.known_scheme() {
        Some(scheme) => scheme.name().into(),
        None => url.scheme().to_ascii_lowercase().into(),
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
            record.set_item("scheme", error.scheme().map(|scheme| scheme.name()))?;
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

/// Each URL found in text as a dict.
pub(crate) fn extracted<'py>(
    py: Python<'py>,
    found: &[Extracted<'_>],
) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for url in found {
        let record = PyDict::new(py);
        record.set_item("url", url.url())?;
        record.set_item("raw", url.raw())?;
        record.set_item("start", url.span().start)?;
        record.set_item("end", url.span().end)?;
        record.set_item("line", url.line())?;
        record.set_item("column", url.column())?;
        record.set_item("delimiter", url.delimiter().name())?;
        record.set_item("alternative", url.alternative())?;
        record.set_item("fragment", url.fragment())?;
        record.set_item("valid", url.is_valid())?;
        match url.error() {
            Some(error) => {
                record.set_item("error", parse_error_value(py, error, url.url().as_bytes())?)?
            }
            None => record.set_item("error", py.None())?,
        }
        list.append(record)?;
    }
    Ok(list)
}
