package lockgraph

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// A DeclaredOrder is a //gatevet:order directive: lock classes that the
// team says are acquired in this order, each before the next. The
// classes are spelled as lockorder names them: Type.field or a
// package-level variable of the declaring package, path/to/pkg.Type.field
// or path/to/pkg.Var of another. Orders travel in the OrderFact, so
// that a package importing the declaring one is held to them too.
type DeclaredOrder struct {
	Classes []string // the classes' keys, as OrderEdge.From and To
	Names   []string // as the directive spells them
	At      string   // file:line of the directive
	Pkg     string   // the path of the declaring package

	pos token.Pos // in the package analysed; lost in facts
}

// Pos returns the directive's position in the package analysed, or
// token.NoPos for an order from a fact.
func (d DeclaredOrder) Pos() token.Pos { return d.pos }

// String spells the order as the directive does.
func (d DeclaredOrder) String() string { return strings.Join(d.Names, " < ") }

// declared resolves the package's //gatevet:order directives; what
// names no lock class, and an order that contradicts another (its own
// or one the package imports), is a problem for the directives pass.
func declared(pass *analysis.Pass, res *gate.Result, imported []DeclaredOrder) ([]DeclaredOrder, []directive.Problem) {
	var out []DeclaredOrder
	var problems []directive.Problem
	for _, d := range res.Directives.Orders {
		o := DeclaredOrder{At: gate.PosText(pass.Fset, d.Pos), Pkg: pass.Pkg.Path(), pos: d.Pos}
		bad := false
		for i := 0; i < len(d.Args); i += 2 {
			key, why := classOf(pass.Pkg, res, d.Args[i])
			if why != "" {
				problems = append(problems, directive.Problem{Pos: d.Pos, Message: fmt.Sprintf("//gatevet:order: %s %s", d.Args[i], why)})
				bad = true
				continue
			}
			o.Classes, o.Names = append(o.Classes, key), append(o.Names, d.Args[i])
		}
		if bad {
			continue
		}
		if a, b, ok := contradicts(o, append(append([]DeclaredOrder(nil), imported...), out...)); ok {
			problems = append(problems, directive.Problem{Pos: d.Pos, Message: fmt.Sprintf("//gatevet:order %s: a cycle, %s is declared both before and after %s", o, a, b)})
			continue
		}
		out = append(out, o)
	}
	return out, problems
}

// classOf resolves a lock class spelled in an order directive of
// package pkg to its key, or says why it cannot.
func classOf(pkg *types.Package, res *gate.Result, spelled string) (key, why string) {
	path, rest := pkg.Path(), spelled
	if i := strings.LastIndex(spelled, "/"); i >= 0 {
		j := strings.Index(spelled[i:], ".")
		if j < 0 {
			return "", "names no lock class (want Type.field, a variable, or path/to/pkg.Type.field)"
		}
		path, rest = spelled[:i+j], spelled[i+j+1:]
	}
	scope := packageScope(pkg, path)
	if scope == nil {
		return "", "names a package that this one does not import (" + path + ")"
	}
	typeName, field, isField := strings.Cut(rest, ".")
	if !isField {
		v, ok := scope.Lookup(rest).(*types.Var)
		if !ok {
			return "", "names no package-level variable of " + path
		}
		if _, ok := res.GateKind(v.Type()); !ok {
			return "", "is not a lock or semaphore"
		}
		return naming.GlobalKey(path, rest), ""
	}
	tn, ok := scope.Lookup(typeName).(*types.TypeName)
	if !ok {
		return "", "names no type of " + path
	}
	f := known.Field(tn.Type(), field)
	if f == nil {
		return "", "names no field of " + typeName
	}
	if _, ok := res.GateKind(f.Type()); !ok {
		return "", "is not a lock or semaphore"
	}
	return path + "." + typeName + "." + field, ""
}

// packageScope returns the scope of pkg or of the package of path it
// imports, or nil.
func packageScope(pkg *types.Package, path string) *types.Scope {
	if pkg.Path() == path {
		return pkg.Scope()
	}
	for _, imp := range pkg.Imports() {
		if imp.Path() == path {
			return imp.Scope()
		}
	}
	return nil
}

// contradicts reports two classes that o orders one way and the orders
// in others (together with o) the other way.
func contradicts(o DeclaredOrder, others []DeclaredOrder) (string, string, bool) {
	all := append(others, o)
	for i, a := range o.Classes {
		for _, b := range o.Classes[i+1:] {
			if a == b || Before(all, b, a) {
				return o.Names[i], nameOf(o, b), true
			}
		}
	}
	return "", "", false
}

func nameOf(o DeclaredOrder, class string) string {
	for i, c := range o.Classes {
		if c == class {
			return o.Names[i]
		}
	}
	return class
}

// Before reports whether orders declare class a before class b: in one
// order, or through a chain of them (Server.mu < Conn.mu in one,
// Conn.mu < Stream.mu in another).
func Before(orders []DeclaredOrder, a, b string) bool { return Chain(orders, a, b) != nil }

// Chain returns the orders that together declare class a before class
// b, one order when one does, the shortest chain otherwise; nil when
// they do not.
func Chain(orders []DeclaredOrder, a, b string) []DeclaredOrder {
	type step struct {
		class string
		via   []DeclaredOrder
	}
	seen := map[string]bool{a: true}
	next := []step{{class: a}}
	for len(next) > 0 {
		c := next[0]
		next = next[1:]
		for _, o := range orders {
			for i, x := range o.Classes {
				if x != c.class {
					continue
				}
				via := append(slices.Clip(c.via), o)
				for _, y := range o.Classes[i+1:] {
					if y == b {
						return via
					}
					if !seen[y] {
						seen[y] = true
						next = append(next, step{y, via})
					}
				}
			}
		}
	}
	return nil
}
