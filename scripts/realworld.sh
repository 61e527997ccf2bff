#!/usr/bin/env bash
# realworld.sh: run gatevet over real code bases from the module proxy and
# write a findings report.
#
# For each module in MODULES (path@version), it makes a scratch module in a
# temporary directory outside this repository that requires it, compiles
# the module's packages and tests once (untimed), then runs
#
#	go vet -vettool=<gatevet> -vetsuite=false $VETFLAGS -json <module>/...
#
# and records every finding. The report (REPORT, default
# ./realworld-report.md) gives package counts and wall times per module,
# counts per analyzer and module, then a table of every finding: analyzer,
# module, file:line relative to the module's root, the full message and
# the related positions (file:line: message; a position outside the
# module is given as module@version/file:line). Findings never fail the
# script; it exits non-zero only when something could not be set up or
# gatevet crashed or reported an analyzer error.
#
# Environment:
#
#	MODULES   space-separated module@version list (default below)
#	REPORT    where to write the report
#	GATEVET   a gatevet binary to run instead of building one from this
#	          repository (to measure a fixed revision while the tree moves)
#	KEEP=1    keep the scratch directory
#	SCRATCH_GOCACHE  a GOCACHE to use instead of a fresh one (a kept
#	          scratch directory's gocache): the untimed compile is then
#	          mostly cached; go vet's results are keyed by the tool's
#	          build ID, so another gatevet binary still runs in full
#	VETFLAGS  flags for gatevet (default -bypass.fields, so that the shapes
#	          that are off by default are measured too)
#
# The scratch module uses its own GOCACHE, so go vet's result cache cannot
# replay an earlier run; the module cache is shared.
set -euo pipefail

MODULES="${MODULES:-google.golang.org/grpc@v1.85.0 go.etcd.io/etcd/server/v3@v3.6.16 github.com/nats-io/nats-server/v2@v2.15.2 k8s.io/client-go@v0.37.2 github.com/hashicorp/raft@v1.8.0 github.com/containerd/containerd/v2@v2.4.2 github.com/caddyserver/caddy/v2@v2.11.9}"
REPORT="${REPORT:-$PWD/realworld-report.md}"

# shellcheck source=scratch.sh
source "$(dirname "${BASH_SOURCE[0]}")/scratch.sh" gatevet-realworld

if [ -n "${GATEVET:-}" ]; then
	section "gatevet: $GATEVET"
	gatevet="$(cd "$(dirname "$GATEVET")" && pwd)/$(basename "$GATEVET")"
	[ -x "$gatevet" ] || { echo "GATEVET=$GATEVET is not an executable"; exit 1; }
else
	section "build gatevet from $repo"
	gatevet="$work/gatevet"
	(cd "$repo" && go build -buildvcs=false -o "$gatevet" ./cmd/gatevet)
fi
export GOCACHE="${SCRATCH_GOCACHE:-$work/gocache}"

findings="$work/findings.jsonl" # one JSON object per finding
: >"$findings"
times="$work/times.tsv" # module, packages, seconds (or "setup failed", "vetted nothing")
: >"$times"
errors="$work/errors.txt" # gatevet crashes and analyzer errors
: >"$errors"
failed=0

for spec in $MODULES; do
	mod="${spec%@*}"
	section "$spec"
	dir="$work/mod-$(echo "$mod" | tr '/.' '__')"
	setup_module "$dir" "$spec" || {
		echo "could not set up $spec"
		printf '%s\t-\tsetup failed\n' "$spec" >>"$times"
		failed=1
		continue
	}
	moddir="$(cd "$dir" && go list -m -f '{{.Dir}}' "$mod")" || moddir=""
	n="$(cd "$dir" && go list -e "$mod/..." | wc -l)"
	echo "$n packages; compiling (untimed)"
	(cd "$dir" && go list -e -deps -test -export "$mod/..." >/dev/null 2>&1) || true
	start=$(date +%s)
	(cd "$dir" && go vet -vettool="$gatevet" -vetsuite=false ${VETFLAGS--bypass.fields} -json "$mod/..." >"$dir/vet.json" 2>"$dir/vet.err") || true
	secs=$(($(date +%s) - start))
	echo "go vet -vettool=gatevet: ${secs}s"
	# go vet -json prints one object per package it vetted: none means
	# it could not load the packages (a //go:embed pattern whose files
	# the module zip lacks, say), which is no clean run.
	if [ "$n" -gt 0 ] && ! grep -q '^{' "$dir/vet.json"; then
		why="$(grep -m1 -v '^#' "$dir/vet.err" || true)"
		echo "FAIL: go vet vetted no package of $spec: $why"
		echo "$spec: go vet vetted no package: $why" >>"$errors"
		printf '%s\t%s\tvetted nothing\n' "$spec" "$n" >>"$times"
		failed=1
		continue
	fi
	printf '%s\t%s\t%s\n' "$spec" "$n" "$secs" >>"$times"
	# A package go vet could not type-check (a test variant whose mocks
	# need a build tag, say) is not vetted, though others are: say so.
	if unchecked="$(grep -c '^# [^[]' "$dir/vet.err")" && [ "$unchecked" -gt 0 ]; then
		echo "$spec: go vet could not type-check $unchecked package(s), not vetted: $(grep -m1 '^# [^[]' "$dir/vet.err")" >>"$errors"
	fi
	if grep -qE '^panic:|internal error|^fatal error:' "$dir/vet.err"; then
		echo "FAIL: gatevet crashed on $spec:"
		grep -m1 -A20 -E '^panic:|internal error|^fatal error:' "$dir/vet.err"
		echo "$spec: gatevet crashed: $(grep -m1 -E '^panic:|internal error|^fatal error:' "$dir/vet.err")" >>"$errors"
		failed=1
	fi
	# go vet -json prints one JSON object per package: package -> analyzer
	# -> diagnostics, or {"error": ...} when an analyzer failed.
	GOMODCACHE="$(go env GOMODCACHE)" python3 - "$spec" "$dir/vet.json" "$moddir" "$errors" >>"$findings" <<'PY' || failed=1
import json, os, sys
spec, path = sys.argv[1], sys.argv[2]
moddir = sys.argv[3].rstrip("/") + "/" if sys.argv[3] else None
cache = os.environ.get("GOMODCACHE", "").rstrip("/") + "/"

def rel(posn):
    """file:line, relative to the module's root (or to the module cache)."""
    if moddir and posn.startswith(moddir):
        posn = posn[len(moddir):]
    elif cache != "/" and posn.startswith(cache):
        posn = posn[len(cache):]
    parts = posn.rsplit(":", 2)
    if len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
        posn = parts[0] + ":" + parts[1]
    return posn

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
                line = f"analyzer error: {analyzer} on {pkg}: {diags.get('error')}"
                print(line, file=sys.stderr)
                with open(sys.argv[4], "a") as f:
                    print(f"{spec}: {line}", file=f)
                bad = True
                continue
            for d in diags:
                print(json.dumps({
                    "module": spec,
                    "analyzer": analyzer,
                    "package": pkg,
                    "posn": d["posn"],
                    "pos": rel(d["posn"]),
                    "message": d["message"],
                    "related": [{"posn": r.get("posn", ""), "pos": rel(r.get("posn", "")), "message": r.get("message", "")}
                                for r in d.get("related") or []],
                }))
sys.exit(1 if bad else 0)
PY
done

section "report: $REPORT"
python3 - "$findings" "$times" "$gatevet" "$errors" >"$REPORT" <<'PY'
import collections, json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
errors = [l.rstrip("\n") for l in open(sys.argv[4]) if l.strip()]
times = [l.rstrip("\n").split("\t") for l in open(sys.argv[2]) if l.strip()]
# A package and its test variant report the same position once.
seen, uniq = set(), []
for r in rows:
    key = (r["module"], r["analyzer"], r["posn"], r["message"])
    if key not in seen:
        seen.add(key)
        uniq.append(r)

def cell(s):
    return s.replace("|", "\\|").replace("\n", "<br>")

print("# gatevet real-world findings\n")
print(f"gatevet: `{sys.argv[3]}`\n")
print("| module | packages | go vet -vettool=gatevet (s) | findings |")
print("|---|---|---|---|")
count = collections.Counter(r["module"] for r in uniq)
for spec, n, secs in times:
    print(f"| {spec} | {n} | {secs} | {count[spec]} |")
print("\n| analyzer | findings |\n|---|---|")
for a, c in sorted(collections.Counter(r["analyzer"] for r in uniq).items()):
    print(f"| {a} | {c} |")
print("\n| analyzer | module | findings |\n|---|---|---|")
for (a, m), c in sorted(collections.Counter((r["analyzer"], r["module"]) for r in uniq).items()):
    print(f"| {a} | {m} | {c} |")
if errors:
    print("\n## Crashes, analyzer errors and modules not vetted\n")
    for e in errors:
        print(f"- {e}")
print("\n## Findings\n")
print("| # | analyzer | module | position | message | related |")
print("|---|---|---|---|---|---|")
for i, r in enumerate(uniq, 1):
    related = "<br>".join(f"`{x['pos']}`: {cell(x['message'])}" for x in r["related"])
    print(f"| {i} | {r['analyzer']} | {r['module']} | `{r['pos']}` | {cell(r['message'])} | {related} |")
PY
cat "$REPORT"
exit "$failed"
