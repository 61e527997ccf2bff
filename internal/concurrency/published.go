package concurrency

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// Published once, read after the publication. A critical section that
// runs only while a field G of its receiver is nil, and sets G, runs at
// most once per instance when nothing stores nil into G again:
//
//	func (m *Session) Answer(sdp string) error {
//		m.mu.Lock()
//		defer m.mu.Unlock()
//		if m.ice != nil {
//			return errAgain // the section has run
//		}
//		m.ice = dial()
//		m.role = roleOf(sdp) // written once, here
//		m.dtls = newDTLS(m.ice)
//		return nil
//	}
//
// A read of a field that only such sections write, made after checking,
// under the same lock, that a field only they set (m.dtls, or G itself)
// is not nil, comes after the one write (the section released the lock
// before the check took it) and before none:
//
//	func (m *Session) Finalize() error {
//		m.mu.Lock()
//		d := m.dtls
//		m.mu.Unlock()
//		if d == nil {
//			return errNotReady
//		}
//		use(m.role) // apart from Answer's write
//	}
//
// Both points must touch fields of their function's receiver (the same
// instance), and both functions be methods of one type.

// A nilTest is a branch on whether a field of the receiver is nil, taken
// on a value loaded while some locks were held.
type nilTest struct {
	field string          // the field's ref key, in the receiver's terms ("p0/ice")
	obj   *types.Var      // the field
	set   *ssa.BasicBlock // where the branch goes when the field is not nil
	unset *ssa.BasicBlock // where it goes when it is nil
	locks []string        // the keys of the gates held at the load
	pos   token.Pos
}

// published holds what publishedOnce learns of the package's methods.
type published struct {
	tests    map[*ssa.Function][]nilTest
	nilStore map[*types.Var]bool // a field some store may put nil into
}

func (p *published) init() {
	if p.tests == nil {
		p.tests = make(map[*ssa.Function][]nilTest)
		p.nilStore = make(map[*types.Var]bool)
	}
}

// publishedOnce reports whether pr, a read, and pw, a write, of one
// field of their receivers are apart because pw's write is made in a
// section that runs once per instance and pr comes after checking,
// under the same lock, a field only such sections set.
func (r *Result) publishedOnce(pr, pw Point) (Reason, bool) {
	if !receiverPoint(pr) || !receiverPoint(pw) || !sameRecv(pr.Func.Fn, pw.Func.Fn) || !inSection(pw) {
		return Reason{}, false
	}
	r.published.init()
	for _, gw := range r.onceGated(pw.Func, pw.Instr) {
		for _, tr := range r.testsBefore(pr.Func, pr.Instr) {
			common := ""
			for _, l := range tr.locks {
				if slices.Contains(gw.locks, l) {
					common = l
				}
			}
			if common == "" || tr.field != gw.field && !r.setOnlyOnce(pr.Func.Fn, tr, gw.field, common) {
				continue
			}
			what := fmt.Sprintf("comes after a check, under the lock, that %s is set (%s), which only the section of %s that runs while %s is nil, and sets it, does: the write there happens before, and none after",
				fieldName(tr.field), gate.PosText(r.fset, tr.pos), naming.FuncName(pw.Func.Fn), fieldName(gw.field))
			return Reason{Pos: tr.pos, What: what}, true
		}
	}
	return Reason{}, false
}

// receiverPoint reports whether p touches a field of its function's
// receiver.
func receiverPoint(p Point) bool {
	return p.Func != nil && p.Func.Fn.Signature.Recv() != nil && p.Of.Root == naming.Param && p.Of.Index == 0 && len(p.Of.Path) == 0
}

// sameRecv reports whether a and b are methods of one receiver type.
func sameRecv(a, b *ssa.Function) bool {
	ra, rb := a.Signature.Recv(), b.Signature.Recv()
	return ra != nil && rb != nil && types.Identical(ra.Type(), rb.Type())
}

// fieldName spells a receiver field's key for messages: p0/ice is ice.
func fieldName(key string) string {
	for i := len(key) - 1; i >= 0; i-- {
		if key[i] == '/' {
			return key[i+1:]
		}
	}
	return key
}

// onceGated returns the tests of fi that make instr part of a section
// that runs once per instance: instr is reached only through the test's
// nil edge, with one of the locks held at the test still held, and fi
// stores a value into the field there, which no store of the package
// sets back to nil.
func (r *Result) onceGated(fi *gate.FuncInfo, instr ssa.Instruction) []nilTest {
	var out []nilTest
	held := r.heldKeys(fi, instr)
	for _, t := range r.nilTests(fi) {
		locks := intersect(t.locks, held)
		if len(locks) == 0 || !cfg.Only(t.unset) || !t.unset.Dominates(instr.Block()) || !r.storesUnder(fi, t, locks) || r.storesNil(t.obj) {
			continue
		}
		t.locks = locks
		out = append(out, t)
	}
	return out
}

// testsBefore returns the tests of fi whose not-nil edge every path to
// instr takes.
func (r *Result) testsBefore(fi *gate.FuncInfo, instr ssa.Instruction) []nilTest {
	var out []nilTest
	for _, t := range r.nilTests(fi) {
		if cfg.Only(t.set) && t.set.Dominates(instr.Block()) {
			out = append(out, t)
		}
	}
	return out
}

// storesUnder reports whether fi stores a value other than nil into t's
// field on its nil edge, holding one of locks.
func (r *Result) storesUnder(fi *gate.FuncInfo, t nilTest, locks []string) bool {
	for _, b := range fi.Fn.Blocks {
		if !t.unset.Dominates(b) {
			continue
		}
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok || isNil(st.Val) || len(intersect(r.heldKeys(fi, st), locks)) == 0 {
				continue
			}
			if ref, ok := fi.Ref(st.Addr); ok && ref.Key() == t.field {
				return true
			}
		}
	}
	return false
}

// setOnlyOnce reports whether every store into field h, anywhere in
// the package, is made in a method of fn's receiver type, in a section
// that runs once per instance on field g, holding lock.
func (r *Result) setOnlyOnce(fn *ssa.Function, h nilTest, g, lock string) bool {
	found, all := false, true
	r.fieldStores(h.obj, func(fi *gate.FuncInfo, st *ssa.Store) {
		once := false
		if ref, ok := fi.Ref(st.Addr); ok && ref.Key() == h.field && sameRecv(fi.Fn, fn) {
			for _, t := range r.onceGated(fi, st) {
				once = once || t.field == g && slices.Contains(t.locks, lock)
			}
		}
		all, found = all && once, true
	})
	return found && all
}

// storesNil reports whether some store of the package puts nil into
// field obj, or a value that may be nil on a path (a phi with a nil
// edge).
func (r *Result) storesNil(obj *types.Var) bool {
	p := &r.published
	if nilled, ok := p.nilStore[obj]; ok {
		return nilled
	}
	nilled := false
	r.fieldStores(obj, func(_ *gate.FuncInfo, st *ssa.Store) { nilled = nilled || mayBeNil(st.Val) })
	p.nilStore[obj] = nilled
	return nilled
}

// fieldStores calls visit for each store of the package into field obj
// of any instance.
func (r *Result) fieldStores(obj *types.Var, visit func(*gate.FuncInfo, *ssa.Store)) {
	r.stores(func(fi *gate.FuncInfo, st *ssa.Store) {
		if fieldOf(st.Addr) == obj {
			visit(fi, st)
		}
	})
}

// stores calls visit for each store of the package.
func (r *Result) stores(visit func(*gate.FuncInfo, *ssa.Store)) {
	for _, fi := range r.gates.Funcs {
		for _, b := range fi.Fn.Blocks {
			for _, instr := range b.Instrs {
				if st, ok := instr.(*ssa.Store); ok {
					visit(fi, st)
				}
			}
		}
	}
}

// fieldOf returns the field addr addresses, or nil.
func fieldOf(addr ssa.Value) *types.Var {
	fa, ok := addr.(*ssa.FieldAddr)
	if !ok {
		return nil
	}
	st, ok := known.PointerElem(fa.X.Type()).Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	return st.Field(fa.Field)
}

func isNil(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	return ok && k.IsNil()
}

func mayBeNil(v ssa.Value) bool {
	if phi, ok := v.(*ssa.Phi); ok {
		for _, e := range phi.Edges {
			if isNil(e) {
				return true
			}
		}
	}
	return isNil(v)
}

// nilTests returns fi's branches on whether a field of its receiver is
// nil.
func (r *Result) nilTests(fi *gate.FuncInfo) []nilTest {
	p := &r.published
	if ts, ok := p.tests[fi.Fn]; ok {
		return ts
	}
	var out []nilTest
	if fi.Fn.Signature.Recv() != nil {
		for _, b := range fi.Fn.Blocks {
			t, ok := r.nilTestOf(fi, b)
			if ok {
				out = append(out, t)
			}
		}
	}
	p.tests[fi.Fn] = out
	return out
}

// nilTestOf reads block b's branch as a nilTest: if x.f == nil (or !=),
// x the receiver, on a load made with locks held. (An edge stands for
// its branch only when it is the one way into its block.)
func (r *Result) nilTestOf(fi *gate.FuncInfo, b *ssa.BasicBlock) (nilTest, bool) {
	t, ok := cfg.TestOf(b)
	if !ok || t.Const == nil || !t.Const.IsNil() {
		return nilTest{}, false
	}
	load, ok := t.Value.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nilTest{}, false
	}
	ref, ok := fi.Ref(load.X)
	obj := fieldOf(load.X)
	if !ok || obj == nil || ref.Root != naming.Param || ref.Index != 0 || len(ref.Path) != 1 {
		return nilTest{}, false
	}
	locks := r.heldKeys(fi, load)
	if len(locks) == 0 {
		return nilTest{}, false
	}
	pos := b.Instrs[len(b.Instrs)-1].(*ssa.If).Cond.Pos()
	return nilTest{field: ref.Key(), obj: obj, set: t.Other, unset: t.Equal, locks: locks, pos: pos}, true
}

// heldKeys returns the keys of the gates held at instr in fi (the
// core's HeldAt).
func (r *Result) heldKeys(fi *gate.FuncInfo, instr ssa.Instruction) []string {
	var keys []string
	for _, h := range r.gates.HeldAt(fi, instr) {
		keys = append(keys, h.Gate.Key())
	}
	return keys
}

// intersect returns the strings both a and b hold.
func intersect(a, b []string) []string {
	var out []string
	for _, x := range a {
		if slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}
