# scratch.sh: what realworld.sh and benchmark.sh share. Source it with
# the scratch directory's name prefix as $1; it sets repo (this
# repository), work (a scratch directory removed on exit unless KEEP=1)
# and section, and scratch_module and setup_module.

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

# setup_module DIR MODULE@VERSION is scratch_module, or, for a module
# whose root directory is not a package (containerd/v2), the same with the
# first of its packages that another module can import.
setup_module() {
	scratch_module "$1" "$2" && return 0
	local pkg="" p
	for p in $(cd "$1" && go list -e -f '{{if and (ne .Name "main") (not .Error)}}{{.ImportPath}}{{end}}' "${2%@*}/..." 2>/dev/null); do
		case "$p" in
		*/internal/* | */internal) ;;
		*) pkg="$p" && break ;;
		esac
	done
	[ -n "$pkg" ] || return 1
	echo "${2%@*} is not a package: importing $pkg instead"
	(
		cd "$1"
		printf 'package scratch\n\nimport _ "%s"\n' "$pkg" >deps.go
		go get "$2" >/dev/null
		go mod tidy >/dev/null
	)
}
