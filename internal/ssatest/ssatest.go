// Package ssatest builds the SSA of a small Go source for the model's
// unit tests: package p, the standard library importable.
package ssatest

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// Build type-checks src as package p, one file p.go, and builds its SSA,
// with the builder's sanity checks on.
func Build(t testing.TB, src string) *ssa.Package {
	t.Helper()
	return BuildFiles(t, map[string]string{"p.go": src})
}

// BuildFiles is Build for a package of several files, by name (p.go,
// p_test.go).
func BuildFiles(t testing.TB, srcs map[string]string) *ssa.Package {
	t.Helper()
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range slices.Sorted(maps.Keys(srcs)) {
		f, err := parser.ParseFile(fset, name, srcs[name], 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset,
		types.NewPackage("p", "p"), files, ssa.SanityCheckFunctions)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

// Funcs returns pkg's functions and the methods of its named types,
// then their closures.
func Funcs(pkg *ssa.Package) []*ssa.Function {
	var funcs []*ssa.Function
	seen := make(map[*ssa.Function]bool)
	for _, m := range pkg.Members {
		switch m := m.(type) {
		case *ssa.Function:
			funcs = append(funcs, m)
		case *ssa.Type:
			// Value methods are in T's method set, the rest in *T's.
			for _, t := range []types.Type{m.Type(), types.NewPointer(m.Type())} {
				mset := pkg.Prog.MethodSets.MethodSet(t)
				for i := range mset.Len() {
					if fn := pkg.Prog.MethodValue(mset.At(i)); fn != nil && fn.Synthetic == "" && !seen[fn] {
						seen[fn] = true
						funcs = append(funcs, fn)
					}
				}
			}
		}
	}
	for i := 0; i < len(funcs); i++ {
		funcs = append(funcs, funcs[i].AnonFuncs...)
	}
	return funcs
}
