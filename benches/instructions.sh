#!/usr/bin/env bash
# Instructions per line of `rfc1738 check`, counted by callgrind: valid
# lines (of `benches/corpus.py`) and near misses (`rfc1738 gen --invalid`),
# in each output format, with the parts a near miss pays for (its report,
# its advice, the rendering of its diagnostic). Counts do not move with
# the machine's load, so a change of a few percent shows, where timings on
# a shared machine move by up to 2x; but they are no timings (a cache miss
# counts as one instruction, a character of annotate-snippets' styled
# buffer as many), so time the result too. One thread
# (`RAYON_NUM_THREADS=1`), so that the count does not depend on the cores;
# what every run costs before its first line (an empty file's count) is
# taken off.
#
# Usage: benches/instructions.sh [LINES]   (default 20000; needs valgrind)
set -euo pipefail
cd "$(dirname "$0")/.."
lines=${1:-20000}
[ "$lines" -gt 0 ] || { echo "LINES must be above 0" >&2; exit 1; }
for tool in valgrind callgrind_annotate python3; do
  command -v "$tool" > /dev/null || { echo "$tool is not installed (valgrind, python3)" >&2; exit 1; }
done
export RAYON_NUM_THREADS=1
cargo build --release --quiet --bin rfc1738
bin="${CARGO_TARGET_DIR:-target}/release/rfc1738"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# `corpus.py`'s lines, without its one in twenty near misses.
python3 benches/corpus.py "$((lines * 2))" > "$dir/mix.txt"
"$bin" check --format json --file "$dir/mix.txt" > "$dir/mix.json" 2> /dev/null || [ $? -eq 1 ]
python3 -c '
import json, sys
valid = [json.loads(line)["input"] for line in open(sys.argv[1]) if "\"valid\":true" in line]
sys.stdout.write("".join(url + "\n" for url in valid[:int(sys.argv[2])]))' "$dir/mix.json" "$lines" \
  > "$dir/valid.txt"
"$bin" gen --invalid --seed 7 --count "$lines" > "$dir/near-miss.txt"
: > "$dir/empty.txt"
for corpus in valid near-miss; do
  [ "$(wc -l < "$dir/$corpus.txt")" -eq "$lines" ] || { echo "the $corpus corpus is short of $lines lines" >&2; exit 1; }
done

# `rfc1738 check --format $2` over the corpus $1 under callgrind, into $3:
# the check exits 1 where a line is invalid, and any other failure stops.
count() {
  valgrind --tool=callgrind --callgrind-out-file="$3" \
    "$bin" check --format "$2" --file "$dir/$1.txt" > "$dir/out.txt" 2> "$dir/valgrind.txt" \
    || [ $? -eq 1 ] || { cat "$dir/valgrind.txt" >&2; exit 1; }
  [ -s "$3" ] || { echo "callgrind wrote no counts" >&2; exit 1; }
}

# The inclusive count of the first function whose name matches $2 in the
# callgrind output $1 (all of them listed, none cut off as small); `-`
# where none does (not called, or inlined).
part() {
  callgrind_annotate --inclusive=yes --threshold=100 "$1" 2> /dev/null \
    | awk -v pattern="$2" '!found && $0 ~ pattern { gsub(",", "", $1); print $1; found = 1 }
        END { if (!found) print "-" }'
}

# $1 instructions per line, less the empty run's $2 where given.
per_line() {
  if [ "$1" = "-" ]; then echo "-"; else echo $((($1 - ${2:-0}) / lines)); fi
}

printf '%-7s %-10s %9s %9s %9s %9s %8s\n' format lines "all" report advice render bytes
for format in json human; do
  count empty "$format" "$dir/empty.callgrind"
  startup=$(part "$dir/empty.callgrind" 'PROGRAM TOTALS')
  for corpus in valid near-miss; do
    out="$dir/$format-$corpus.callgrind"
    count "$corpus" "$format" "$out"
    printf '%-7s %-10s %9s %9s %9s %9s %8s\n' "$format" "$corpus" \
      "$(per_line "$(part "$out" 'PROGRAM TOTALS')" "$startup")" \
      "$(per_line "$(part "$out" 'report::report_of')")" \
      "$(per_line "$(part "$out" 'advice::Advice::of')")" \
      "$(per_line "$(part "$out" 'annotate_snippets::renderer::Renderer::render')")" \
      "$(($(wc -c < "$dir/out.txt") / lines))"
  done
done
