package concurrency

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// Latches. An unexported bool field that the package sets only to true,
// but on an object the storing function is still making, is a one-way
// flag: once set, it stays set (a context's didDispose, a conn's
// closed). So is a field that can be nil and that the package only ever
// clears (a conn's net.Conn, set when it is made and nilled by Close):
// nil is its set state. A section that checks, under a lock, that the
// latch is not set and keeps that lock until a point (which happens
// there, not on a goroutine it starts) is the latch's open side:
//
//	func (c *Context) Watch() error {
//		c.mu.Lock()
//		defer c.mu.Unlock()
//		if c.disposed {
//			return errDisposed
//		}
//		c.watcher = newWatcher() // only while not disposed
//		return nil
//	}
//
// A point after a section that sets the latch, or sees it set, under the
// same lock is its closed side:
//
//	func (c *Context) Dispose() {
//		c.mu.Lock()
//		if c.disposed {
//			c.mu.Unlock()
//			return
//		}
//		c.disposed = true
//		c.mu.Unlock()
//		if c.watcher != nil { // apart from Watch's write
//			c.watcher.stop()
//		}
//	}
//
// The two never meet: an open section that took the lock before the
// closing one happens before it, and one that takes it after finds the
// latch set and never reaches its point. One of the two sections must
// hold the lock exclusively (two read locks do not order their
// holders), both points touch fields of their function's receiver, and
// both functions are methods of one type.

// A latchTest is a branch on a latch of the receiver, loaded while some
// locks were held, or a store that sets it.
type latchTest struct {
	field  string
	recv   *ssa.Parameter  // the receiver whose field it is (receiverOf)
	set    *ssa.BasicBlock // where the branch goes when the latch is set (true, or nil)
	unset  *ssa.BasicBlock // where it goes when it is not
	locks  []*gate.Holding // the gates held at the load
	pos    token.Pos
	store  *ssa.Store // not a test: the store that sets the latch
	nilled bool       // the latch is set by nil, not by true
}

// latched holds what latchedApart learns of the package.
type latched struct {
	tests   map[*ssa.Function][]latchTest
	latches map[*types.Var]bool
}

// latchedApart reports whether po, on a latch's open side, and pc, on
// its closed side, never meet.
func (r *Result) latchedApart(po, pc Point) (Reason, bool) {
	ro, rest, ok := receiverOf(po.Func.Fn, po.Of)
	rc, restc, okc := receiverOf(pc.Func.Fn, pc.Of)
	if !ok || !okc || len(rest) > 0 || len(restc) > 0 || !types.Identical(ro.Type(), rc.Type()) {
		return Reason{}, false
	}
	for _, q := range r.sectionPoints(po) {
		if why, ok := r.latchedAt(q, ro, pc, rc); ok {
			return why, true
		}
	}
	return Reason{}, false
}

// latchedAt is latchedApart for an open side at q, in a critical
// section, on receiver ro, and the closed side pc on receiver rc.
func (r *Result) latchedAt(q Point, ro *ssa.Parameter, pc Point, rc *ssa.Parameter) (Reason, bool) {
	for _, o := range r.latchSides(q.Func, q.Instr, false) {
		if o.recv != ro {
			continue
		}
		for _, c := range r.latchSides(pc.Func, pc.Instr, true) {
			if o.field != c.field || c.recv != rc {
				continue
			}
			for _, ho := range o.locks {
				for _, hc := range c.locks {
					if recvKey(q.Func.Fn, ho.Gate) != recvKey(pc.Func.Fn, hc.Gate) || ho.Mode == known.Shared && hc.Mode == known.Shared {
						continue
					}
					f, set, open, undo := fieldName(o.field), "set", "not set", "clears"
					if o.nilled {
						set, open, undo = "nil", "not nil", "sets"
					}
					how := "sees " + f + " " + set
					if c.store != nil {
						how = "sets " + f + " " + map[bool]string{false: "", true: "to nil"}[o.nilled]
					}
					what := fmt.Sprintf("comes after a section that %s under %s (%s); the other runs only while %s is %s, checked under the same lock (%s), and nothing %s it again: a section before this one happens before it, and none after reaches the other point",
						strings.TrimSpace(how), fieldName(recvKey(q.Func.Fn, ho.Gate)), gate.PosText(r.fset, c.pos), f, open, gate.PosText(r.fset, o.pos), undo)
					return Reason{Pos: c.pos, What: what}, true
				}
			}
		}
	}
	return Reason{}, false
}

// inSection reports whether what point p does happens where p is, in
// the critical section around it: not on a goroutine it starts.
func inSection(p Point) bool {
	_, isGo := p.Instr.(*ssa.Go)
	return !p.Started && !isGo && runsIn(p.Func, p.Instr) == p.Func.Fn
}

// sectionPoints returns where what p does happens, in a critical
// section around it: p itself (inSection), and, for a use at the end of
// a chain of calls or on a goroutine p starts, the instruction at
// p.Inner in the function there, when it happens in place.
func (r *Result) sectionPoints(p Point) []Point {
	var out []Point
	if inSection(p) {
		out = append(out, p)
	}
	fn := r.funcAt(p.Inner)
	fi := r.gates.Info(fn)
	if fi == nil || fn == p.Func.Fn {
		return out
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if q := (Point{Func: fi, Instr: instr}); instr.Pos() == p.Inner && inSection(q) {
				return append(out, q)
			}
		}
	}
	return out
}

// latchSides returns the latch tests of fi that decide instr: on the
// open side (closed false), tests whose false edge every path to instr
// takes, with the locks held at the test still held at instr, taken by
// the same acquire; on the closed side, tests whose true edge every path
// takes and stores of true that every path passes, with the locks held
// there.
func (r *Result) latchSides(fi *gate.FuncInfo, instr ssa.Instruction, closed bool) []latchTest {
	var out []latchTest
	for _, t := range r.latchTests(fi) {
		switch {
		case closed && t.store != nil:
			if t.store.Block() == instr.Block() && index(t.store) < index(instr) || t.store.Block() != instr.Block() && t.store.Block().Dominates(instr.Block()) {
				out = append(out, t)
			}
		case closed:
			if cfg.Only(t.set) && t.set.Dominates(instr.Block()) {
				out = append(out, t)
			}
		case t.store == nil && cfg.Only(t.unset) && t.unset.Dominates(instr.Block()):
			held := r.gates.HeldAt(fi, instr)
			t.locks = slices.DeleteFunc(slices.Clone(t.locks), func(h *gate.Holding) bool {
				return !slices.ContainsFunc(held, func(k *gate.Holding) bool { return k.Gate.Key() == h.Gate.Key() && k.Pos == h.Pos })
			})
			if len(t.locks) > 0 {
				out = append(out, t)
			}
		}
	}
	return out
}

// latchTests returns fi's tests of latches of its receiver (or the one
// it captures) made under a lock, and its stores of true into them.
func (r *Result) latchTests(fi *gate.FuncInfo) []latchTest {
	l := &r.latched
	if l.tests == nil {
		l.tests = make(map[*ssa.Function][]latchTest)
		l.latches = make(map[*types.Var]bool)
	}
	if ts, ok := l.tests[fi.Fn]; ok {
		return ts
	}
	var out []latchTest
	if fi.Fn.Signature.Recv() != nil || len(fi.Fn.FreeVars) > 0 {
		for _, b := range fi.Fn.Blocks {
			if t, ok := r.latchTestOf(fi, b); ok {
				out = append(out, t)
			}
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				obj := fieldOf(st.Addr)
				ref, ok := fi.Ref(st.Addr)
				if !ok || obj == nil || !closing(obj, st.Val) || !receiverField(fi.Fn, ref) || !r.latch(obj) {
					continue
				}
				if locks := r.gates.HeldAt(fi, st); len(locks) > 0 {
					recv, _, _ := receiverOf(fi.Fn, ref)
					out = append(out, latchTest{field: recvKey(fi.Fn, ref), recv: recv, locks: locks, pos: st.Pos(), store: st, nilled: nilable(obj.Type())})
				}
			}
		}
	}
	l.tests[fi.Fn] = out
	return out
}

// latchTestOf reads block b's branch as a test of a latch of the
// receiver (if x.f, if !x.f, x.f == true), on a load made with locks
// held.
func (r *Result) latchTestOf(fi *gate.FuncInfo, b *ssa.BasicBlock) (latchTest, bool) {
	t, ok := cfg.TestOf(b)
	if !ok {
		return latchTest{}, false
	}
	set, unset := t.Equal, t.Other
	switch {
	case t.Const == nil, t.Const.IsNil():
	case t.Const.Value.Kind() == constant.Bool:
		if !constant.BoolVal(t.Const.Value) {
			set, unset = unset, set
		}
	default:
		return latchTest{}, false
	}
	v := t.Value
	if not, ok := v.(*ssa.UnOp); ok && not.Op == token.NOT {
		v, set, unset = not.X, unset, set
	}
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return latchTest{}, false
	}
	obj := fieldOf(load.X)
	ref, ok := fi.Ref(load.X)
	if !ok || obj == nil || !receiverField(fi.Fn, ref) || (t.Const != nil && t.Const.IsNil()) != nilable(obj.Type()) || !r.latch(obj) {
		return latchTest{}, false
	}
	locks := r.gates.HeldAt(fi, load)
	if len(locks) == 0 {
		return latchTest{}, false
	}
	pos := b.Instrs[len(b.Instrs)-1].(*ssa.If).Cond.Pos()
	recv, _, _ := receiverOf(fi.Fn, ref)
	return latchTest{field: recvKey(fi.Fn, ref), recv: recv, set: set, unset: unset, locks: locks, pos: pos, nilled: nilable(obj.Type())}, true
}

// receiverField reports whether ref is a field of a method's receiver
// in fn's terms (receiverOf).
func receiverField(fn *ssa.Function, ref naming.Ref) bool {
	_, rest, ok := receiverOf(fn, ref)
	return ok && len(rest) == 1
}

// receiverOf reports whether the root of ref, in fn's terms, is the
// receiver of a method: fn's own, or the one a function literal
// captures from the method it is made in, through literals made in
// literals (a goroutine a method starts, a callback it hands on); recv
// is that receiver, rest the path from it.
func receiverOf(fn *ssa.Function, ref naming.Ref) (recv *ssa.Parameter, rest []string, ok bool) {
	switch ref.Root {
	case naming.Param:
		if ref.Index == 0 && fn.Signature.Recv() != nil {
			return fn.Params[0], ref.Path, true
		}
	case naming.FreeVar:
		if ref.Index >= len(fn.FreeVars) {
			break
		}
		v, rest := naming.BoundOrigin(fn.FreeVars[ref.Index]), ref.Path
		if a, ok := v.(*ssa.Alloc); ok && len(rest) > 0 && rest[0] == naming.Deref {
			v, rest = naming.SoleStore(a), rest[1:]
		}
		if p, ok := v.(*ssa.Parameter); ok && p.Parent().Signature.Recv() != nil && p == p.Parent().Params[0] {
			return p, rest, true
		}
	}
	return nil, nil, false
}

// recvKey is ref's key with its root spelt as a method's receiver when
// it is one (receiverOf), so that a method and the literals made in it
// name the receiver's fields alike; ref's own key otherwise.
func recvKey(fn *ssa.Function, ref naming.Ref) string {
	if _, rest, ok := receiverOf(fn, ref); ok {
		return naming.Ref{Root: naming.Param, Path: rest}.Key()
	}
	return ref.Key()
}

// latch reports whether obj is a one-way flag: an unexported bool field
// (or one that can be nil) of a struct no store of the package writes as
// a whole, which every store of the package sets to true (to nil), or to
// anything only on an object the storing goroutine owns (Owned: made
// there, by the function or a constructor it calls, and not yet
// published; a test helper that sets up what a constructor made).
func (r *Result) latch(obj *types.Var) bool {
	l := &r.latched
	if is, ok := l.latches[obj]; ok {
		return is
	}
	is := !obj.Exported() && (types.Identical(obj.Type().Underlying(), types.Typ[types.Bool]) || nilable(obj.Type()))
	r.fieldStores(obj, func(fi *gate.FuncInfo, st *ssa.Store) {
		if closing(obj, st.Val) {
			return
		}
		if ref, ok := fi.Ref(st.Addr.(*ssa.FieldAddr).X); !ok || r.owned(fi, st, ref, false, 0) == nil {
			is = false
		}
	})
	if is {
		is = !r.storedWhole(obj)
	}
	l.latches[obj] = is
	return is
}

// storedWhole reports whether some store of the package writes a whole
// struct that holds field obj into anything but an object the storing
// function allocates.
func (r *Result) storedWhole(obj *types.Var) bool {
	whole := false
	r.stores(func(fi *gate.FuncInfo, st *ssa.Store) {
		if s, ok := st.Val.Type().Underlying().(*types.Struct); ok && naming.Declares(s, obj) {
			a, ok := st.Addr.(*ssa.Alloc)
			whole = whole || !ok || a.Parent() != fi.Fn
		}
	})
	return whole
}

// closing reports whether storing v into latch obj sets it for good:
// true into a bool, nil into anything else.
func closing(obj *types.Var, v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	if !ok {
		return false
	}
	if nilable(obj.Type()) {
		return k.IsNil()
	}
	return k.Value != nil && k.Value.Kind() == constant.Bool && constant.BoolVal(k.Value)
}

// nilable reports whether a value of type t can be nil.
func nilable(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Map, *types.Chan, *types.Signature, *types.Interface, *types.Slice:
		return true
	}
	return false
}
