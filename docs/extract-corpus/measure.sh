#!/usr/bin/env bash
# extract on real documents: the man pages and Debian changelogs named in
# manpages.txt and changelogs.txt (those present on this machine), rendered
# as a reader sees them. Prints the URLs found and the invalid ones per
# corpus, and writes a sample of 100 invalid results (a fixed choice) to
# $OUT/sample.txt for reading by hand.
#
#   docs/extract-corpus/measure.sh [path/to/rfc1738]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
rfc1738=${1:-$here/../../target/release/rfc1738}
OUT=${OUT:-$(mktemp -d)}
mkdir -p "$OUT"
export LANG=C.UTF-8 MANWIDTH=80

while read -r page; do
  man -P cat "$page" 2>/dev/null || true
done < "$here/manpages.txt" > "$OUT/man.txt"
while read -r package; do
  zcat "/usr/share/doc/$package/changelog.Debian.gz" 2>/dev/null || true
done < "$here/changelogs.txt" > "$OUT/changelogs.txt"

for corpus in man changelogs; do
  "$rfc1738" extract --format json "$OUT/$corpus.txt" > "$OUT/$corpus.json" || true
  found=$(wc -l < "$OUT/$corpus.json")
  invalid=$(grep -c '"valid":false' "$OUT/$corpus.json" || true)
  bytes=$(wc -c < "$OUT/$corpus.txt")
  echo "$corpus: $bytes bytes, $found URLs found, $invalid invalid"
done

# 100 invalid results spread evenly over both corpora (all of them when
# there are fewer).
grep -h '"valid":false' "$OUT/man.json" "$OUT/changelogs.json" > "$OUT/invalid.json" || true
python3 - "$OUT/invalid.json" > "$OUT/sample.txt" <<'PY'
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
picked = sorted({i * len(rows) // 100 for i in range(100)}) if len(rows) > 100 else range(len(rows))
for i in picked:
    r = rows[i]
    reason = r["error"]["message"] if r["error"] else r["denied"]
    print(f"{r['url']!r}  raw={r['raw']!r}  fragment={r.get('fragment')!r}  error={reason}")
PY
echo "sample of $(wc -l < "$OUT/sample.txt") invalid results in $OUT/sample.txt"
