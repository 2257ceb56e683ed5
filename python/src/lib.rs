//! `rfc1738._rfc1738`, the native part of the Python package: the library's
//! checks, one URL at a time and over Arrow arrays.
//!
//! Each function here hands plain Python values (dicts, tuples, bytes) to
//! the package's Python layer (`rfc1738/__init__.py`), which builds the typed
//! objects; errors are raised as the package's `ParseError` (from
//! `rfc1738._model`) with the fields of the library's `ParseError`.

mod arrow;
mod errors;
mod record;
mod views;

use pyo3::PyTypeInfo;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyList, PyMemoryView, PyString, PyTuple};
use rfc1738::{CwdStyle, ExtractOptions, Spec, UriRef, Url};

use crate::errors::{ftp_command_error, gopher_request_error, parse_error, resolve_error};

/// A URL handed over from Python: the text, or the bytes when they are not
/// text (`bytes`, or a `str` that cannot be written as UTF-8).
pub(crate) enum Input<'a> {
    Text(&'a str),
    Bytes(Vec<u8>),
}

impl<'a> Input<'a> {
    /// Reads `url`: a `str` or a bytes-like object (`bytes`, `bytearray`,
    /// `memoryview`); anything else is a `TypeError` naming `what`.
    pub(crate) fn from(url: &'a Bound<'_, PyAny>, what: &str) -> PyResult<Input<'a>> {
        if let Ok(text) = url.cast::<PyString>() {
            return match text.to_str() {
                Ok(text) => Ok(Input::Text(text)),
                // A lone surrogate is no character of any URL. One that
                // `surrogateescape` made (U+DC80 to U+DCFF, as `os.fsdecode`
                // and `sys.argv` carry bytes that are not UTF-8) stands for
                // its byte, which is judged, and fixed, as bytes are; any
                // other is judged as its UTF-8 encoding, and the error
                // stands where it does.
                Err(_) => {
                    let encoded = text
                        .call_method1("encode", ("utf-8", "surrogateescape"))
                        .or_else(|_| text.call_method1("encode", ("utf-8", "surrogatepass")))?;
                    Ok(Input::Bytes(encoded.cast::<PyBytes>()?.as_bytes().to_vec()))
                }
            };
        }
        if let Ok(bytes) = url.cast::<PyBytes>() {
            return Ok(Input::Bytes(bytes.as_bytes().to_vec()));
        }
        if url.is_instance_of::<PyByteArray>() || url.is_instance_of::<PyMemoryView>() {
            let bytes = PyBytes::type_object(url.py()).call1((url,))?;
            return Ok(Input::Bytes(bytes.cast::<PyBytes>()?.as_bytes().to_vec()));
        }
        Err(PyTypeError::new_err(format!(
            "{what} must be str or bytes, not {}",
            url.get_type().name()?
        )))
    }

    pub(crate) fn bytes(&self) -> &[u8] {
        match self {
            Input::Text(text) => text.as_bytes(),
            Input::Bytes(bytes) => bytes,
        }
    }
}

/// The specification named `spec`, or a `ValueError` naming the three.
pub(crate) fn spec_of(spec: &str) -> PyResult<Spec> {
    spec.parse::<Spec>()
        .map_err(|error| PyValueError::new_err(error.to_string()))
}

/// `then` of the `Url` that `url` is by `spec`, or the Python `ParseError`.
fn with_url<'py, T>(
    py: Python<'py>,
    url: &Bound<'py, PyAny>,
    spec: &str,
    then: impl FnOnce(&Url<'_>) -> PyResult<T>,
) -> PyResult<T> {
    let spec = spec_of(spec)?;
    let input = Input::from(url, "url")?;
    match Url::parse_bytes(input.bytes(), spec) {
        Ok(parsed) => then(&parsed),
        Err(error) => Err(parse_error(py, &error, input.bytes())),
    }
}

/// Parses `url` by `spec`, and gives its components as a dict that the
/// Python layer turns into the typed view of its scheme.
#[pyfunction]
#[pyo3(signature = (url, spec = "rfc1738"))]
fn parse<'py>(py: Python<'py>, url: &Bound<'py, PyAny>, spec: &str) -> PyResult<Bound<'py, PyAny>> {
    with_url(py, url, spec, |parsed| views::url(py, parsed))
}

/// The name of the specification `spec` names, in any case, as `SPECS`
/// writes it; the `ValueError` of every function for a name it does not know.
#[pyfunction]
fn spec_name(spec: &str) -> PyResult<&'static str> {
    Ok(spec_of(spec)?.name())
}

/// Whether `url` is a URL by `spec`: the verdict alone, without an error.
#[pyfunction]
#[pyo3(signature = (url, spec = "rfc1738"))]
fn is_valid(url: &Bound<'_, PyAny>, spec: &str) -> PyResult<bool> {
    let spec = spec_of(spec)?;
    Ok(match Input::from(url, "url")? {
        Input::Text(text) => Url::is_valid(text, spec),
        Input::Bytes(bytes) => {
            std::str::from_utf8(&bytes).is_ok_and(|text| Url::is_valid(text, spec))
        }
    })
}

/// The record `rfc1738 check --format json` prints for `url`, as a dict
/// (without `file` and `input_line`, which say where a line came from).
#[pyfunction]
#[pyo3(signature = (url, spec = "rfc1738"))]
fn check<'py>(py: Python<'py>, url: &Bound<'py, PyAny>, spec: &str) -> PyResult<Bound<'py, PyAny>> {
    let spec = spec_of(spec)?;
    let input = Input::from(url, "url")?;
    record::check(py, input.bytes(), spec)
}

/// The conformance warnings of `url` (a valid URL) as dicts.
#[pyfunction]
#[pyo3(signature = (url, spec = "rfc1738"))]
fn warnings<'py>(
    py: Python<'py>,
    url: &Bound<'py, PyAny>,
    spec: &str,
) -> PyResult<Bound<'py, PyList>> {
    let spec = spec_of(spec)?;
    let input = Input::from(url, "url")?;
    match Url::parse_bytes_with_warnings(input.bytes(), spec) {
        Ok((_, warnings)) => record::warnings(py, &warnings),
        Err(error) => Err(parse_error(py, &error, input.bytes())),
    }
}

/// The canonical form of `url` under `spec`.
#[pyfunction]
#[pyo3(signature = (url, spec = "rfc1738"))]
fn normalize(py: Python<'_>, url: &Bound<'_, PyAny>, spec: &str) -> PyResult<String> {
    with_url(py, url, spec, |parsed| Ok(parsed.normalize().into()))
}

/// Whether two URLs mean the same (`Url::equivalent`), each parsed by its own
/// specification.
#[pyfunction]
#[pyo3(signature = (a, b, spec_a = "rfc1738", spec_b = "rfc1738"))]
fn equivalent(
    py: Python<'_>,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
    spec_a: &str,
    spec_b: &str,
) -> PyResult<bool> {
    let (spec_a, spec_b) = (spec_of(spec_a)?, spec_of(spec_b)?);
    let (a, b) = (Input::from(a, "a")?, Input::from(b, "b")?);
    let url_a = Url::parse_bytes(a.bytes(), spec_a).map_err(|e| parse_error(py, &e, a.bytes()))?;
    let url_b = Url::parse_bytes(b.bytes(), spec_b).map_err(|e| parse_error(py, &e, b.bytes()))?;
    Ok(url_a.equivalent(&url_b))
}

/// A URI reference (relative ones included) by RFC 2396 or RFC 3986, as a
/// dict of its components.
#[pyfunction]
#[pyo3(signature = (reference, spec = "rfc2396"))]
fn parse_reference<'py>(
    py: Python<'py>,
    reference: &Bound<'py, PyAny>,
    spec: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let spec = reference_spec(spec)?;
    let input = Input::from(reference, "reference")?;
    match UriRef::parse_bytes_with(input.bytes(), spec) {
        Ok(uri) => views::uri_ref(py, &uri),
        Err(error) => Err(parse_error(py, &error, input.bytes())),
    }
}

/// The spec of a URI reference: RFC 2396 or RFC 3986, the two with references.
fn reference_spec(spec: &str) -> PyResult<Spec> {
    match spec_of(spec)? {
        spec @ (Spec::Rfc2396 | Spec::Rfc3986) => Ok(spec),
        other => Err(pyo3::exceptions::PyValueError::new_err(format!(
            "{other} has no URI references: use \"rfc2396\" or \"rfc3986\""
        ))),
    }
}

/// `reference` resolved against `base` by §5.2 of RFC 2396 or RFC 3986.
#[pyfunction]
#[pyo3(signature = (reference, base, spec = "rfc2396"))]
fn resolve(
    py: Python<'_>,
    reference: &Bound<'_, PyAny>,
    base: &Bound<'_, PyAny>,
    spec: &str,
) -> PyResult<String> {
    let spec = reference_spec(spec)?;
    let reference = Input::from(reference, "reference")?;
    let base = Input::from(base, "base")?;
    let reference_uri = UriRef::parse_bytes_with(reference.bytes(), spec)
        .map_err(|e| parse_error(py, &e, reference.bytes()))?;
    let base_uri = UriRef::parse_bytes_with(base.bytes(), spec)
        .map_err(|e| parse_error(py, &e, base.bytes()))?;
    match reference_uri.resolve(&base_uri) {
        Ok(resolved) => Ok(resolved),
        Err(error) => Err(resolve_error(py, &error)),
    }
}

/// The URLs in running text, each as a dict.
#[pyfunction]
#[pyo3(signature = (text, spec = "rfc1738", any_scheme = false))]
fn extract<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    spec: &str,
    any_scheme: bool,
) -> PyResult<Bound<'py, PyList>> {
    let options = ExtractOptions {
        spec: spec_of(spec)?,
        any_scheme,
    };
    let input = Input::from(text, "text")?;
    // Bytes that are not UTF-8 read as U+FFFD, as `rfc1738 extract` reads
    // them, with no fix that would escape the U+FFFD.
    let found = py.detach(|| {
        let mut found = Vec::new();
        rfc1738::extract_from_reader(input.bytes(), &options, |url| {
            found.push(record::Found::of(url));
            Ok(())
        })
        .map(|()| found)
    });
    let found = found.map_err(|error| PyValueError::new_err(error.to_string()))?;
    record::extracted(py, &found)
}

/// The FTP commands of an ftp URL, as `(verb, argument)` pairs.
#[pyfunction]
#[pyo3(signature = (url, spec = "rfc1738", anonymous_password = "", historical = false))]
fn ftp_commands<'py>(
    py: Python<'py>,
    url: &Bound<'py, PyAny>,
    spec: &str,
    anonymous_password: &str,
    historical: bool,
) -> PyResult<Bound<'py, PyList>> {
    let style = if historical {
        CwdStyle::Historical
    } else {
        CwdStyle::Rfc1738
    };
    with_url(py, url, spec, |parsed| {
        let Some(ftp) = parsed.as_ftp() else {
            return Err(PyValueError::new_err("not an ftp URL"));
        };
        let commands = ftp
            .commands(anonymous_password, style)
            .map_err(|error| ftp_command_error(py, &error))?;
        let list = PyList::empty(py);
        for command in commands {
            let argument = command.argument().map(|bytes| PyBytes::new(py, bytes));
            list.append((command.verb(), argument))?;
        }
        Ok(list)
    })
}

/// The bytes a gopher client sends for a gopher URL.
#[pyfunction]
#[pyo3(signature = (url, spec = "rfc1738"))]
fn gopher_request<'py>(
    py: Python<'py>,
    url: &Bound<'py, PyAny>,
    spec: &str,
) -> PyResult<Bound<'py, PyBytes>> {
    with_url(py, url, spec, |parsed| {
        let Some(gopher) = parsed.as_gopher() else {
            return Err(PyValueError::new_err("not a gopher URL"));
        };
        match gopher.request() {
            Ok(bytes) => Ok(PyBytes::new(py, &bytes)),
            Err(error) => Err(gopher_request_error(py, &error)),
        }
    })
}

/// The parse of a valid URL as a tree of the grammar's rules: nested
/// `(rule, text, start, end, children)` tuples.
#[pyfunction]
#[pyo3(signature = (url, spec = "rfc1738"))]
fn syntax_tree<'py>(
    py: Python<'py>,
    url: &Bound<'py, PyAny>,
    spec: &str,
) -> PyResult<Bound<'py, PyAny>> {
    with_url(py, url, spec, |parsed| {
        views::tree(py, &parsed.syntax_tree())
    })
}

/// Every tree of the parse of a valid URL, in the order of the text: the
/// URL's, then the fragment's where the grammar reads it after the URL.
#[pyfunction]
#[pyo3(signature = (url, spec = "rfc1738"))]
fn syntax_trees<'py>(
    py: Python<'py>,
    url: &Bound<'py, PyAny>,
    spec: &str,
) -> PyResult<Bound<'py, PyTuple>> {
    with_url(py, url, spec, |parsed| {
        let trees = parsed
            .syntax_trees()
            .iter()
            .map(|tree| views::tree(py, tree))
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, trees)
    })
}

/// The bytes `text` stands for, every `%XX` escape decoded.
#[pyfunction]
fn percent_decode<'py>(py: Python<'py>, text: &str) -> Bound<'py, PyBytes> {
    PyBytes::new(py, &rfc1738::percent_decode(text))
}

/// The text `text` stands for, when its decoded bytes are UTF-8.
#[pyfunction]
fn percent_decode_utf8(text: &str) -> Option<String> {
    rfc1738::percent_decode_utf8(text).map(|decoded| decoded.into_owned())
}

#[pymodule]
fn _rfc1738(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(spec_name, m)?)?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(is_valid, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(warnings, m)?)?;
    m.add_function(wrap_pyfunction!(normalize, m)?)?;
    m.add_function(wrap_pyfunction!(equivalent, m)?)?;
    m.add_function(wrap_pyfunction!(parse_reference, m)?)?;
    m.add_function(wrap_pyfunction!(resolve, m)?)?;
    m.add_function(wrap_pyfunction!(extract, m)?)?;
    m.add_function(wrap_pyfunction!(ftp_commands, m)?)?;
    m.add_function(wrap_pyfunction!(gopher_request, m)?)?;
    m.add_function(wrap_pyfunction!(syntax_tree, m)?)?;
    m.add_function(wrap_pyfunction!(syntax_trees, m)?)?;
    m.add_function(wrap_pyfunction!(percent_decode, m)?)?;
    m.add_function(wrap_pyfunction!(percent_decode_utf8, m)?)?;
    arrow::register(m)?;
    m.add("SPECS", ("rfc1738", "draft07", "rfc2396", "rfc3986"))?;
    Ok(())
}
