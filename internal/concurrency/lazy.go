package concurrency

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// Lazy initialisation of a package-level variable under a lock, the
// idiom sync.Once replaced:
//
//	func initCleaner() {
//		cleanerMu.Lock()
//		defer cleanerMu.Unlock()
//		if cleaner != nil {
//			return
//		}
//		cleaner = &cleanerType{dir: dir()} // written once, here
//	}
//
// When every store of the package's own code into the variable is such
// a store (on the branch where the variable was found nil, with one
// package-level lock, the same for every store, held exclusively by one
// acquire from the test to the store, of a value that cannot be nil, in
// a function that on every path either finds it set or stores it), the
// variable is written once per process: the first section to run writes
// it, and every later one takes the lock after that write and finds it
// set. A section that lets go of the lock to build the value, or a
// loader that gives up on an error, leaves room for a second write. A
// point that runs after a call of the initialiser on its goroutine comes
// after the write: the call either made it or saw it under the lock the
// write was made with. Two ways a point runs after such a call: the call
// precedes it on every path in its function, or the point is in a method
// of a type whose every value the package makes after such a call (the
// constructor calls the initialiser before it allocates the value), so
// that whoever calls the method got the value from code that ran after
// the write (and no zero value of the type exists otherwise: no
// package-level variable, array, struct, made slice, map or channel
// holds one by value):
//
//	func newValidator() *validator {
//		initCleaner()
//		return &validator{}
//	}
//
//	func (v *validator) path(u string) string {
//		return filepath.Join(cleaner.dir, u) // after the one write
//	}
//
// Tests may set the variable as they like; only the package's non-test
// code counts, for the stores and for the values made.

// lazyVar is a package-level variable written only by lazy
// initialisers.
type lazyVar struct {
	inits map[*ssa.Function]bool // the functions that write it
	pos   token.Pos              // a write
	locks map[string]bool        // the locks every write holds
}

// lazyApart reports whether one of pa and pb writes a lazily initialised
// package-level variable (lazyOf) and the other runs after a call of its
// initialiser: the write happens before it.
func (r *Result) lazyApart(pa, pb Point) (Reason, bool) {
	for _, x := range [][2]Point{{pa, pb}, {pb, pa}} {
		g := r.lazyStoreAt(x[0])
		if g == nil {
			continue
		}
		lv := r.lazyVars()[g]
		if why, ok := r.afterInit(lv, x[1]); ok {
			return Reason{Pos: lv.pos, What: fmt.Sprintf("%s is written once, lazily, under a lock while it is nil (%s), and the other side %s", g.Name(), gate.PosText(r.fset, lv.pos), why)}, true
		}
	}
	return Reason{}, false
}

// lazyStoreAt returns the lazily initialised variable point p stores
// into, where what p does happens, or nil.
func (r *Result) lazyStoreAt(p Point) *ssa.Global {
	fn := r.innerFunc(p)
	if fn == nil {
		return nil
	}
	pos := p.Inner
	if !pos.IsValid() {
		pos = p.Instr.Pos()
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok || st.Pos() != pos {
				continue
			}
			if g, ok := st.Addr.(*ssa.Global); ok {
				if _, lazy := r.lazyVars()[g]; lazy {
					return g
				}
			}
		}
	}
	return nil
}

// afterInit says how point p runs after a call of one of lv's
// initialisers, if it does.
func (r *Result) afterInit(lv lazyVar, p Point) (string, bool) {
	if p.Started {
		return "", false
	}
	at := r.innerInstr(p)
	if at == nil {
		return "", false
	}
	if call := r.initCallBefore(lv, at); call != nil {
		return fmt.Sprintf("runs after the call at %s", gate.PosText(r.fset, call.Pos())), true
	}
	fn := at.Parent()
	recv := fn.Signature.Recv()
	if recv == nil {
		return "", false
	}
	named, ok := types.Unalias(known.PointerElem(recv.Type())).(*types.Named)
	if !ok {
		return "", false
	}
	if made := r.madeAfterInit(lv, named); made.IsValid() {
		return fmt.Sprintf("runs in a method of %s, whose every value is made after a call of the initialiser (%s)", named.Obj().Name(), gate.PosText(r.fset, made)), true
	}
	return "", false
}

// initCallBefore returns a static call of one of lv's initialisers that
// precedes at on every path in its function, or nil.
func (r *Result) initCallBefore(lv lazyVar, at ssa.Instruction) ssa.Instruction {
	for _, b := range at.Parent().Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if ok && lv.inits[call.Call.StaticCallee()] && cfg.Dominates(instr, at) {
				return instr
			}
		}
	}
	return nil
}

// madeAfterInit returns where the package makes a value of struct type
// t after a call of one of lv's initialisers, when every value of t its
// non-test code makes is made so: every allocation of a t is preceded by
// such a call, and nothing else holds a t by value (a package-level
// variable, an array, a struct, a made slice, map or channel, whose
// zero values are made with no allocation of t); NoPos otherwise.
// Another package cannot make a value of an unexported type.
func (r *Result) madeAfterInit(lv lazyVar, t *types.Named) token.Pos {
	if t.Obj().Exported() || t.Obj().Pkg() != r.pkgTypes || !isStruct(t) || r.heldByValue(t) {
		return token.NoPos
	}
	var made token.Pos
	for _, fi := range r.gates.Funcs {
		if r.gates.InTest(fi) {
			continue
		}
		for _, b := range fi.Fn.Blocks {
			for _, instr := range b.Instrs {
				switch v := instr.(type) {
				case *ssa.Alloc:
					elem := known.PointerElem(v.Type())
					if !types.Identical(elem, t) {
						if holds(elem, t, 0) {
							return token.NoPos
						}
						continue
					}
					if r.initCallBefore(lv, v) == nil {
						return token.NoPos
					}
					made = v.Pos()
				case *ssa.MakeSlice, *ssa.MakeMap, *ssa.MakeChan:
					if holds(v.(ssa.Value).Type().Underlying(), t, 0) {
						return token.NoPos
					}
				}
			}
		}
	}
	return made
}

func isStruct(t types.Type) bool {
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

// heldByValue reports whether a type or a package-level variable of
// the package holds t by value: a field, an array, slice, map or
// channel element, whose values are made without an allocation of t.
func (r *Result) heldByValue(t *types.Named) bool {
	scope := r.pkgTypes.Scope()
	for _, name := range scope.Names() {
		switch obj := scope.Lookup(name).(type) {
		case *types.TypeName:
			if obj.Type() != t && holds(obj.Type().Underlying(), t, 0) {
				return true
			}
		case *types.Var:
			if holds(obj.Type(), t, 0) {
				return true
			}
		}
	}
	return false
}

// holds reports whether u holds t by value, within a few levels.
func holds(u types.Type, t *types.Named, depth int) bool {
	if depth > 3 {
		return false
	}
	if types.Identical(u, t) {
		return true
	}
	switch u := u.(type) {
	case *types.Struct:
		for f := range u.Fields() {
			if holds(f.Type(), t, depth+1) {
				return true
			}
		}
	case *types.Array:
		return holds(u.Elem(), t, depth+1)
	case *types.Slice:
		return holds(u.Elem(), t, depth+1)
	case *types.Map:
		return holds(u.Elem(), t, depth+1)
	case *types.Chan:
		return holds(u.Elem(), t, depth+1)
	}
	return false
}

// lazyVars returns the package's lazily initialised variables: those
// whose every store in non-test code is lazy (lazyStore), whose address
// is taken for nothing but loads and stores, and that some store sets.
func (r *Result) lazyVars() map[*ssa.Global]lazyVar {
	r.lazyOnce.Do(func() {
		out := make(map[*ssa.Global]lazyVar)
		bad := make(map[*ssa.Global]bool)
		for _, fi := range r.gates.Funcs {
			test := r.gates.InTest(fi)
			for _, b := range fi.Fn.Blocks {
				for _, instr := range b.Instrs {
					if test {
						continue
					}
					for _, op := range instr.Operands(nil) {
						g, ok := (*op).(*ssa.Global)
						if !ok || g.Pkg != fi.Fn.Pkg {
							continue
						}
						switch u := instr.(type) {
						case *ssa.UnOp:
							if u.Op == token.MUL {
								continue
							}
						case *ssa.Store:
							if u.Addr == g && u.Val != g {
								if locks := r.lazyStore(fi, u, g); len(locks) > 0 {
									lv, seen := out[g]
									if !seen {
										lv = lazyVar{inits: make(map[*ssa.Function]bool), pos: u.Pos(), locks: locks}
									}
									for k := range lv.locks {
										if !locks[k] {
											delete(lv.locks, k) // two writers under two locks may both find it nil
										}
									}
									lv.inits[fi.Fn] = true
									out[g] = lv
									continue
								}
							}
						}
						bad[g] = true
					}
				}
			}
		}
		for g, lv := range out {
			if bad[g] || len(lv.locks) == 0 {
				delete(out, g)
			}
		}
		for g, lv := range out {
			for fn := range lv.inits {
				// An initialiser must be a named function the calls name
				// (not a closure, whose calls the check does not see).
				if fn.Parent() != nil {
					delete(out, g)
				}
			}
		}
		r.lazy = out
	})
	return r.lazy
}

// lazyStore returns the locks that make st, a store into package-level
// g in fi, a lazy initialisation: package-level locks, held exclusively
// from a load of g tested against nil to st by one acquire (a section
// that lets go of the lock to build the value may find g nil beside
// another that does the same: two writes), st on the nil branch, and
// every path of fi from its entry to a return going through the test's
// other branch or through st (an initialiser that can give up, on an
// error or for another argument, leaves g nil for a later call to
// write). The stored value cannot be nil (nonNil). Nil when st is none.
func (r *Result) lazyStore(fi *gate.FuncInfo, st *ssa.Store, g *ssa.Global) map[string]bool {
	if !nonNil(st.Val, 0) {
		return nil
	}
	held := r.gates.HeldAt(fi, st)
	for _, b := range fi.Fn.Blocks {
		t, ok := cfg.TestOf(b)
		if !ok || t.Const == nil || !t.Const.IsNil() {
			continue
		}
		load, ok := t.Value.(*ssa.UnOp)
		if !ok || load.Op != token.MUL || load.X != g {
			continue
		}
		if len(t.Equal.Preds) != 1 || !t.Equal.Dominates(st.Block()) || returnsAvoiding(fi.Fn, t.Other, st.Block()) {
			continue
		}
		locks := make(map[string]bool)
		for _, a := range r.gates.HeldAt(fi, load) {
			for _, l := range held {
				if a.Gate.Key() == l.Gate.Key() && a.Pos == l.Pos && a.Mode == known.Exclusive && a.Gate.Root == naming.Global {
					locks[a.Gate.Key()] = true
				}
			}
		}
		if len(locks) > 0 {
			return locks
		}
	}
	return nil
}

// returnsAvoiding reports whether some path of fn from its entry returns
// without entering block a or block b.
func returnsAvoiding(fn *ssa.Function, a, b *ssa.BasicBlock) bool {
	if len(fn.Blocks) == 0 {
		return false
	}
	in := func(x ssa.Instruction) bool { return x.Block() == a || x.Block() == b }
	returns := func(x ssa.Instruction) bool {
		_, ok := x.(*ssa.Return)
		return ok && !in(x)
	}
	return cfg.Meets(fn.Blocks[0].Instrs[0], returns, in)
}

// nonNil reports whether v cannot be nil: an allocation, a made map,
// slice, channel or closure, a conversion to an interface, or what a
// function of the package returns as one of those on every return.
func nonNil(v ssa.Value, depth int) bool {
	switch v := v.(type) {
	case *ssa.Alloc, *ssa.MakeMap, *ssa.MakeChan, *ssa.MakeSlice, *ssa.MakeClosure, *ssa.MakeInterface:
		return true
	case *ssa.Call:
		fn := v.Call.StaticCallee()
		if fn == nil || len(fn.Blocks) == 0 || fn.Signature.Results().Len() != 1 || depth > 2 {
			return false
		}
		for _, b := range fn.Blocks {
			if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && !nonNil(ret.Results[0], depth+1) {
				return false
			}
		}
		return true
	}
	return false
}
