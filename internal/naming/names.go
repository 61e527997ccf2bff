package naming

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Functions are named for messages as their callers spell them, and
// split into words for the name-based idioms (Close, fooLocked).

// CalleeName spells fn as a caller in package pkg would: Register,
// lib.Register, (*Pool).Get, (*lib.Pool).Get, Map.Load for generics.
func CalleeName(fn *ssa.Function, pkg string) string {
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	if fn.Parent() != nil {
		return "func literal in " + CalleeName(fn.Parent(), pkg)
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil {
		return fn.Name()
	}
	qualify := func(p *types.Package, name string) string {
		if p == nil || p.Path() == pkg {
			return name
		}
		return p.Name() + "." + name
	}
	recv := obj.Type().(*types.Signature).Recv()
	if recv == nil {
		return qualify(obj.Pkg(), obj.Name())
	}
	t, star := recv.Type(), ""
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t, star = p.Elem(), "*"
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return obj.Name()
	}
	tn := qualify(n.Obj().Pkg(), n.Obj().Name())
	if star != "" {
		return "(*" + tn + ")." + obj.Name()
	}
	return tn + "." + obj.Name()
}

// FuncName names fn for messages: Get, or a func literal in Later.
func FuncName(fn *ssa.Function) string {
	if fn.Parent() == nil {
		return fn.Name()
	}
	return "a func literal in " + Outermost(fn).Name()
}

// CallerLocks reports whether a function's name says that its callers
// synchronise for it (fooLocked, UnsafeLoad, IterateUnsafe,
// unlockedAddHost: "assumes you have the lock"): such functions are
// reached through their callers only, and pass the locking they need on
// to them.
func CallerLocks(name string) bool {
	words := Words(name)
	last := words[len(words)-1]
	return words[0] == "unsafe" || words[0] == "unlocked" && len(words) > 1 || last == "unsafe" || last == "locked"
}

// Words splits a Go name into its lower-cased words: GracefulStop is
// graceful, stop; closeAllLocked is close, all, locked.
func Words(name string) []string {
	var out []string
	start := 0
	for i := 1; i <= len(name); i++ {
		if i == len(name) || name[i] == '_' || (isUpper(name[i]) && !isUpper(name[i-1])) {
			if w := strings.Trim(name[start:i], "_"); w != "" {
				out = append(out, strings.ToLower(w))
			}
			start = i
		}
	}
	if len(out) == 0 {
		out = append(out, strings.ToLower(name))
	}
	return out
}

func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }

// Outermost returns the named function a function literal is nested in
// (fn itself when it is not a literal).
func Outermost(fn *ssa.Function) *ssa.Function {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	return fn
}
