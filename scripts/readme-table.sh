#!/usr/bin/env bash
# Rewrites the problem table in README.md from the registry (`games list --markdown`).
set -eu
bin=${GAMES:-target/release/games}
table=$("$bin" list --markdown)
python3 - "$table" <<'PY'
import sys
table = sys.argv[1]
text = open("README.md").read()
begin, end = "<!-- problems:begin -->\n", "<!-- problems:end -->"
i, j = text.index(begin) + len(begin), text.index(end)
open("README.md", "w").write(text[:i] + table + "\n" + text[j:])
PY
