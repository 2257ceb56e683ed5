//! Checking Arrow arrays of URLs without a Python object per URL: the array
//! comes in through the Arrow C data interface (`__arrow_c_array__`), is
//! checked in parallel with the GIL released, and goes out the same way.

use std::borrow::Cow;
use std::collections::HashMap;
use std::ops::Range;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

use arrow_array::builder::{BooleanBuilder, Int64Builder, ListBuilder, StringBuilder};
use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema, from_ffi, to_ffi};
use arrow_array::{
    Array, ArrayRef, BinaryArray, BinaryViewArray, BooleanArray, LargeBinaryArray, StructArray,
    make_array,
};
use arrow_buffer::NullBufferBuilder;
use arrow_data::ArrayData;
use arrow_schema::{ArrowError, DataType, Field, Fields};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyTuple};
use rayon::prelude::*;
use rfc1738::{Expected, ParseError, Spec, Url, Warning};

use crate::record::{error_scheme_key, scheme_key};
use crate::spec_of;

/// Rows checked at a time by one thread, at most: enough to make the
/// hand-over cheap. A short array (DuckDB hands over 2,048 rows at a time)
/// is cut finer, down to `MIN_CHUNK_ROWS`, so that every core has some.
const CHUNK_ROWS: usize = 4096;
const MIN_CHUNK_ROWS: usize = 256;

/// The rows of one piece of work, for an array of `rows`.
fn chunk_rows(rows: usize) -> usize {
    rows.div_ceil(4 * rayon::current_num_threads())
        .clamp(MIN_CHUNK_ROWS, CHUNK_ROWS)
}

fn arrow_error(error: ArrowError) -> PyErr {
    PyValueError::new_err(format!("Arrow: {error}"))
}

/// The strings of an imported array, read as bytes: a `utf8` array is read
/// as `binary`, so that no bytes are taken for text unchecked; the parser
/// checks that they are UTF-8.
enum Strings {
    Binary(BinaryArray),
    Large(LargeBinaryArray),
    View(BinaryViewArray),
    /// An array of the `null` type.
    Null(usize),
}

impl Strings {
    fn len(&self) -> usize {
        match self {
            Strings::Binary(array) => array.len(),
            Strings::Large(array) => array.len(),
            Strings::View(array) => array.len(),
            Strings::Null(len) => *len,
        }
    }

    /// Row `i`'s bytes; `None` for a null.
    #[inline]
    fn get(&self, i: usize) -> Option<&[u8]> {
        match self {
            Strings::Binary(array) => array.is_valid(i).then(|| array.value(i)),
            Strings::Large(array) => array.is_valid(i).then(|| array.value(i)),
            Strings::View(array) => array.is_valid(i).then(|| array.value(i)),
            Strings::Null(_) => None,
        }
    }
}

/// An imported array: strings, or a dictionary of strings and its keys.
enum Input {
    Plain(Strings),
    Dictionary { keys: ArrayRef, values: Strings },
}

fn retyped(data: ArrayData, data_type: DataType) -> Result<ArrayData, ArrowError> {
    data.into_builder().data_type(data_type).build()
}

fn strings(data: ArrayData) -> PyResult<Strings> {
    Ok(match data.data_type() {
        DataType::Utf8 | DataType::Binary => Strings::Binary(BinaryArray::from(
            retyped(data, DataType::Binary).map_err(arrow_error)?,
        )),
        DataType::LargeUtf8 | DataType::LargeBinary => Strings::Large(LargeBinaryArray::from(
            retyped(data, DataType::LargeBinary).map_err(arrow_error)?,
        )),
        DataType::Utf8View | DataType::BinaryView => Strings::View(BinaryViewArray::from(
            retyped(data, DataType::BinaryView).map_err(arrow_error)?,
        )),
        DataType::Null => Strings::Null(data.len()),
        other => {
            return Err(PyTypeError::new_err(format!(
                "expected an Arrow array of strings (utf8, large_utf8, utf8_view, binary or a dictionary of them), not {other}"
            )));
        }
    })
}

fn input(data: ArrayData) -> PyResult<Input> {
    if let DataType::Dictionary(key, _) = data.data_type() {
        let key = (**key).clone();
        let values =
            data.child_data().first().cloned().ok_or_else(|| {
                PyValueError::new_err("Arrow: a dictionary array without its values")
            })?;
        let keys = data
            .into_builder()
            .data_type(key)
            .child_data(Vec::new())
            .build()
            .map_err(arrow_error)?;
        return Ok(Input::Dictionary {
            keys: make_array(keys),
            values: strings(values)?,
        });
    }
    Ok(Input::Plain(strings(data)?))
}

/// Takes the array out of an object with `__arrow_c_array__` (a pyarrow
/// `Array`, or any other producer of the Arrow PyCapsule interface).
fn import(array: &Bound<'_, PyAny>) -> PyResult<Input> {
    if !array.hasattr("__arrow_c_array__")? {
        return Err(PyTypeError::new_err(format!(
            "expected an Arrow array (an object with __arrow_c_array__), not {}",
            array.get_type().name()?
        )));
    }
    let capsules = array.call_method0("__arrow_c_array__")?;
    let capsules = capsules.cast::<PyTuple>()?;
    if capsules.len() != 2 {
        return Err(PyValueError::new_err(
            "__arrow_c_array__ must return a (schema, array) pair of capsules",
        ));
    }
    let schema = capsules.get_item(0)?;
    let schema = schema.cast::<PyCapsule>()?;
    let array = capsules.get_item(1)?;
    let array = array.cast::<PyCapsule>()?;
    let schema_pointer = schema.pointer_checked(Some(c"arrow_schema"))?;
    let array_pointer = array.pointer_checked(Some(c"arrow_array"))?;
    // SAFETY: the capsules are named as the Arrow PyCapsule interface names
    // them, so they hold an `ArrowSchema` and an `ArrowArray`. The array is
    // moved out (its capsule is left with a released array, which its
    // destructor does not release again); the schema is only read, while
    // its capsule is alive.
    let data = unsafe {
        let moved = FFI_ArrowArray::from_raw(array_pointer.as_ptr().cast::<FFI_ArrowArray>());
        from_ffi(moved, &*schema_pointer.as_ptr().cast::<FFI_ArrowSchema>())
    }
    .map_err(arrow_error)?;
    input(data)
}

/// An array ready to go out through the Arrow PyCapsule interface, once:
/// `pyarrow.array(export)` takes it.
#[pyclass(module = "rfc1738._rfc1738", name = "ArrowExport")]
struct ArrowExport {
    data: Option<ArrayData>,
}

#[pymethods]
impl ArrowExport {
    /// The schema and array capsules of the Arrow PyCapsule interface. A
    /// requested schema other than the array's own is not honoured.
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_array__<'py>(
        &mut self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let _ = requested_schema;
        let data = self
            .data
            .take()
            .ok_or_else(|| PyRuntimeError::new_err("this array was exported already"))?;
        let (array, schema) = to_ffi(&data).map_err(arrow_error)?;
        let schema = PyCapsule::new_with_value(py, schema, c"arrow_schema")?;
        let array = PyCapsule::new_with_value(py, array, c"arrow_array")?;
        PyTuple::new(py, [schema.into_any(), array.into_any()])
    }
}

fn export(array: &dyn Array) -> ArrowExport {
    ArrowExport {
        data: Some(array.to_data()),
    }
}

/// A list of strings, as `expected`, `warnings` and `valid_under` hold them.
fn list_of_names() -> DataType {
    DataType::List(Arc::new(Field::new_list_field(DataType::Utf8, true)))
}

/// The fields of `check_arrow`'s struct, in order.
fn check_fields() -> Fields {
    let list = DataType::List(Arc::new(Field::new_list_field(DataType::Utf8, true)));
    Fields::from(vec![
        Field::new("valid", DataType::Boolean, true),
        Field::new("offset", DataType::Int64, true),
        Field::new("rule", DataType::Utf8, true),
        Field::new("expected", list.clone(), true),
        Field::new("scheme", DataType::Utf8, true),
        Field::new("warnings", list, true),
        Field::new("message", DataType::Utf8, true),
        Field::new("help", DataType::Utf8, true),
        Field::new("fix", DataType::Utf8, true),
        Field::new("valid_under", list_of_names(), true),
    ])
}

/// The columns of one chunk of `check_arrow`'s result, as they are built.
struct Columns {
    valid: BooleanBuilder,
    offset: Int64Builder,
    rule: StringBuilder,
    expected: ListBuilder<StringBuilder>,
    scheme: StringBuilder,
    warnings: ListBuilder<StringBuilder>,
    message: StringBuilder,
    help: StringBuilder,
    fix: StringBuilder,
    valid_under: ListBuilder<StringBuilder>,
    nulls: NullBufferBuilder,
    /// Whether `help`, `fix` and `valid_under` are worked out (null when
    /// not): the one part of an invalid row that costs more than its parse.
    advice: bool,
}

impl Columns {
    fn with_capacity(rows: usize, advice: bool) -> Columns {
        Columns {
            valid: BooleanBuilder::with_capacity(rows),
            offset: Int64Builder::with_capacity(rows),
            rule: StringBuilder::new(),
            expected: ListBuilder::with_capacity(StringBuilder::new(), rows),
            scheme: StringBuilder::with_capacity(rows, rows * 4),
            warnings: ListBuilder::with_capacity(StringBuilder::new(), rows),
            message: StringBuilder::new(),
            help: StringBuilder::new(),
            fix: StringBuilder::new(),
            valid_under: ListBuilder::with_capacity(StringBuilder::new(), rows),
            nulls: NullBufferBuilder::new(rows),
            advice,
        }
    }

    fn null(&mut self) {
        self.valid.append_null();
        self.offset.append_null();
        self.rule.append_null();
        self.expected.append_null();
        self.scheme.append_null();
        self.warnings.append_null();
        self.message.append_null();
        self.help.append_null();
        self.fix.append_null();
        self.valid_under.append_null();
        self.nulls.append_null();
    }

    fn valid(&mut self, url: &Url<'_>, warnings: &[Warning]) {
        self.valid.append_value(true);
        self.offset.append_null();
        self.rule.append_null();
        self.expected.append_null();
        self.scheme.append_value(scheme_key(url));
        for warning in warnings {
            self.warnings.values().append_value(warning.code().name());
        }
        self.warnings.append(true);
        self.message.append_null();
        self.help.append_null();
        self.fix.append_null();
        self.valid_under.append_null();
        self.nulls.append_non_null();
    }

    fn invalid(&mut self, error: &ParseError) {
        self.valid.append_value(false);
        self.offset.append_value(error.offset() as i64);
        self.rule.append_value(error.rule());
        for item in error.expected() {
            self.expected.values().append_value(item.name());
        }
        self.expected.append(true);
        self.scheme.append_option(error_scheme_key(error));
        self.warnings.append(true);
        self.message.append_value(error.message());
        if self.advice {
            self.help.append_option(error.help());
            self.fix.append_option(error.fix().map(rfc1738::Fix::text));
            for spec in error.valid_under() {
                self.valid_under.values().append_value(spec.name());
            }
            self.valid_under.append(true);
        } else {
            self.help.append_null();
            self.fix.append_null();
            self.valid_under.append_null();
        }
        self.nulls.append_non_null();
    }

    fn row(&mut self, bytes: Option<&[u8]>, spec: Spec) {
        match bytes {
            None => self.null(),
            Some(bytes) => match Url::parse_bytes_with_warnings(bytes, spec) {
                Ok((url, warnings)) => self.valid(&url, &warnings),
                Err(error) => self.invalid(&error),
            },
        }
    }

    fn finish(mut self) -> StructArray {
        let columns: Vec<ArrayRef> = vec![
            Arc::new(self.valid.finish()),
            Arc::new(self.offset.finish()),
            Arc::new(self.rule.finish()),
            Arc::new(self.expected.finish()),
            Arc::new(self.scheme.finish()),
            Arc::new(self.warnings.finish()),
            Arc::new(self.message.finish()),
            Arc::new(self.help.finish()),
            Arc::new(self.fix.finish()),
            Arc::new(self.valid_under.finish()),
        ];
        StructArray::new(check_fields(), columns, self.nulls.finish())
    }
}

/// Runs `work` on all cores (rayon's global pool) or, with `threads`, on
/// a pool of that many threads, kept for the next call. One thread suits
/// an engine that runs a task per core itself, such as Spark.
fn on_threads<T: Send>(
    threads: Option<usize>,
    work: impl FnOnce() -> T + Send,
) -> Result<T, String> {
    static POOLS: OnceLock<Mutex<HashMap<usize, Arc<rayon::ThreadPool>>>> = OnceLock::new();
    let Some(threads) = threads.filter(|&threads| threads > 0) else {
        return Ok(work());
    };
    let pool = {
        let mut pools = POOLS
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        match pools.get(&threads) {
            Some(pool) => Arc::clone(pool),
            None => {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .thread_name(|i| format!("rfc1738-{i}"))
                    .build()
                    .map_err(|error| error.to_string())?;
                let pool = Arc::new(pool);
                pools.insert(threads, Arc::clone(&pool));
                pool
            }
        }
    };
    Ok(pool.install(work))
}

/// The row ranges the work is cut into.
fn chunks(rows: usize) -> Vec<Range<usize>> {
    let size = chunk_rows(rows);
    (0..rows)
        .step_by(size)
        .map(|start| start..(start + size).min(rows))
        .collect()
}

fn check_strings(strings: &Strings, spec: Spec, advice: bool) -> Result<StructArray, ArrowError> {
    let parts: Vec<StructArray> = chunks(strings.len())
        .into_par_iter()
        .map(|range| {
            let mut columns = Columns::with_capacity(range.len(), advice);
            for i in range {
                columns.row(strings.get(i), spec);
            }
            columns.finish()
        })
        .collect();
    match parts.len() {
        0 => Ok(Columns::with_capacity(0, advice).finish()),
        1 => Ok(parts.into_iter().next().expect("one part")),
        _ => {
            if text_bytes(&parts) > i32::MAX as usize {
                return Err(ArrowError::InvalidArgumentError(
                    "the results hold more than 2 GiB of text, more than a string field of \
                     one array can: check the array in slices, or as a chunked array"
                        .to_owned(),
                ));
            }
            let parts: Vec<&dyn Array> = parts.iter().map(|part| part as &dyn Array).collect();
            let joined = arrow_select::concat::concat(&parts)?;
            Ok(StructArray::from(joined.to_data()))
        }
    }
}

/// The most text that one string field of the joined `parts` would hold
/// (the messages, the expected names, the warnings' codes, the schemes).
fn text_bytes(parts: &[StructArray]) -> usize {
    use arrow_array::cast::AsArray;
    let strings = |column: &ArrayRef| column.as_string::<i32>().values().len();
    let listed = |column: &ArrayRef| strings(column.as_list::<i32>().values());
    let sum = |name: &str, bytes: &dyn Fn(&ArrayRef) -> usize| -> usize {
        parts
            .iter()
            .filter_map(|part| part.column_by_name(name))
            .map(bytes)
            .sum()
    };
    [
        sum("message", &strings),
        sum("rule", &strings),
        sum("scheme", &strings),
        sum("expected", &listed),
        sum("warnings", &listed),
    ]
    .into_iter()
    .max()
    .unwrap_or(0)
}

fn check_input(input: &Input, spec: Spec, advice: bool) -> Result<StructArray, ArrowError> {
    match input {
        Input::Plain(strings) => check_strings(strings, spec, advice),
        // Each value of the dictionary is checked once, and its result
        // taken for every row that holds it.
        Input::Dictionary { keys, values } => {
            let checked = check_strings(values, spec, advice)?;
            let taken = arrow_select::take::take(&checked, keys.as_ref(), None)?;
            Ok(StructArray::from(taken.to_data()))
        }
    }
}

fn valid_strings(strings: &Strings, spec: Spec) -> BooleanArray {
    let verdicts: Vec<Option<bool>> = (0..strings.len())
        .into_par_iter()
        .with_min_len(chunk_rows(strings.len()))
        .map(|i| {
            strings
                .get(i)
                .map(|bytes| std::str::from_utf8(bytes).is_ok_and(|text| Url::is_valid(text, spec)))
        })
        .collect();
    BooleanArray::from(verdicts)
}

/// `check_arrow`: every URL of an Arrow string array checked, as a struct
/// array of `valid`, `offset`, `rule`, `expected`, `scheme`, `warnings`,
/// `message`, and with `advice` `help`, `fix` and `valid_under`; on all
/// cores, or on `threads`.
#[pyfunction]
#[pyo3(signature = (array, spec = "rfc1738", threads = None, advice = true))]
fn check_arrow(
    py: Python<'_>,
    array: &Bound<'_, PyAny>,
    spec: &str,
    threads: Option<usize>,
    advice: bool,
) -> PyResult<ArrowExport> {
    let spec = spec_of(spec)?;
    let input = import(array)?;
    let checked = py
        .detach(|| on_threads(threads, || check_input(&input, spec, advice)))
        .map_err(PyRuntimeError::new_err)?
        .map_err(arrow_error)?;
    Ok(export(&checked))
}

/// `is_valid_arrow`: the verdict for every URL of an Arrow string array, as
/// a boolean array (null for null).
#[pyfunction]
#[pyo3(signature = (array, spec = "rfc1738", threads = None))]
fn is_valid_arrow(
    py: Python<'_>,
    array: &Bound<'_, PyAny>,
    spec: &str,
    threads: Option<usize>,
) -> PyResult<ArrowExport> {
    let spec = spec_of(spec)?;
    let input = import(array)?;
    let verdicts = py
        .detach(|| {
            on_threads(threads, || match &input {
                Input::Plain(strings) => Ok(Arc::new(valid_strings(strings, spec)) as ArrayRef),
                Input::Dictionary { keys, values } => {
                    arrow_select::take::take(&valid_strings(values, spec), keys.as_ref(), None)
                }
            })
        })
        .map_err(PyRuntimeError::new_err)?;
    Ok(export(verdicts.map_err(arrow_error)?.as_ref()))
}

/// What the Rust batch path keeps of one URL: the same facts as a row of
/// `check_arrow`, in Rust values.
#[allow(dead_code)] // the fields are what is kept, not read
enum Outcome {
    Null,
    Valid {
        scheme: Cow<'static, str>,
        warnings: Vec<&'static str>,
    },
    Invalid {
        scheme: Option<Cow<'static, str>>,
        offset: usize,
        rule: String,
        expected: Vec<String>,
        message: String,
    },
}

fn outcome(bytes: Option<&[u8]>, spec: Spec) -> Outcome {
    let Some(bytes) = bytes else {
        return Outcome::Null;
    };
    match Url::parse_bytes_with_warnings(bytes, spec) {
        Ok((url, warnings)) => Outcome::Valid {
            scheme: scheme_key(&url),
            warnings: warnings
                .iter()
                .map(|warning| warning.code().name())
                .collect(),
        },
        Err(error) => Outcome::Invalid {
            scheme: error_scheme_key(&error),
            offset: error.offset(),
            rule: error.rule(),
            expected: error.expected().iter().map(Expected::name).collect(),
            message: error.message(),
        },
    }
}

/// The Rust batch path that `check_arrow` and `is_valid_arrow` are
/// measured against: the same strings, read in place, checked by rayon
/// over all cores into a `Vec` of Rust values (`kind="check"`) or of
/// verdicts (`kind="is_valid"`), with no Arrow array built and no Python
/// object. Gives the seconds it took, timed in Rust, and the number of
/// valid URLs.
#[pyfunction]
#[pyo3(signature = (array, spec = "rfc1738", kind = "check"))]
fn _rust_batch_baseline(
    py: Python<'_>,
    array: &Bound<'_, PyAny>,
    spec: &str,
    kind: &str,
) -> PyResult<(f64, usize)> {
    let spec = spec_of(spec)?;
    let Input::Plain(strings) = import(array)? else {
        return Err(PyTypeError::new_err(
            "the baseline takes a plain string array",
        ));
    };
    let check = match kind {
        "check" => true,
        "is_valid" => false,
        other => return Err(PyValueError::new_err(format!("unknown kind {other:?}"))),
    };
    Ok(py.detach(|| {
        let started = Instant::now();
        let valid = if check {
            let outcomes: Vec<Outcome> = (0..strings.len())
                .into_par_iter()
                .with_min_len(chunk_rows(strings.len()))
                .map(|i| outcome(strings.get(i), spec))
                .collect();
            let valid = outcomes
                .iter()
                .filter(|outcome| matches!(outcome, Outcome::Valid { .. }))
                .count();
            let seconds = started.elapsed().as_secs_f64();
            drop(outcomes);
            return (seconds, valid);
        } else {
            let verdicts: Vec<Option<bool>> = (0..strings.len())
                .into_par_iter()
                .with_min_len(chunk_rows(strings.len()))
                .map(|i| {
                    strings.get(i).map(|bytes| {
                        std::str::from_utf8(bytes).is_ok_and(|text| Url::is_valid(text, spec))
                    })
                })
                .collect();
            verdicts.iter().filter(|v| **v == Some(true)).count()
        };
        (started.elapsed().as_secs_f64(), valid)
    }))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ArrowExport>()?;
    m.add_function(wrap_pyfunction!(check_arrow, m)?)?;
    m.add_function(wrap_pyfunction!(is_valid_arrow, m)?)?;
    m.add_function(wrap_pyfunction!(_rust_batch_baseline, m)?)?;
    Ok(())
}
