#!/usr/bin/env bash
# vettool-times.sh: a -vettool wrapper that records the CPU time of each
# per-package run of a vet tool, to see where a go vet run's time goes
# (the go command's own work is left out).
#
#	REAL=$(go env GOROOT)/pkg/tool/$(go env GOOS)_$(go env GOARCH)/vet \
#	  TIMES_OUT=/tmp/stock.txt NONCE=$RANDOM \
#	  go vet -vettool=$PWD/scripts/vettool-times.sh ./...
#	REAL=$(which gatevet) TIMES_OUT=/tmp/gatevet.txt NONCE=$RANDOM \
#	  go vet -vettool=$PWD/scripts/vettool-times.sh -vetsuite=false ./...
#
# Each line of TIMES_OUT is: import path, whether the run was for facts
# only (a dependency: true), user and system CPU seconds. NONCE is added
# to the tool's build ID, so go vet's cache of an earlier run's results
# is not used.
set -u
last="${*: -1}"
case "$last" in
*.cfg)
	read -r ip vetxonly < <(python3 -c 'import json,sys; c=json.load(open(sys.argv[1])); print(c["ImportPath"], c.get("VetxOnly", False))' "$last")
	/usr/bin/time -a -o "$TIMES_OUT.$$" -f "$ip $vetxonly %U %S" "$REAL" "$@"
	rc=$?
	cat "$TIMES_OUT.$$" >>"$TIMES_OUT"
	rm -f "$TIMES_OUT.$$"
	exit $rc
	;;
-V=full) "$REAL" "$@" | sed "s/\$/${NONCE:-}/" ;;
*) exec "$REAL" "$@" ;;
esac
