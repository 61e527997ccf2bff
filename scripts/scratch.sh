# scratch.sh: what realworld.sh and benchmark.sh share. Source it with
# the scratch directory's name prefix as $1; it sets repo (this
# repository), work (a scratch directory removed on exit unless KEEP=1)
# and section, and scratch_module.

if ! command -v go >/dev/null 2>&1; then
	export PATH="/usr/local/go/bin:$PATH"
fi

section() { printf '\n==== %s ====\n' "$*"; }

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX")"
cleanup() {
	if [ "${KEEP:-0}" = 1 ]; then
		echo "kept scratch directory $work"
	else
		chmod -R u+w "$work" 2>/dev/null || true
		rm -rf "$work"
	fi
}
trap cleanup EXIT

export GOWORK=off
export GOFLAGS="${GOFLAGS:+$GOFLAGS }-mod=mod"

# scratch_module DIR MODULE@VERSION makes DIR a module outside this
# repository that requires MODULE@VERSION.
scratch_module() {
	mkdir -p "$1"
	(
		cd "$1"
		go mod init example.com/gatevet-scratch >/dev/null 2>&1
		printf 'package scratch\n\nimport _ "%s"\n' "${2%@*}" >deps.go
		go get "$2" >/dev/null
		go mod tidy >/dev/null
	)
}
