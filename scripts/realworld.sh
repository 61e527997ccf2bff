#!/usr/bin/env bash
# realworld.sh: run gatevet over a real code base, google.golang.org/grpc,
# and compare its wall time with stock go vet's.
#
# It makes a scratch module in a temporary directory outside this repo that
# requires a pinned grpc, builds gatevet from this checkout, compiles the
# grpc packages once (so that neither timed run pays for compiling), then
# times
#
#	go vet google.golang.org/grpc/...                      (stock analyzers)
#	go vet -vettool=<gatevet> -vetsuite=false google.golang.org/grpc/...   (gatevet alone)
#
# and prints gatevet's findings. Findings never fail the script; it exits
# non-zero only when something could not be set up or gatevet crashed
# (a panic or an "internal error" on its stderr).
#
# Environment:
#
#	GRPC_VERSION  the grpc version to check (default below)
#	KEEP=1        keep the scratch directory instead of removing it
#
# The scratch module uses its own GOCACHE, so that go vet's result cache
# cannot turn either timed run into a replay; the module cache is shared.
set -euo pipefail

GRPC_VERSION="${GRPC_VERSION:-v1.85.0}"
PATTERN="google.golang.org/grpc/..."

if ! command -v go >/dev/null 2>&1; then
	export PATH="/usr/local/go/bin:$PATH"
fi

section() { printf '\n==== %s ====\n' "$*"; }

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/gatevet-realworld.XXXXXX")"
cleanup() {
	if [ "${KEEP:-0}" = 1 ]; then
		echo "kept scratch directory $work"
	else
		chmod -R u+w "$work" 2>/dev/null || true
		rm -rf "$work"
	fi
}
trap cleanup EXIT

# The scratch module must not be part of a workspace around it, and must
# be allowed to record the checksums that vetting grpc's tests needs.
export GOWORK=off
export GOFLAGS="${GOFLAGS:+$GOFLAGS }-mod=mod"

section "toolchain"
go version

section "build gatevet from $repo"
mkdir -p "$work/bin"
gatevet="$work/bin/gatevet"
(cd "$repo" && go build -buildvcs=false -o "$gatevet" ./cmd/gatevet)
echo "built $gatevet"

# From here on, use a cache of our own (see above).
export GOCACHE="$work/gocache"

section "scratch module with google.golang.org/grpc@$GRPC_VERSION"
mod="$work/mod"
mkdir -p "$mod"
cd "$mod"
go mod init example.com/gatevet-realworld
cat >deps.go <<'EOF'
// Package realworld only exists to require google.golang.org/grpc.
package realworld

import _ "google.golang.org/grpc"
EOF
go get "google.golang.org/grpc@$GRPC_VERSION"
go mod tidy
grep 'google.golang.org/grpc ' go.mod
npkg="$(go list -e "$PATTERN" | wc -l)"
echo "$PATTERN: $npkg packages"

section "compile $PATTERN and its tests (untimed warm-up)"
# -export builds export data, which is what go vet type-checks against;
# -test includes the test packages that go vet also checks.
go list -e -deps -test -export "$PATTERN" >/dev/null

# timed NAME CMD...: run CMD with its stdout and stderr sent to
# $work/NAME.out and $work/NAME.err; set NAME_time to its wall time in
# seconds and NAME_rc to its exit status. A non-zero exit (findings) does
# not stop the script.
timed() {
	local name="$1"
	shift
	local TIMEFORMAT='%R'
	local rc=0
	echo "+ time $*"
	{ time { "$@" >"$work/$name.out" 2>"$work/$name.err" || rc=$?; }; } 2>"$work/$name.time"
	printf -v "${name}_time" '%s' "$(tr -d '[:space:]' <"$work/$name.time")"
	printf -v "${name}_rc" '%s' "$rc"
	echo "exit status $rc, wall time $(tr -d '[:space:]' <"$work/$name.time")s"
}

section "stock go vet"
timed stock go vet "$PATTERN"
if [ "$stock_rc" != 0 ]; then
	echo "stock go vet reported (first 20 lines of its stderr):"
	head -n 20 "$work/stock.err"
fi

section "gatevet through go vet"
timed gatevet go vet -vettool="$gatevet" -vetsuite=false "$PATTERN"

# Diagnostics look like "file.go:line:col: message" (related information
# follows its diagnostic with a tab before the message); everything else
# on stderr is go vet's "# package" headers or errors.
findings="$work/findings.txt"
grep -E '^[^#[:space:]][^:]*\.go:[0-9]+:[0-9]+: ' "$work/gatevet.err" >"$findings" || true
nfind="$(grep -cvE '^[^:]*\.go:[0-9]+:[0-9]+: '$'\t' "$findings" || true)"

section "gatevet findings ($nfind)"
if [ -s "$findings" ]; then
	cat "$findings"
else
	echo "(none)"
fi

other="$(grep -vE '^#|^[^:[:space:]]*\.go:[0-9]+:[0-9]+: ' "$work/gatevet.err" || true)"
if [ -n "$other" ]; then
	section "other gatevet stderr"
	echo "$other"
fi

section "summary"
printf 'grpc %s, %s packages\n' "$GRPC_VERSION" "$npkg"
printf '%-24s %8ss  exit %s\n' "stock go vet" "$stock_time" "$stock_rc"
printf '%-24s %8ss  exit %s  findings %s\n' "go vet -vettool=gatevet" "$gatevet_time" "$gatevet_rc" "$nfind"

if grep -qE 'panic:|internal error|goroutine [0-9]+ \[running\]|fatal error:' "$work/gatevet.err"; then
	echo
	echo "FAIL: gatevet crashed; the first crash report:"
	grep -m1 -A30 -E 'panic:|internal error|fatal error:' "$work/gatevet.err"
	exit 1
fi
if [ "$gatevet_rc" != 0 ] && [ "$nfind" = 0 ]; then
	echo
	echo "FAIL: go vet -vettool=gatevet exited $gatevet_rc without a finding; see its stderr above"
	exit 1
fi
echo "gatevet ran without crashing"
