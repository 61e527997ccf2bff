package gate

import (
	"go/ast"
	"go/build"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/ctrlflow"
	"golang.org/x/tools/go/ssa"
)

// buildSSA builds the package's SSA form and lists its source functions,
// closures included, in source order, as the buildssa analyzer does. The
// model builds it itself so that it can skip the standard library, where
// the SSA build was most of gatevet's cost: go vet runs its tool on every
// dependency to collect facts, and the standard library's functions hold
// no gates of the user's and carry no facts gatevet needs. Packages made
// only of generated files (protobuf and gRPC stubs, tables) are skipped
// too: they are large, hold no gate of the user's, and nobody can act on
// a report in them. It returns nil for a skipped package. In a package
// that mixes generated and written files, the functions of the generated
// ones are built but listed apart (generatedFuncs), so no model analyses
// them, for the same reasons: a protobuf package's marshalling code made
// two fifths of the model's heap on etcd's etcdserverpb
// (docs/performance.md, run O). What the package's values allow is read
// over both: a generated mock's calls and returns are the package's too.
func buildSSA(pass *analysis.Pass) (pkg *ssa.Package, funcs, generatedFuncs []*ssa.Function) {
	if standardLibrary(pass) || generated(pass) {
		return nil, nil, nil
	}
	// BareInits: the package initializer does not call the imports'
	// initializers, so only the imports the package names need creating.
	prog := ssa.NewProgram(pass.Fset, ssa.BareInits)
	prog.SetNoReturn(pass.ResultOf[ctrlflow.Analyzer].(*ctrlflow.CFGs).NoReturn)
	for _, p := range namedImports(pass) {
		prog.CreatePackage(p, nil, nil, true)
	}
	pkg = prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
	pkg.Build()
	var add func(list *[]*ssa.Function, fn *ssa.Function)
	add = func(list *[]*ssa.Function, fn *ssa.Function) {
		*list = append(*list, fn)
		for _, anon := range fn.AnonFuncs {
			add(list, anon)
		}
	}
	for _, file := range pass.Files {
		list := &funcs
		if ast.IsGenerated(file) {
			list = &generatedFuncs
		}
		for _, decl := range file.Decls {
			if decl, ok := decl.(*ast.FuncDecl); ok {
				if fn := prog.FuncValue(pass.TypesInfo.Defs[decl.Name].(*types.Func)); fn != nil {
					add(list, fn)
				}
			}
		}
	}
	return pkg, funcs, generatedFuncs
}

// namedImports lists the imported packages whose package-level functions
// or variables the package refers to: the only ones the SSA builder must
// find created. Creating an imported package makes a member for every
// object in its scope and every method of its types, which was a third
// of the model's time (x/sys/unix, protobuf and gRPC are imported
// widely and are large); a method of a package not created is made on
// demand when called, with no Pkg (see known.PkgPath).
func namedImports(pass *analysis.Pass) []*types.Package {
	seen := make(map[*types.Package]bool)
	var out []*types.Package
	for _, obj := range pass.TypesInfo.Uses {
		p := obj.Pkg()
		if p == nil || p == pass.Pkg || seen[p] {
			continue
		}
		switch obj := obj.(type) {
		case *types.Func:
			if obj.Signature().Recv() != nil {
				continue
			}
		case *types.Var:
			if p.Scope().Lookup(obj.Name()) != obj {
				continue
			}
		default:
			continue
		}
		seen[p] = true
		out = append(out, p)
	}
	slices.SortFunc(out, func(a, b *types.Package) int { return strings.Compare(a.Path(), b.Path()) })
	return out
}

// standardLibrary reports whether the package's files lie in GOROOT/src.
// When GOROOT is unknown (a binary built with -trimpath and no GOROOT in
// the environment), nothing is skipped.
func standardLibrary(pass *analysis.Pass) bool {
	if build.Default.GOROOT == "" || len(pass.Files) == 0 {
		return false
	}
	src := filepath.Join(build.Default.GOROOT, "src") + string(filepath.Separator)
	return strings.HasPrefix(pass.Fset.File(pass.Files[0].Pos()).Name(), src)
}

// generated reports whether every file of the package is generated code
// (the "// Code generated … DO NOT EDIT." header).
func generated(pass *analysis.Pass) bool {
	for _, f := range pass.Files {
		if !ast.IsGenerated(f) {
			return false
		}
	}
	return len(pass.Files) > 0
}

// initializer returns pkg's package initializer and the function
// literals of its variables' initial values: where those values are
// made.
func initializer(pkg *ssa.Package) []*ssa.Function {
	fn := pkg.Func("init")
	if fn == nil || fn.Synthetic == "" {
		return nil
	}
	return append([]*ssa.Function{fn}, fn.AnonFuncs...)
}
