#!/usr/bin/env bash
# `rfc1738 check --summary --quiet` over generated corpora of one million and
# ten million URLs: URLs per second, CPU use and peak memory (maximum resident set size),
# to show that memory does not grow with the input. Usage: benches/corpus.sh [N...]
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for n in "${@:-1000000 10000000}"; do
  python3 benches/corpus.py "$n" > "$dir/urls.txt"
  /usr/bin/time -f "%e %M %P" -o "$dir/time" target/release/rfc1738 check --quiet --summary --file "$dir/urls.txt" \
    2>&1 | grep -A3 '^summary:' > "$dir/summary" || true
  read -r seconds peak_kb cpu < <(tail -n 1 "$dir/time")
  echo "== $n URLs ($(du -h "$dir/urls.txt" | cut -f1)): ${seconds} s, CPU ${cpu} (of $(nproc) cores), peak memory ${peak_kb} KB"
  cat "$dir/summary"
done
