#!/usr/bin/env python3
"""Precision and recall of `rfc1738 extract` on the labelled snippets.

    python3 docs/extract-corpus/score.py [path/to/rfc1738] [snippets.jsonl]

Each snippet of tests/data/extract_eval/snippets.jsonl holds real text and
the URLs a careful reader sees in it, labelled before the tool was run
(fragments set aside). The tool's `url` fields (without a fragment) are
matched against them, snippet by snippet, as multisets. Prints precision
and recall for the default mode and for --any-scheme, and with -v the
snippets that differ.
"""
import collections
import json
import subprocess
import sys
from pathlib import Path

root = Path(__file__).resolve().parents[2]
args = [a for a in sys.argv[1:] if a != "-v"]
verbose = "-v" in sys.argv
binary = args[0] if args else str(root / "target/release/rfc1738")
snippets = Path(args[1]) if len(args) > 1 else root / "tests/data/extract_eval/snippets.jsonl"
rows = [json.loads(line) for line in snippets.read_text(encoding="utf-8").splitlines() if line.strip()]


def found(text, extra):
    out = subprocess.run([binary, "extract", "--format", "json", *extra],
                         input=text.encode("utf-8"), capture_output=True).stdout
    return [json.loads(line)["url"].split("#")[0] for line in out.decode("utf-8").splitlines()]


for mode, extra in [("default", []), ("--any-scheme", ["--any-scheme"])]:
    true_positive = false_positive = false_negative = 0
    for row in rows:
        got = collections.Counter(found(row["text"], extra))
        want = collections.Counter(url.split("#")[0] for url in row["urls"])
        hit = sum((got & want).values())
        true_positive += hit
        false_positive += sum(got.values()) - hit
        false_negative += sum(want.values()) - hit
        if verbose and got != want:
            print(f"[{mode}] {row['id']} ({row['source']}): extra {sorted((got - want).elements())}, missed {sorted((want - got).elements())}")
    precision = true_positive / max(true_positive + false_positive, 1)
    recall = true_positive / max(true_positive + false_negative, 1)
    print(f"{mode}: precision {precision:.3f}, recall {recall:.3f} "
          f"({true_positive} found of {true_positive + false_negative} labelled, {false_positive} extra; {len(rows)} snippets)")
