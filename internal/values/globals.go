package values

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Globals settled under the build: an unexported package-level variable
// of bool type, or of a type whose zero value is nil, that the package's
// non-test code only reads, or writes only the value it holds once the
// package is initialised, holds that value wherever the package's
// non-test code reads it. A switch only its tests turn on
// (partitionsNoPanic = true in a _test.go file) or a hook only they set
// (testHookDial = func…) is off in the build users run, so a branch of
// the package's own code on it has one live side: what happens only in
// tests is not reported against the code users run. Tests' own
// functions are left alone: there the switch may be on. A variable whose
// address is taken (flag.BoolVar(&v, …)), or that non-test code sets to
// anything else, or sets after initialisation to another value, is not
// settled; nor is an exported one, which other packages may set.
type globals map[*ssa.Global]constant.Value

// settledGlobals returns the package's settled variables, read off funcs
// (its source functions and initializer).
func settledGlobals(pkg *ssa.Package, funcs []*ssa.Function) globals {
	if pkg == nil {
		return nil
	}
	type state struct {
		init, later []constant.Value // what initialisation stores, what code after it stores
		escapes     bool
	}
	seen := make(map[*ssa.Global]*state)
	note := func(g *ssa.Global) *state {
		s := seen[g]
		if s == nil {
			s = new(state)
			seen[g] = s
		}
		return s
	}
	var ops []*ssa.Value
	for _, fn := range funcs {
		if inTestFile(fn) {
			continue // what tests do is not the build users run
		}
		initial := initialising(fn)
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ops = instr.Operands(ops[:0])
				for i, op := range ops {
					g, ok := (*op).(*ssa.Global)
					if !ok || !candidate(pkg, g) {
						continue
					}
					s := note(g)
					switch instr := instr.(type) {
					case *ssa.UnOp:
						if instr.Op == token.MUL {
							continue // a load
						}
					case *ssa.Store:
						if i == 0 && testPos(fn, instr.Pos()) {
							continue // a test file's variable initialised in the package initializer
						}
						if i == 0 { // the address stored to
							k, ok := instr.Val.(*ssa.Const)
							switch {
							case !ok:
								s.escapes = true
							case initial:
								s.init = append(s.init, constValue(k))
							default:
								s.later = append(s.later, constValue(k))
							}
							continue
						}
					}
					s.escapes = true
				}
			}
		}
	}
	out := make(globals)
	for g, s := range seen {
		if s.escapes {
			continue
		}
		v := zeroValue(g)
		if len(s.init) > 0 {
			v = s.init[0]
		}
		if sameValues(v, s.init) && sameValues(v, s.later) {
			out[g] = v
		}
	}
	return out
}

// candidate reports whether g is a variable of pkg that settledGlobals
// considers: unexported, of bool type or of a type whose zero value is
// nil.
func candidate(pkg *ssa.Package, g *ssa.Global) bool {
	if g.Pkg != pkg || token.IsExported(g.Name()) {
		return false
	}
	return zeroValue(g) != nil || isNillable(g.Type().(*types.Pointer).Elem())
}

// zeroValue returns the zero value of g's bool variable, nil for the
// others (a nil func, pointer, map …).
func zeroValue(g *ssa.Global) constant.Value {
	if b, ok := g.Type().(*types.Pointer).Elem().Underlying().(*types.Basic); ok && b.Info()&types.IsBoolean != 0 {
		return constant.MakeBool(false)
	}
	return nil
}

// isNillable reports whether t's zero value is nil.
func isNillable(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Signature, *types.Interface, *types.Map, *types.Slice, *types.Chan:
		return true
	}
	return false
}

// constValue returns k's value, nil for a nil constant.
func constValue(k *ssa.Const) constant.Value {
	if k.IsNil() {
		return nil
	}
	return k.Value
}

// sameValues reports whether every value in vals is v (nil standing for
// nil).
func sameValues(v constant.Value, vals []constant.Value) bool {
	for _, w := range vals {
		if (v == nil) != (w == nil) || v != nil && !constant.Compare(v, token.EQL, w) {
			return false
		}
	}
	return true
}

// initialising reports whether fn runs while the package initialises:
// its initializer, an init function, or a literal either makes.
func initialising(fn *ssa.Function) bool {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	return fn.Synthetic == "package initializer" || fn.Synthetic == "" && strings.HasPrefix(fn.Name(), "init#")
}

// inTestFile reports whether fn, or the function whose literal it is, is
// declared in a _test.go file.
func inTestFile(fn *ssa.Function) bool {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	return testPos(fn, fn.Pos())
}

// testPos reports whether pos, a position of fn's program, is in a
// _test.go file.
func testPos(fn *ssa.Function, pos token.Pos) bool {
	return pos.IsValid() && strings.HasSuffix(fn.Prog.Fset.Position(pos).Filename, "_test.go")
}

// decides returns the value of condition c, at the end of block b: a
// load of a settled bool variable, or a test of a settled nil variable
// against nil, in non-test code.
func (gs globals) decides(b *ssa.BasicBlock, c ssa.Value) (val, ok bool) {
	if len(gs) == 0 {
		return false, false
	}
	if k, ok := gs.loaded(c); ok {
		if k != nil && k.Kind() == constant.Bool && !inTestFile(b.Parent()) {
			return constant.BoolVal(k), true
		}
		return false, false
	}
	x, eq, ok := nilTest(c)
	if !ok {
		return false, false
	}
	if k, ok := gs.loaded(x); ok && k == nil && !inTestFile(b.Parent()) {
		return eq, true
	}
	return false, false
}

// loaded returns the settled value that v loads, if v is a load of a
// settled variable.
func (gs globals) loaded(v ssa.Value) (constant.Value, bool) {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil, false
	}
	g, ok := load.X.(*ssa.Global)
	if !ok {
		return nil, false
	}
	k, ok := gs[g]
	return k, ok
}
