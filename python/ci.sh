#!/usr/bin/env bash
# The Python package's CI stage, from a fresh machine with rustup's stable
# toolchain, Python 3.10 or later with pip, and Java 17 (for Spark):
#
#   1. the project's command, which the tests hold the package equal to;
#   2. a fresh virtual environment;
#   3. the sdist (maturin sdist), installed in a second fresh environment;
#      the wheel, built as `pip install ./python` builds it (maturin from
#      PyPI, in an isolated build environment), abi3, then installed with
#      its test extras (pytest, pyarrow, pandas, polars, duckdb, datafusion,
#      pyspark: real engines, from PyPI, at the versions of
#      python/constraints.txt);
#   4. the extension crate's formatting and lints;
#   5. pytest, Spark local[2] included.
#
# Exits non-zero when any step fails, and when pytest runs no test.
# RFC1738_CI_VENV moves the environment (default python/target/ci-venv);
# PYTHON chooses the interpreter (default python3).
set -euo pipefail
cd "$(dirname "$0")"
python_dir=$PWD
repo=$(cd .. && pwd)
started=$SECONDS

step() {
  printf '\n== python/ci.sh: %s (%d s so far)\n' "$1" $((SECONDS - started))
}

step "the rfc1738 command"
(cd "$repo" && cargo build --quiet --bin rfc1738)
target_dir=${CARGO_TARGET_DIR:-$repo/target}
export RFC1738_CLI="$target_dir/debug/rfc1738"
"$RFC1738_CLI" --version

step "a fresh virtual environment"
venv=${RFC1738_CI_VENV:-$python_dir/target/ci-venv}
rm -rf "$venv"
"${PYTHON:-python3}" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --upgrade pip

step "the wheel (pip wheel ./python, which runs maturin)"
wheels="$python_dir/target/ci-wheels"
rm -rf "$wheels"
PIP_CONSTRAINT="$python_dir/constraints.txt" \
  "$venv/bin/python" -m pip wheel --quiet --no-deps --wheel-dir "$wheels" "$python_dir"
wheel=$(ls "$wheels"/rfc1738-*.whl)
echo "built $(basename "$wheel")"
case "$wheel" in
  *-abi3-*) ;;
  *) echo "python/ci.sh: the wheel is not abi3: $wheel" >&2; exit 1 ;;
esac

step "the sdist, installed in a second fresh environment (maturin sdist)"
sdists="$python_dir/target/ci-sdist"
rm -rf "$sdists" "$venv-sdist"
"$venv/bin/python" -m pip install --quiet --constraint "$python_dir/constraints.txt" maturin
"$venv/bin/maturin" sdist --manifest-path "$python_dir/Cargo.toml" --out "$sdists"
"${PYTHON:-python3}" -m venv "$venv-sdist"
# Unpacked first, as pip unpacks it: pip takes a local archive for a zip
# when its last 64 KiB hold a zip's end-of-directory signature, which the
# gzip stream of a .tar.gz may hold by chance (this package's did), and
# then fails to unzip it.
tar -xzf "$sdists"/rfc1738-*.tar.gz -C "$sdists"
PIP_CONSTRAINT="$python_dir/constraints.txt" \
  "$venv-sdist/bin/python" -m pip install --quiet "$sdists"/rfc1738-*/
(cd / && "$venv-sdist/bin/python" -c 'import rfc1738; assert rfc1738.is_valid("ftp://host/f;type=i"); print("sdist: ok")')
rm -rf "$venv-sdist"

step "the wheel and its test extras"
"$venv/bin/python" -m pip install --quiet --constraint "$python_dir/constraints.txt" "$wheel[test]"
# From another directory, so that the installed package is the one imported.
(cd / && "$venv/bin/python" -c 'import rfc1738, sys; print("rfc1738", rfc1738.__version__, "from", rfc1738.__file__, "on Python", sys.version.split()[0])')

step "formatting and lints of the extension crate"
cargo fmt --manifest-path "$python_dir/Cargo.toml" -- --check
cargo clippy --quiet --manifest-path "$python_dir/Cargo.toml" --release -- -D warnings

step "pytest"
# The console script, not `python -m pytest`: the latter would put
# python/ first on sys.path, and import the sources, which have no
# compiled module, instead of the installed wheel.
# From tests/, not python/: Spark's Python workers put their working
# directory first on sys.path, and in python/ they would import the
# sources (no compiled module there on a fresh machine) instead of the
# installed wheel.
set +e
(cd "$python_dir/tests" && "$venv/bin/pytest" -p no:cacheprovider -c "$python_dir/pyproject.toml" --rootdir "$python_dir")
status=$?
set -e
step "done"
if [ "$status" -eq 5 ]; then
  echo "python/ci.sh: pytest ran no test" >&2
  exit 1
fi
exit "$status"
