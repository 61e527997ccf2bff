package concurrency

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
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
// a store (made holding a lock that was held where the variable was
// found nil, on that branch, of a value that is not nil), the variable
// is written once per process: the first section to run writes it, and
// every later one takes the lock after that write and finds it set. A
// point that runs after a call of the initialiser on its goroutine comes
// after the write: the call either made it or saw it under the lock the
// write was made with. Two ways a point runs after such a call: the call
// precedes it on every path in its function, or the point is in a method
// of a type whose every value the package makes after such a call (the
// constructor calls the initialiser before it allocates the value), so
// that whoever calls the method got the value from code that ran after
// the write:
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
// non-test code makes is made so and no other type of the package holds
// a t by value (a value made inside another); NoPos otherwise. Another
// package cannot make a value of an unexported type.
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
				a, ok := instr.(*ssa.Alloc)
				if !ok || !types.Identical(known.PointerElem(a.Type()), t) {
					continue
				}
				if r.initCallBefore(lv, a) == nil {
					return token.NoPos
				}
				made = a.Pos()
			}
		}
	}
	return made
}

func isStruct(t types.Type) bool {
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

// heldByValue reports whether a type of the package holds t by value: a
// field, an array, slice, map or channel element, whose values are made
// without an allocation of t.
func (r *Result) heldByValue(t *types.Named) bool {
	scope := r.pkgTypes.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.Type() == t {
			continue
		}
		if holds(tn.Type().Underlying(), t, 0) {
			return true
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
								if r.lazyStore(fi, u, g) {
									lv := out[g]
									if lv.inits == nil {
										lv = lazyVar{inits: make(map[*ssa.Function]bool), pos: u.Pos()}
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
		for g := range bad {
			delete(out, g)
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

// lazyStore reports whether st, a store into package-level g in fi, is
// made on the nil branch of a test of g loaded with a lock held that is
// still held at st, taken once for both (a section that lets go of the
// lock to build the value may find it nil beside another that does the
// same: two writes), and stores a value that is not nil.
func (r *Result) lazyStore(fi *gate.FuncInfo, st *ssa.Store, g *ssa.Global) bool {
	if mayBeNil(st.Val) {
		return false
	}
	if _, isConst := st.Val.(*ssa.Const); isConst {
		return false
	}
	held := r.gates.HeldAt(fi, st)
	if len(held) == 0 {
		return false
	}
	for _, b := range fi.Fn.Blocks {
		t, ok := cfg.TestOf(b)
		if !ok || t.Const == nil || !t.Const.IsNil() {
			continue
		}
		load, ok := t.Value.(*ssa.UnOp)
		if !ok || load.Op != token.MUL || load.X != g {
			continue
		}
		if len(t.Equal.Preds) == 1 && t.Equal.Dominates(st.Block()) && heldThrough(r.gates.HeldAt(fi, load), held) {
			return true
		}
	}
	return false
}

// heldThrough reports whether a gate held at one point (at) is still
// held at a later one (later) by the same acquire: its key and the
// place it was taken agree.
func heldThrough(at, later []*gate.Holding) bool {
	for _, a := range at {
		for _, l := range later {
			if a.Gate.Key() == l.Gate.Key() && a.Pos == l.Pos {
				return true
			}
		}
	}
	return false
}
