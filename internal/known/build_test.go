package known_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ssa"
)

// semaphoreSrc stands in for golang.org/x/sync/semaphore: known goes by
// the package path and the names only.
const semaphoreSrc = `package semaphore

import "context"

type Weighted struct{ n int64 }

func NewWeighted(n int64) *Weighted                            { return &Weighted{n: n} }
func (s *Weighted) Acquire(ctx context.Context, n int64) error { return nil }
func (s *Weighted) TryAcquire(n int64) bool                    { return true }
func (s *Weighted) Release(n int64)                            {}
`

// program is a small package p, type-checked and built to SSA.
type program struct {
	fset *token.FileSet
	file *ast.File
	pkg  *types.Package
	ssa  *ssa.Package
}

// build type-checks src as package p, which may import the standard
// library and golang.org/x/sync/semaphore, and builds its SSA form as the
// gate model does: the imports are created from their types, except sync,
// whose methods are made on demand when called, with no package (so src
// must name no package-level function or variable of sync).
func build(t *testing.T, src string) *program {
	t.Helper()
	fset := token.NewFileSet()
	std := importer.Default()
	semFile, err := parser.ParseFile(fset, "semaphore.go", semaphoreSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	sem, err := (&types.Config{Importer: std}).Check("golang.org/x/sync/semaphore", fset, []*ast.File{semFile}, nil)
	if err != nil {
		t.Fatal(err)
	}
	imp := importerFunc(func(path string) (*types.Package, error) {
		if path == sem.Path() {
			return sem, nil
		}
		return std.Import(path)
	})
	file, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue),
		Defs:         make(map[*ast.Ident]types.Object),
		Uses:         make(map[*ast.Ident]types.Object),
		Implicits:    make(map[ast.Node]types.Object),
		Instances:    make(map[*ast.Ident]types.Instance),
		Scopes:       make(map[ast.Node]*types.Scope),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection),
		FileVersions: make(map[*ast.File]string),
	}
	pkg, err := (&types.Config{Importer: imp}).Check("p", fset, []*ast.File{file}, info)
	if err != nil {
		t.Fatal(err)
	}
	prog := ssa.NewProgram(fset, ssa.BareInits|ssa.SanityCheckFunctions)
	for _, p := range pkg.Imports() {
		if p.Path() != "sync" {
			prog.CreatePackage(p, nil, nil, true)
		}
	}
	sp := prog.CreatePackage(pkg, []*ast.File{file}, info, false)
	sp.Build()
	return &program{fset: fset, file: file, pkg: pkg, ssa: sp}
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// typeOf returns the type the expression expr denotes in p's file.
func (p *program) typeOf(t *testing.T, expr string) types.Type {
	t.Helper()
	tv, err := types.Eval(p.fset, p.pkg, p.file.Name.End(), expr)
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return tv.Type
}

// method returns the method name of the type expr denotes.
func (p *program) method(t *testing.T, expr, name string) *types.Func {
	t.Helper()
	obj, _, _ := types.LookupFieldOrMethod(p.typeOf(t, expr), true, p.pkg, name)
	fn, ok := obj.(*types.Func)
	if !ok {
		t.Fatalf("%s has no method %s", expr, name)
	}
	return fn
}

// returned returns the value p's function fn returns.
func (p *program) returned(t *testing.T, fn string) ssa.Value {
	t.Helper()
	f := p.ssa.Func(fn)
	if f == nil {
		t.Fatalf("no function %s", fn)
	}
	for _, b := range f.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) == 1 {
			return ret.Results[0]
		}
	}
	t.Fatalf("%s returns no single value", fn)
	return nil
}
