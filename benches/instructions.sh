#!/usr/bin/env bash
# Instructions per line of `rfc1738 check`, counted by callgrind: valid
# lines (of `benches/corpus.py`) and near misses (`rfc1738 gen --invalid`),
# in each output format, with the parts an invalid line pays for (its
# report, its advice, the rendering of its diagnostic). Counts do not move
# with the machine's load, so a change of a few percent shows, where
# timings on a shared machine move by up to 2x; they are no timings (a
# cache miss counts as one instruction), so time the result too.
#
# Usage: benches/instructions.sh [LINES]   (default 20000; needs valgrind)
set -euo pipefail
cd "$(dirname "$0")/.."
lines=${1:-20000}
command -v valgrind > /dev/null || { echo "valgrind is not installed" >&2; exit 1; }
cargo build --release --quiet --bin rfc1738
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# `corpus.py`'s lines, without its one in twenty near misses.
python3 benches/corpus.py "$((lines * 2))" > "$dir/mix.txt"
target/release/rfc1738 check --format json --file "$dir/mix.txt" 2> /dev/null \
  | python3 -c '
import json, sys
valid = [json.loads(line)["input"] for line in sys.stdin if "\"valid\":true" in line]
sys.stdout.write("".join(url + "\n" for url in valid[:int(sys.argv[1])]))' "$lines" \
  > "$dir/valid.txt" || true
target/release/rfc1738 gen --invalid --seed 7 --count "$lines" > "$dir/invalid.txt"

# The inclusive count of the first function whose name matches $2 in the
# callgrind output $1, per line.
part() {
  callgrind_annotate --inclusive=yes "$1" 2> /dev/null \
    | awk -v pattern="$2" -v lines="$lines" '
        $0 ~ pattern { gsub(",", "", $1); printf "%d", $1 / lines; found = 1; exit }
        END { if (!found) printf "0" }'
}

printf '%-7s %-8s %9s %9s %9s %9s %8s\n' format lines "all" report advice render bytes
for format in json human; do
  for corpus in valid invalid; do
    out="$dir/$format-$corpus.callgrind"
    valgrind --tool=callgrind --callgrind-out-file="$out" \
      target/release/rfc1738 check --format "$format" --file "$dir/$corpus.txt" \
      > "$dir/out.txt" 2> /dev/null || true
    printf '%-7s %-8s %9s %9s %9s %9s %8s\n' "$format" "$corpus" \
      "$(part "$out" 'PROGRAM TOTALS')" \
      "$(part "$out" 'report::report_of')" \
      "$(part "$out" 'advice::Advice::of')" \
      "$(part "$out" 'annotate_snippets::renderer::Renderer::render')" \
      "$(( $(wc -c < "$dir/out.txt") / lines ))"
  done
done
