#!/usr/bin/env bash
# modes.sh: do go vet mode and standalone mode report the same? For each
# module in MODULES (path@version), it runs
#
#	go vet -vettool=gatevet -vetsuite=false -json <module>/...
#	gatevet -f json <module>/...
#
# in a scratch module outside this repository, reduces both to the set of
# (analyzer, file:line, message) and prints what only one of them
# reports. It exits non-zero when they differ. Environment: MODULES,
# VETFLAGS (gatevet flags for both modes, default -bypass.fields),
# KEEP=1 keeps the scratch directory.
set -euo pipefail

MODULES="${MODULES:-google.golang.org/grpc@v1.85.0 go.etcd.io/etcd/server/v3@v3.6.16}"
VETFLAGS="${VETFLAGS:--bypass.fields}"

# shellcheck source=scratch.sh
source "$(dirname "${BASH_SOURCE[0]}")/scratch.sh" gatevet-modes

section "build gatevet"
(cd "$repo" && go build -buildvcs=false -o "$work/gatevet" ./cmd/gatevet)
export GATEVET_CACHE="$work/cache"

status=0
n=0
for mod in $MODULES; do
	n=$((n + 1))
	section "$mod"
	dir="$work/mod-$n"
	setup_module "$dir" "$mod"
	# shellcheck disable=SC2086
	(cd "$dir" && go vet -vettool="$work/gatevet" -vetsuite=false $VETFLAGS -json "${mod%@*}/..." >"$work/vet-$n.json" 2>"$work/vet-$n.err" || true)
	# shellcheck disable=SC2086
	(cd "$dir" && "$work/gatevet" $VETFLAGS -f json "${mod%@*}/..." >"$work/standalone-$n.json" 2>"$work/standalone-$n.err" || true)
	python3 - "$work/vet-$n.json" "$work/standalone-$n.json" <<'PY' || status=1
import json, sys

def stream(path):
    dec, text, i = json.JSONDecoder(), open(path).read(), 0
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i == len(text):
            return
        obj, i = dec.raw_decode(text, i)
        yield obj

vet = set()
for tree in stream(sys.argv[1]):
    for pkg, by in tree.items():
        for name, diags in by.items():
            if isinstance(diags, dict):
                print("vet: %s on %s failed: %s" % (name, pkg, diags.get("error")))
                continue
            for d in diags:
                file, line = d["posn"].rsplit(":", 2)[:2]
                vet.add((name, "%s:%s" % (file, line), d["message"]))
alone = set()
for d in stream(sys.argv[2]):
    alone.add((d["code"], "%s:%d" % (d["location"]["file"], d["location"]["line"]), d["message"]))
print("go vet: %d findings, standalone: %d, in both: %d" % (len(vet), len(alone), len(vet & alone)))
for side, only in (("only under go vet", vet - alone), ("only standalone", alone - vet)):
    for f in sorted(only):
        print("%s: %s %s: %s" % (side, f[0], f[1], f[2][:160]))
sys.exit(0 if vet == alone else 1)
PY
	grep -v '^#' "$work/vet-$n.err" | head -5 || true
	head -5 "$work/standalone-$n.err" || true
done
exit "$status"
