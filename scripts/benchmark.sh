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
#	stock         go vet PKGS
#	gatevet       go vet -vettool=gatevet -vetsuite=false PKGS
#	superset      go vet -vettool=gatevet PKGS   (the vet suite too: what
#	              a CI that swaps go vet for gatevet runs)
#	gatevet-base  the same with gatevet built at BASE (only if BASE is set)
#	static        staticcheck PKGS   (v0.8.2, its own cache emptied)
#
# each run starting from a fresh copy of the template cache: compilation
# is cached, vet results are not (the case of a new gatevet release). The
# tools take turns within a repetition, in the order above, so a slow
# spell of the machine hits them alike. scripts/measure records wall time,
# CPU time and the peak of the summed resident memory of every process the
# run started.
#
# gatevet is built from this working tree, uncommitted changes included;
# the table names the commit and says whether Go files differed from it.
# With BASE=<git revision>, gatevet is also built from that revision
# (git archive into the scratch directory, so the repository is left
# alone), and the table gains the ratios of gatevet to gatevet-base: the
# way to measure what a change did to speed and memory.
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
#	BASE      a git revision of this repository to compare gatevet with
#	TOOLS     which of stock, gatevet, superset, gatevet-base and static
#	          to run (default all but superset; gatevet-base only with
#	          BASE), e.g.
#	          TOOLS="stock gatevet gatevet-base" to skip staticcheck
#	TABLE     where to write the table
#	KEEP=1    keep the scratch directory
#	PEAKS     a directory: for each run, append there what made up its
#	          peak memory (the processes of that sample, their MiB and
#	          packages; see scripts/measure), one file per module, share
#	          and tool
#
#	BASE=main~3 TOOLS="stock gatevet gatevet-base" SHARES="10 100" bash scripts/benchmark.sh
set -euo pipefail

MODULES="${MODULES:-google.golang.org/grpc@v1.85.0 go.etcd.io/etcd/server/v3@v3.6.16}"
REPS="${REPS:-3}"
SHARES="${SHARES:-10 50 100}"
BASE="${BASE:-}"
TOOLS="${TOOLS:-stock gatevet${BASE:+ gatevet-base} static}"
TABLE="${TABLE:-$PWD/benchmark-report.md}"

for tool in $TOOLS; do
	case $tool in
	stock | gatevet | superset | static) ;;
	gatevet-base)
		if [ -z "$BASE" ]; then
			echo "benchmark.sh: TOOLS names gatevet-base but BASE is not set" >&2
			exit 2
		fi
		;;
	*)
		echo "benchmark.sh: unknown tool $tool in TOOLS (stock, gatevet, superset, gatevet-base, static)" >&2
		exit 2
		;;
	esac
done
turns=() # the tools of TOOLS, in the fixed turn order
for tool in stock gatevet superset gatevet-base static; do
	case " $TOOLS " in *" $tool "*) turns+=("$tool") ;; esac
done
has() { case " ${turns[*]} " in *" $1 "*) return 0 ;; esac; return 1; }

# shellcheck source-path=SCRIPTDIR source=scratch.sh
source "$(dirname "${BASH_SOURCE[0]}")/scratch.sh" gatevet-bench

head=$(git -C "$repo" rev-parse HEAD 2>/dev/null || echo unknown)
if [ -n "$(git -C "$repo" status --porcelain -- '*.go' go.mod go.sum 2>/dev/null)" ]; then
	head="$head + uncommitted changes"
fi
base_rev=""

section "build gatevet ($head) and measure"
(cd "$repo" && go build -buildvcs=false -o "$work/gatevet" ./cmd/gatevet &&
	go build -buildvcs=false -o "$work/measure" ./scripts/measure)
if has gatevet-base; then
	base_rev=$(git -C "$repo" rev-parse --verify "$BASE^{commit}")
	section "build gatevet at BASE $BASE ($base_rev)"
	# Same file name as the other, in a directory of its own.
	mkdir -p "$work/base-src" "$work/base"
	git -C "$repo" archive "$base_rev" | tar -x -C "$work/base-src"
	(cd "$work/base-src" && go build -buildvcs=false -o "$work/base/gatevet" ./cmd/gatevet)
	chmod -R u+w "$work/base-src"
	rm -rf "$work/base-src"
fi
if has static; then
	section "staticcheck v0.8.2"
	GOBIN="$work" go install honnef.co/go/tools/cmd/staticcheck@v0.8.2
	"$work/staticcheck" -version
fi
echo "turns: ${turns[*]}"

results="$work/results.tsv" # module, share, packages, lines, tool, wall, cpu, mib, exit
: >"$results"

for spec in $MODULES; do
	mod="${spec%@*}"
	section "$spec"
	dir="$work/mod-$(echo "$mod" | tr '/.' '__')"
	setup_module "$dir" "$spec"
	cd "$dir"
	go list -e "$mod/..." | sort >all.txt
	mapfile -t all <all.txt
	template="$dir/gocache"
	echo "${#all[@]} packages; compiling them and their tests (untimed)"
	GOCACHE="$template" go list -e -deps -test -export "${all[@]}" >/dev/null 2>&1 || true
	for share in $SHARES; do
		awk -v p="$share" '((NR-1)*p)%100 < p' all.txt >"pkgs-$share.txt"
		mapfile -t pkgs <"pkgs-$share.txt"
		# shellcheck disable=SC2016 # a go list template, not shell
		lines=$(go list -e -f '{{$d := .Dir}}{{range .GoFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}{{range .TestGoFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}{{range .XTestGoFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}' "${pkgs[@]}" |
			grep . | xargs cat | wc -l)
		echo "$share%: ${#pkgs[@]} packages, $lines lines"
		echo "$lines" >"lines-$share.txt"
	done
	for rep in $(seq "$REPS"); do
		for share in $SHARES; do
			mapfile -t pkgs <"pkgs-$share.txt"
			for tool in "${turns[@]}"; do
				cache="$work/run-cache"
				rm -rf "$cache" "$work/xdg"
				cp -al "$template" "$cache"
				mkdir -p "$work/xdg"
				m="$work/m.txt"
				: >"$m"
				measure=("$work/measure" -o "$m")
				if [ -n "${PEAKS:-}" ]; then
					mkdir -p "$PEAKS"
					measure+=(-peak "$PEAKS/${spec//\//_}-$share-$tool.txt")
				fi
				case $tool in
				stock) GOCACHE="$cache" "${measure[@]}" go vet "${pkgs[@]}" >/dev/null 2>&1 || true ;;
				gatevet) GOCACHE="$cache" "${measure[@]}" go vet -vettool="$work/gatevet" -vetsuite=false "${pkgs[@]}" >/dev/null 2>&1 || true ;;
				superset) GOCACHE="$cache" "${measure[@]}" go vet -vettool="$work/gatevet" "${pkgs[@]}" >/dev/null 2>&1 || true ;;
				gatevet-base) GOCACHE="$cache" "${measure[@]}" go vet -vettool="$work/base/gatevet" -vetsuite=false "${pkgs[@]}" >/dev/null 2>&1 || true ;;
				static) GOCACHE="$cache" XDG_CACHE_HOME="$work/xdg" "${measure[@]}" "$work/staticcheck" "${pkgs[@]}" >/dev/null 2>&1 || true ;;
				esac
				read -r wall cpu mib code <"$m"
				echo "rep $rep $share% $tool: ${wall}s wall, ${cpu}s cpu, ${mib} MiB (exit $code)"
				printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$spec" "$share" \
					"${#pkgs[@]}" "$(cat "lines-$share.txt")" "$tool" "$wall" "$cpu" "$mib" "$code" >>"$results"
			done
		done
	done
	cd "$work"
done

section "table: $TABLE"
python3 - "$results" "$REPS" "$head" "$base_rev" "$(go version)" >"$TABLE" <<'PY'
import collections, statistics, sys
results, reps, head, base_rev, gover = sys.argv[1:6]
rows = [l.rstrip("\n").split("\t") for l in open(results) if l.strip()]
runs = collections.defaultdict(list)
codes = collections.defaultdict(set)
meta = {}
for spec, share, n, lines, tool, wall, cpu, mib, code in rows:
    runs[spec, int(share), tool].append((float(wall), float(cpu), float(mib)))
    codes[spec, int(share), tool].add(code)
    meta[spec, int(share)] = (n, lines)
med = {k: tuple(statistics.median(x[i] for x in v) for i in range(3)) for k, v in runs.items()}
with_base = any(k[2] == "gatevet-base" for k in med)
print(f"# gatevet benchmark\n\nMedians of {reps} runs; compile cache warm, vet and staticcheck results not cached.")
print(f"gatevet at {head}" + (f"; gatevet-base at {base_rev}" if with_base else "") + f"; {gover}.")
print("Ratios ÷ vet are to stock `go vet` on the same packages" + ("; ratios ÷ base are to gatevet-base." if with_base else "."))
print("Memory is the peak of the summed resident memory of all processes of a run.")
print("exit lists the exit codes seen (findings make the tools exit non-zero).\n")
cols = ["module", "share", "packages", "lines", "tool", "exit", "wall s", "cpu s", "peak MiB", "wall ÷ vet", "cpu ÷ vet", "MiB ÷ vet"]
if with_base:
    cols += ["wall ÷ base", "cpu ÷ base", "MiB ÷ base"]
print("| " + " | ".join(cols) + " |")
print("|" + "---|" * len(cols))
names = {"stock": "go vet", "gatevet": "go vet -vettool=gatevet -vetsuite=false", "superset": "go vet -vettool=gatevet", "gatevet-base": "go vet -vettool=gatevet-base", "static": "staticcheck 0.8.2"}
def ratios(m, to):
    return [f"{m[i] / to[i]:.2f}" if to and to[i] else "-" for i in range(3)]
for (spec, share), (n, lines) in meta.items():
    stock = med.get((spec, share, "stock"))
    base = med.get((spec, share, "gatevet-base"))
    for tool in names:
        m = med.get((spec, share, tool))
        if not m:
            continue
        exits = ",".join(sorted(codes[spec, share, tool]))
        cells = [spec, f"{share}%", n, lines, names[tool], exits, f"{m[0]:.1f}", f"{m[1]:.1f}", f"{m[2]:.0f}"] + ratios(m, stock)
        if with_base:
            cells += ratios(m, base) if tool in ("gatevet", "gatevet-base") else ["", "", ""]
        print("| " + " | ".join(str(c) for c in cells) + " |")
PY
cat "$TABLE"
