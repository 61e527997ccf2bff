#!/usr/bin/env bash
# scale.sh: what caching buys, in go vet mode and standalone, on real
# modules (docs/scale.md).
#
# For each module in MODULES (path@version), it makes a scratch module
# outside this repository that requires a writable copy of the module's
# source (a replace directive), compiles everything once (untimed: stock
# go vet, and go list -export for the export data standalone reads), then in each mode runs gatevet four times over the module's
# packages, tests included:
#
#	cold  nothing of gatevet's cached (a fresh GATEVET_CACHE standalone;
#	      under go vet, the first run of this gatevet binary)
#	warm  again, nothing changed
#	leaf  after adding an exported function to a package no other
#	      package of the module imports
#	wide  after adding one to the package most of the module's
#	      packages import
#
# Each run goes through scripts/measure (wall s, CPU s, peak MiB of the
# whole process tree). The modes are
#
#	vet         go vet -vettool=gatevet -vetsuite=false (results and facts
#	            in the go command's build cache)
#	standalone  gatevet (lintcmd; results and facts in GATEVET_CACHE)
#
# and each starts from a fresh copy of the source. Environment: MODULES,
# REPORT (default ./scale-report.md), KEEP=1 keeps the scratch directory.
set -euo pipefail

MODULES="${MODULES:-google.golang.org/grpc@v1.85.0 go.etcd.io/etcd/server/v3@v3.6.16}"
REPORT="${REPORT:-$PWD/scale-report.md}"

# shellcheck source=scratch.sh
source "$(dirname "${BASH_SOURCE[0]}")/scratch.sh" gatevet-scale

section "build gatevet and measure"
(cd "$repo" && go build -buildvcs=false -o "$work/gatevet" ./cmd/gatevet &&
	go build -buildvcs=false -o "$work/measure" ./scripts/measure)
export GOCACHE="$work/gocache"

rows="$work/rows.tsv"
: >"$rows"

# probe DIR NAME adds an exported function NAME to the package in DIR.
probe() {
	local file
	file="$(find "$1" -maxdepth 1 -name '*.go' ! -name '*_test.go' | sort | head -1)"
	printf '\n// %s is scale.sh'"'"'s edit.\nfunc %s() {}\n' "$2" "$2" >>"$file"
}

n=0
for mod in $MODULES; do
	n=$((n + 1))
	path="${mod%@*}"
	section "$mod"
	dir="$work/mod-$n"
	setup_module "$dir" "$mod"
	src="$(cd "$dir" && go list -m -f '{{.Dir}}' "$path")"
	pkgs=("$path/...")
	for mode in vet standalone; do
		copy="$work/src-$n-$mode"
		rm -rf "$copy" && cp -r "$src" "$copy" && chmod -R u+w "$copy"
		(cd "$dir" && go mod edit -replace "$path=$copy" && go mod tidy >/dev/null 2>&1)
		# The leaf: a package no other package of the module imports; the
		# wide one: the package most of them import directly.
		read -r leaf wide < <(cd "$dir" && go list -f '{{.ImportPath}} {{join .Imports " "}}' "${pkgs[@]}" 2>/dev/null | python3 -c '
import sys, collections
lines = [l.split() for l in sys.stdin if l.strip()]
mine = {l[0] for l in lines}
count = collections.Counter(i for l in lines for i in set(l[1:]) if i in mine)
leaf = next(l[0] for l in sorted(lines) if count[l[0]] == 0 and "/internal/" not in l[0])
wide = count.most_common(1)[0][0]
print(leaf, wide)')
		echo "leaf $leaf, wide $wide"
		# Compile, untimed: what go vet needs, and the export data of every
		# package and test variant, which standalone loads.
		(cd "$dir" && go vet "${pkgs[@]}" >/dev/null 2>&1 || true)
		(cd "$dir" && go list -e -export -deps -test "${pkgs[@]}" >/dev/null 2>&1 || true)
		export GATEVET_CACHE="$work/cache-$n"
		rm -rf "$GATEVET_CACHE"
		for run in cold warm leaf wide; do
			case "$run" in
			leaf) probe "$(cd "$dir" && go list -f '{{.Dir}}' "$leaf")" GatevetScaleLeaf ;;
			wide) probe "$(cd "$dir" && go list -f '{{.Dir}}' "$wide")" GatevetScaleWide ;;
			esac
			m="$work/m.txt"
			: >"$m"
			case "$mode" in
			vet) (cd "$dir" && "$work/measure" -o "$m" go vet -vettool="$work/gatevet" -vetsuite=false "${pkgs[@]}" >/dev/null 2>&1 || true) ;;
			standalone) (cd "$dir" && "$work/measure" -o "$m" "$work/gatevet" "${pkgs[@]}" >/dev/null 2>&1 || true) ;;
			esac
			read -r wall cpu peak _ <"$m"
			printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$path" "$mode" "$run" "$wall" "$cpu" "$peak" | tee -a "$rows"
		done
	done
done

{
	echo "# gatevet scale run ($(date -u +%Y-%m-%d), $(cd "$repo" && git rev-parse --short HEAD))"
	echo
	echo "| module | mode | run | wall s | CPU s | peak MiB |"
	echo "| --- | --- | --- | ---: | ---: | ---: |"
	awk -F'\t' '{printf "| %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6}' "$rows"
} >"$REPORT"
echo "wrote $REPORT"
