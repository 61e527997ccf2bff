#!/usr/bin/env bash
# realworld.sh: run gatevet over real code bases from the module proxy and
# write a findings report.
#
# For each module in MODULES (path@version), it makes a scratch module in a
# temporary directory outside this repository that requires it, compiles
# the module's packages and tests once (untimed), then runs
#
#	go vet -vettool=<gatevet> -vetsuite=false -json <module>/...
#
# and records every finding. The report (REPORT, default
# ./realworld-report.md) gives counts per analyzer and module, then every
# finding with its position and message; wall times are printed too.
# Findings never fail the script; it exits non-zero only when something
# could not be set up or gatevet crashed or reported an analyzer error.
#
# Environment:
#
#	MODULES   space-separated module@version list (default below)
#	REPORT    where to write the report
#	KEEP=1    keep the scratch directory
#
# The scratch module uses its own GOCACHE, so go vet's result cache cannot
# replay an earlier run; the module cache is shared.
set -euo pipefail

MODULES="${MODULES:-google.golang.org/grpc@v1.85.0 go.etcd.io/etcd/server/v3@v3.6.16 github.com/nats-io/nats-server/v2@v2.15.2 k8s.io/client-go@v0.37.2 github.com/hashicorp/raft@v1.8.0}"
REPORT="${REPORT:-$PWD/realworld-report.md}"

# shellcheck source=scratch.sh
source "$(dirname "${BASH_SOURCE[0]}")/scratch.sh" gatevet-realworld

section "build gatevet from $repo"
gatevet="$work/gatevet"
(cd "$repo" && go build -buildvcs=false -o "$gatevet" ./cmd/gatevet)
export GOCACHE="$work/gocache"

findings="$work/findings.tsv" # module, analyzer, position, message
: >"$findings"
times="$work/times.tsv"
: >"$times"
failed=0

for spec in $MODULES; do
	mod="${spec%@*}"
	section "$spec"
	dir="$work/mod-$(echo "$mod" | tr '/.' '__')"
	scratch_module "$dir" "$spec" || { echo "could not set up $spec"; failed=1; continue; }
	n="$(cd "$dir" && go list -e "$mod/..." | wc -l)"
	echo "$n packages; compiling (untimed)"
	(cd "$dir" && go list -e -deps -test -export "$mod/..." >/dev/null 2>&1) || true
	start=$(date +%s)
	(cd "$dir" && go vet -vettool="$gatevet" -vetsuite=false -json "$mod/..." >"$dir/vet.json" 2>"$dir/vet.err") || true
	secs=$(($(date +%s) - start))
	printf '%s\t%s\t%s\n' "$spec" "$n" "$secs" >>"$times"
	echo "go vet -vettool=gatevet: ${secs}s"
	if grep -qE 'panic:|internal error|fatal error:' "$dir/vet.err"; then
		echo "FAIL: gatevet crashed on $spec:"
		grep -m1 -A20 -E 'panic:|internal error|fatal error:' "$dir/vet.err"
		failed=1
	fi
	# go vet -json prints one JSON object per package: package -> analyzer
	# -> diagnostics, or {"error": ...} when an analyzer failed.
	python3 - "$spec" "$dir/vet.json" >>"$findings" <<'PY' || failed=1
import json, sys
spec, path = sys.argv[1], sys.argv[2]
text = open(path).read()
dec, i, bad = json.JSONDecoder(), 0, False
while i < len(text):
    while i < len(text) and text[i].isspace():
        i += 1
    if i >= len(text):
        break
    obj, i = dec.raw_decode(text, i)
    for pkg, by in obj.items():
        for analyzer, diags in by.items():
            if isinstance(diags, dict):
                print(f"analyzer error: {analyzer} on {pkg}: {diags.get('error')}", file=sys.stderr)
                bad = True
                continue
            for d in diags:
                msg = d["message"].replace("\t", " ").replace("\n", " ")
                print(f"{spec}\t{analyzer}\t{d['posn']}\t{msg}")
sys.exit(1 if bad else 0)
PY
done

section "report: $REPORT"
GOMODCACHE="$(go env GOMODCACHE)" python3 - "$findings" "$times" >"$REPORT" <<'PY'
import collections, os, sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
times = [l.rstrip("\n").split("\t") for l in open(sys.argv[2]) if l.strip()]
# A package and its test variant report the same position once.
seen, uniq = set(), []
for r in rows:
    if (r[0], r[1], r[2], r[3]) not in seen:
        seen.add((r[0], r[1], r[2], r[3]))
        uniq.append(r)
print("# gatevet real-world findings\n")
print("| module | packages | go vet -vettool=gatevet (s) | findings |")
print("|---|---|---|---|")
count = collections.Counter(r[0] for r in uniq)
for spec, n, secs in times:
    print(f"| {spec} | {n} | {secs} | {count[spec]} |")
print("\n| analyzer | findings |\n|---|---|")
for a, c in sorted(collections.Counter(r[1] for r in uniq).items()):
    print(f"| {a} | {c} |")
print("\n## Findings\n")
cache = os.environ.get("GOMODCACHE", "") + "/"
for spec, analyzer, posn, msg in uniq:
    print(f"- `{spec}` **{analyzer}** `{posn.removeprefix(cache)}`: {msg}")
PY
cat "$REPORT"
exit "$failed"
