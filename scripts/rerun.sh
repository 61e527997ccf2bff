#!/usr/bin/env bash
# rerun.sh: run another gatevet over a scratch directory that
# realworld.sh kept (KEEP=1), and say which findings went and which came.
#
#	KEPT=/tmp/gatevet-realworld.XXXX bash scripts/rerun.sh
#
# For each module directory in KEPT it runs the same go vet command as
# realworld.sh, with the kept GOCACHE (so only the analysis runs again),
# writes vet-rerun.json beside the first run's vet.json, and prints, per
# module, the findings (analyzer and file:line) only the first run had
# (gone) and those only the rerun has (new).
#
# Environment:
#
#	KEPT      the kept scratch directory (required)
#	GATEVET   the gatevet binary to run (default: built from this repository)
#	VETFLAGS  flags for gatevet (default -bypass.fields, as realworld.sh)
set -euo pipefail

: "${KEPT:?set KEPT to a scratch directory realworld.sh kept}"
# shellcheck source=scratch.sh
source "$(dirname "${BASH_SOURCE[0]}")/scratch.sh" gatevet-rerun

if [ -n "${GATEVET:-}" ]; then
	gatevet="$(cd "$(dirname "$GATEVET")" && pwd)/$(basename "$GATEVET")"
else
	gatevet="$work/gatevet"
	(cd "$repo" && go build -buildvcs=false -o "$gatevet" ./cmd/gatevet)
fi
export GOCACHE="$KEPT/gocache"

for dir in "$KEPT"/mod-*; do
	[ -f "$dir/vet.json" ] || continue
	imp="$(sed -n 's/^import _ "\(.*\)"$/\1/p' "$dir/deps.go")"
	# -e: a root package whose files build constraints exclude still
	# names its module.
	mod="$(cd "$dir" && go list -e -f '{{.Module.Path}}' "$imp" 2>/dev/null)" || continue
	[ -n "$mod" ] || continue
	(cd "$dir" && go vet -vettool="$gatevet" -vetsuite=false ${VETFLAGS--bypass.fields} -json "$mod/..." >"$dir/vet-rerun.json" 2>/dev/null) || true
	python3 - "$mod" "$dir/vet.json" "$dir/vet-rerun.json" <<'PY'
import json, sys

def findings(path):
    text, dec, i, out = open(path).read(), json.JSONDecoder(), 0, set()
    while i < len(text):
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            break
        obj, i = dec.raw_decode(text, i)
        for by in obj.values():
            for analyzer, diags in by.items():
                if isinstance(diags, list):
                    for d in diags:
                        posn = d["posn"].rsplit(":", 1)[0]
                        out.add((analyzer, posn))
    return out

mod, before, after = sys.argv[1], findings(sys.argv[2]), findings(sys.argv[3])
print(f"{mod}: {len(before)} findings, now {len(after)}")
for a, p in sorted(before - after):
    print(f"  gone: {a} {p}")
for a, p in sorted(after - before):
    print(f"  new:  {a} {p}")
PY
done
