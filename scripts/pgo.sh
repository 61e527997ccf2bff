#!/usr/bin/env bash
# pgo.sh: makes cmd/gatevet/default.pgo, the CPU profile the go command
# builds gatevet with (profile-guided optimisation: go build and go
# install use a main package's default.pgo by themselves).
#
# For each module in MODULES (path@version) it makes a scratch module
# outside this repository that requires it, compiles the module's
# packages and their tests once (untimed), and runs standalone gatevet,
# built without a profile, over all of them, tests included, with a cold
# cache and a CPU profile: the loader, the type checker, the SSA builder,
# the gate model and the passes all run there, as they do under go vet.
# The profiles are merged into cmd/gatevet/default.pgo. Run it again
# when the model's hot paths change; docs/performance.md says what the
# profile is worth.
#
# Environment: MODULES, KEEP=1 keeps the scratch directory.
set -euo pipefail

MODULES="${MODULES:-google.golang.org/grpc@v1.85.0 go.etcd.io/etcd/server/v3@v3.6.16}"

# shellcheck source=scratch.sh
source "$(dirname "${BASH_SOURCE[0]}")/scratch.sh" gatevet-pgo

section "build gatevet without a profile"
(cd "$repo" && go build -pgo=off -buildvcs=false -o "$work/gatevet" ./cmd/gatevet)

profiles=()
n=0
for mod in $MODULES; do
	n=$((n + 1))
	section "$mod"
	dir="$work/mod-$n"
	setup_module "$dir" "$mod"
	pkgs="${mod%@*}/..."
	(cd "$dir" && go list -e -export -deps -test "$pkgs" >/dev/null 2>&1 || true)
	(cd "$dir" && GATEVET_CACHE="$work/cache-$n" "$work/gatevet" -debug.cpuprofile="$work/$n.prof" "$pkgs" >/dev/null 2>&1 || true)
	profiles+=("$work/$n.prof")
done

section "merge"
go tool pprof -proto "${profiles[@]}" >"$repo/cmd/gatevet/default.pgo"
ls -l "$repo/cmd/gatevet/default.pgo"
