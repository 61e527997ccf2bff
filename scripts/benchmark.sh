#!/usr/bin/env bash
# benchmark.sh: how fast, and how heavy, gatevet is next to stock go vet
# and staticcheck, on real code bases from the module proxy.
#
# For each module in MODULES (path@version) it makes a scratch module
# outside this repository that requires it, lists the module's packages,
# and compiles them and their tests once (untimed) into a template
# GOCACHE. Then, REPS times, for 10%, 50% and 100% of the packages (every
# 10th, every 2nd, all, in import-path order) it measures
#
#	stock    go vet PKGS
#	gatevet  go vet -vettool=gatevet -vetsuite=false PKGS
#	static   staticcheck PKGS   (v0.8.2, its own cache emptied)
#
# each run starting from a fresh copy of the template cache: compilation
# is cached, vet results are not (the case of a new gatevet release). The
# tools take turns within a repetition, so a slow spell of the machine hits
# them alike. scripts/measure records wall time, CPU time and the peak of
# the summed resident memory of every process the run started.
#
# The table (TABLE, default ./benchmark-report.md) gives medians, the
# ratios to stock go vet of the same module and share, and the lines of Go
# (including tests) in each share, so growth can be read against size.
#
# Environment:
#
#	MODULES   space-separated module@version list (default below)
#	REPS      repetitions (default 3)
#	SHARES    package shares in percent (default "10 50 100")
#	TABLE     where to write the table
#	KEEP=1    keep the scratch directory
set -euo pipefail

MODULES="${MODULES:-google.golang.org/grpc@v1.85.0 go.etcd.io/etcd/server/v3@v3.6.16}"
REPS="${REPS:-3}"
SHARES="${SHARES:-10 50 100}"
TABLE="${TABLE:-$PWD/benchmark-report.md}"

# shellcheck source=scratch.sh
source "$(dirname "${BASH_SOURCE[0]}")/scratch.sh" gatevet-bench

section "build gatevet, measure and staticcheck v0.8.2"
(cd "$repo" && go build -buildvcs=false -o "$work/gatevet" ./cmd/gatevet &&
	go build -buildvcs=false -o "$work/measure" ./scripts/measure)
GOBIN="$work" go install honnef.co/go/tools/cmd/staticcheck@v0.8.2
"$work/staticcheck" -version

results="$work/results.tsv" # module, share, packages, lines, tool, wall, cpu, mib, exit
: >"$results"

for spec in $MODULES; do
	mod="${spec%@*}"
	section "$spec"
	dir="$work/mod-$(echo "$mod" | tr '/.' '__')"
	scratch_module "$dir" "$spec"
	cd "$dir"
	go list -e "$mod/..." | sort >all.txt
	template="$dir/gocache"
	echo "$(wc -l <all.txt) packages; compiling them and their tests (untimed)"
	GOCACHE="$template" go list -e -deps -test -export $(cat all.txt) >/dev/null 2>&1 || true
	for share in $SHARES; do
		awk -v p="$share" '((NR-1)*p)%100 < p' all.txt >"pkgs-$share.txt"
		lines=$(go list -e -f '{{$d := .Dir}}{{range .GoFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}{{range .TestGoFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}{{range .XTestGoFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}' $(cat "pkgs-$share.txt") |
			grep . | xargs cat | wc -l)
		echo "$share%: $(wc -l <"pkgs-$share.txt") packages, $lines lines"
		echo "$lines" >"lines-$share.txt"
	done
	for rep in $(seq "$REPS"); do
		for share in $SHARES; do
			pkgs=$(cat "pkgs-$share.txt")
			for tool in stock gatevet static; do
				cache="$work/run-cache"
				rm -rf "$cache" "$work/xdg"
				cp -al "$template" "$cache"
				mkdir -p "$work/xdg"
				m="$work/m.txt"
				: >"$m"
				case $tool in
				stock) GOCACHE="$cache" "$work/measure" -o "$m" go vet $pkgs >/dev/null 2>&1 || true ;;
				gatevet) GOCACHE="$cache" "$work/measure" -o "$m" go vet -vettool="$work/gatevet" -vetsuite=false $pkgs >/dev/null 2>&1 || true ;;
				static) GOCACHE="$cache" XDG_CACHE_HOME="$work/xdg" "$work/measure" -o "$m" "$work/staticcheck" $pkgs >/dev/null 2>&1 || true ;;
				esac
				read -r wall cpu mib code <"$m"
				echo "rep $rep $share% $tool: ${wall}s wall, ${cpu}s cpu, ${mib} MiB (exit $code)"
				printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$spec" "$share" \
					"$(wc -l <"pkgs-$share.txt")" "$(cat "lines-$share.txt")" "$tool" "$wall" "$cpu" "$mib" "$code" >>"$results"
			done
		done
	done
	cd "$work"
done

section "table: $TABLE"
python3 - "$results" "$REPS" >"$TABLE" <<'PY'
import collections, statistics, sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
runs = collections.defaultdict(list)
meta = {}
for spec, share, n, lines, tool, wall, cpu, mib, code in rows:
    runs[spec, int(share), tool].append((float(wall), float(cpu), float(mib)))
    meta[spec, int(share)] = (n, lines)
med = {k: tuple(statistics.median(x[i] for x in v) for i in range(3)) for k, v in runs.items()}
print(f"# gatevet benchmark\n\nMedians of {sys.argv[2]} runs; compile cache warm, vet and staticcheck results not cached.")
print("Ratios are to stock `go vet` on the same packages. Memory is the peak of the summed resident memory of all processes of a run.\n")
print("| module | share | packages | lines | tool | wall s | cpu s | peak MiB | wall ÷ vet | cpu ÷ vet | MiB ÷ vet |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
for (spec, share), (n, lines) in meta.items():
    base = med.get((spec, share, "stock"))
    for tool in ("stock", "gatevet", "static"):
        m = med.get((spec, share, tool))
        if not m or not base:
            continue
        name = {"stock": "go vet", "gatevet": "go vet -vettool=gatevet", "static": "staticcheck 0.8.2"}[tool]
        r = [f"{m[i] / base[i]:.2f}" if base[i] else "-" for i in range(3)]
        print(f"| {spec} | {share}% | {n} | {lines} | {name} | {m[0]:.1f} | {m[1]:.1f} | {m[2]:.0f} | {r[0]} | {r[1]} | {r[2]} |")
PY
cat "$TABLE"
