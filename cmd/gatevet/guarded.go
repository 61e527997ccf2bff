package main

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/resource"
)

// guardedFields returns the //gatevet:guardedby lines to add to the
// fields of pkg's own types that the package always uses under one lock
// of the same instance: every use holds it (every write exclusively), in
// two functions or more, one of which writes the field. A field already
// annotated, one declared beside others on one line, and one used under
// no single lock are left alone.
func guardedFields(pkg *packages.Package, rs *resource.Result) []insertion {
	type evidence struct {
		key   resource.GateKey
		funcs map[*gate.FuncInfo]bool
		write bool
		bad   bool
	}
	byField := make(map[types.Object]*evidence)
	for _, u := range rs.Uses() {
		f, ok := u.Res.Obj.(*types.Var)
		if !ok || !f.IsField() || u.Res.Global || f.Pkg() != pkg.Types || rs.GuardedBy(u.Res) != nil {
			continue
		}
		ev := byField[f]
		if ev == nil {
			ev = &evidence{funcs: make(map[*gate.FuncInfo]bool)}
			byField[f] = ev
		}
		held, ok := ownLock(u)
		switch {
		case !ok, ev.key != (resource.GateKey{}) && ev.key != held:
			ev.bad = true
		default:
			ev.key = held
		}
		ev.funcs[u.Func] = true
		ev.write = ev.write || u.Write
	}
	var out []insertion
	for _, file := range pkg.Syntax {
		ast.Inspect(file, func(n ast.Node) bool {
			st, ok := n.(*ast.StructType)
			if !ok {
				return true
			}
			for _, field := range st.Fields.List {
				if len(field.Names) != 1 {
					continue
				}
				ev := byField[pkg.TypesInfo.Defs[field.Names[0]]]
				if ev == nil || ev.bad || !ev.write || len(ev.funcs) < 2 || strings.Contains(ev.key.Name, ".") {
					continue
				}
				pos := pkg.Fset.Position(field.Pos())
				out = append(out, insertion{file: pos.Filename, line: pos.Line, lines: []string{"//gatevet:guardedby " + ev.key.Name + "\n"}, indent: true})
			}
			return true
		})
	}
	return out
}

// ownLock returns the lock of the use's own instance it holds (a sibling
// field of the resource), exclusively when it writes; ok is false when
// it holds none, or more than one.
func ownLock(u resource.Use) (resource.GateKey, bool) {
	var found resource.GateKey
	n := 0
	for _, h := range u.Holdings {
		k, ok := resource.KeyOf(h.Gate, u.Res)
		if !ok || k.Scope != resource.InstanceGate || u.Write && h.Mode != known.Exclusive {
			continue
		}
		if n == 0 || k != found {
			n++
		}
		found = k
	}
	return found, n == 1
}
