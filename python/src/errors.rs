//! The library's errors as the package's Python exceptions, which
//! `rfc1738/_model.py` defines: `ParseError` with the fields of the library's
//! `ParseError`, and `ValueError`s for resolution, FTP commands and gopher
//! requests.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyType};
use rfc1738::{Expected, Found, FtpCommandError, GopherRequestError, ParseError, ResolveError};

static PARSE_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static RESOLVE_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static FTP_COMMAND_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static GOPHER_REQUEST_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// The exception class `name` of `rfc1738._model`.
fn class<'py>(
    py: Python<'py>,
    cell: &'static PyOnceLock<Py<PyType>>,
    name: &str,
) -> PyResult<Bound<'py, PyType>> {
    cell.import(py, "rfc1738._model", name).cloned()
}

/// `kind` and `text` of an expected item, as `check --format json` writes
/// them in `expected_items`.
pub(crate) fn expected_item(item: &Expected) -> (&'static str, &str) {
    let kind = match item {
        Expected::Rule(_) => "rule",
        Expected::Literal(_) => "literal",
        _ => "end",
    };
    (kind, item.text())
}

/// The keyword arguments of the Python `ParseError` for `error`.
pub(crate) fn fields<'py>(
    py: Python<'py>,
    error: &ParseError,
    input: &[u8],
) -> PyResult<Bound<'py, PyDict>> {
    let fields = PyDict::new(py);
    fields.set_item("input", String::from_utf8_lossy(input))?;
    fields.set_item("spec", error.spec().name())?;
    fields.set_item("scheme", error.scheme().map(|scheme| scheme.name()))?;
    fields.set_item("written_scheme", error.written_scheme())?;
    fields.set_item("offset", error.offset())?;
    fields.set_item("line", error.line())?;
    fields.set_item("column", error.column())?;
    fields.set_item("rule", error.rule())?;
    let expected = PyList::empty(py);
    let items = PyList::empty(py);
    for item in error.expected() {
        expected.append(item.name())?;
        items.append(expected_item(item))?;
    }
    fields.set_item("expected", expected.to_tuple())?;
    fields.set_item("expected_items", items.to_tuple())?;
    fields.set_item("message", error.message())?;
    fields.set_item("help", error.help())?;
    fields.set_item("fix", error.fix().map(rfc1738::Fix::text))?;
    let valid_under: Vec<&str> = error.valid_under().iter().map(|spec| spec.name()).collect();
    fields.set_item("valid_under", PyList::new(py, valid_under)?.to_tuple())?;
    match error.found() {
        Found::Char(c) => fields.set_item("found", c.to_string())?,
        Found::Byte(byte) => fields.set_item("found", byte)?,
        _ => fields.set_item("found", py.None())?,
    }
    fields.set_item("nesting_limit", error.is_nesting_limit())?;
    Ok(fields)
}

/// The Python `ParseError` for `error`, an error of parsing `input`.
pub(crate) fn parse_error(py: Python<'_>, error: &ParseError, input: &[u8]) -> PyErr {
    match parse_error_value(py, error, input) {
        Ok(value) => PyErr::from_value(value),
        Err(error) => error,
    }
}

/// The Python `ParseError` instance for `error`, not raised.
pub(crate) fn parse_error_value<'py>(
    py: Python<'py>,
    error: &ParseError,
    input: &[u8],
) -> PyResult<Bound<'py, PyAny>> {
    let class = class(py, &PARSE_ERROR, "ParseError")?;
    class.call((error.to_string(),), Some(&fields(py, error, input)?))
}

/// [`parse_error_value`] with the caller's help and fix in place of the
/// error's own (`Extracted::help`, `Extracted::fix`).
pub(crate) fn parse_error_advised<'py>(
    py: Python<'py>,
    error: &ParseError,
    input: &[u8],
    help: Option<&str>,
    fix: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let class = class(py, &PARSE_ERROR, "ParseError")?;
    let fields = fields(py, error, input)?;
    fields.set_item("help", help)?;
    fields.set_item("fix", fix)?;
    class.call((error.to_string(),), Some(&fields))
}

fn simple(
    py: Python<'_>,
    cell: &'static PyOnceLock<Py<PyType>>,
    name: &str,
    message: String,
) -> PyErr {
    match class(py, cell, name) {
        Ok(class) => PyErr::from_type(class, message),
        Err(error) => error,
    }
}

pub(crate) fn resolve_error(py: Python<'_>, error: &ResolveError) -> PyErr {
    simple(py, &RESOLVE_ERROR, "ResolveError", error.to_string())
}

pub(crate) fn ftp_command_error(py: Python<'_>, error: &FtpCommandError) -> PyErr {
    simple(py, &FTP_COMMAND_ERROR, "FtpCommandError", error.to_string())
}

pub(crate) fn gopher_request_error(py: Python<'_>, error: &GopherRequestError) -> PyErr {
    simple(
        py,
        &GOPHER_REQUEST_ERROR,
        "GopherRequestError",
        error.to_string(),
    )
}
