package concurrency

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/naming"
)

// Modes. A field an instance gets when it is made and keeps for good
// (values' fixed fields: s.readOnly, s.mode) splits the code that
// tests it: a point reached only when s.readOnly is true and one
// reached only when it is false never run on the same instance.
//
//	func (s *Store) Get(k string) int {
//		if s.readOnly {
//			return s.snap[k] // unlocked: a read-only store's snap never changes
//		}
//		…
//	}
//
//	func (s *Store) Put(k string, v int) {
//		if s.readOnly {
//			return
//		}
//		s.mu.Lock()
//		s.snap[k] = v // only on a writable store
//		s.mu.Unlock()
//	}
//
// Both points must touch fields of their function's receiver, and both
// functions be methods of one type.

// A modeTest is what every path to a point knows of a fixed field of
// the receiver: that it equals (or does not equal) a constant.
type modeTest struct {
	field string // the field's ref key ("p0/readOnly")
	value string // the constant, exactly
	equal bool
	pos   token.Pos
}

// fixedModes reports whether pa and pb need opposite values of a field
// their instance keeps for good.
func (r *Result) fixedModes(pa, pb Point) (Reason, bool) {
	if !receiverPoint(pa) || !receiverPoint(pb) || !sameRecv(pa.Func.Fn, pb.Func.Fn) {
		return Reason{}, false
	}
	for _, a := range r.modesBefore(pa.Func, pa.Instr) {
		for _, b := range r.modesBefore(pb.Func, pb.Instr) {
			if a.field != b.field || !(a.equal && b.equal && a.value != b.value || a.equal != b.equal && a.value == b.value) {
				continue
			}
			what := fmt.Sprintf("needs %s %s %s (%s) where the other needs %s %s %s (%s), and an instance keeps the %s it is made with",
				fieldName(a.field), relation(a.equal), a.value, gate.PosText(r.fset, a.pos),
				fieldName(b.field), relation(b.equal), b.value, gate.PosText(r.fset, b.pos), fieldName(a.field))
			return Reason{Pos: a.pos, What: what}, true
		}
	}
	return Reason{}, false
}

func relation(equal bool) string {
	if equal {
		return "=="
	}
	return "!="
}

// modesBefore returns the tests of fixed receiver fields that every
// path to instr in fi passes on the same side.
func (r *Result) modesBefore(fi *gate.FuncInfo, instr ssa.Instruction) []modeTest {
	var out []modeTest
	for _, b := range fi.Fn.Blocks {
		t, ifTrue, ifFalse, ok := r.modeTestOf(fi, b)
		if !ok {
			continue
		}
		for i, succ := range []*ssa.BasicBlock{b.Succs[0], b.Succs[1]} {
			if len(succ.Preds) == 1 && succ.Dominates(instr.Block()) {
				m := t
				m.equal = []bool{ifTrue, ifFalse}[i]
				out = append(out, m)
			}
		}
	}
	return out
}

// modeTestOf reads block b's branch as a test of a fixed field of the
// receiver: if x.f (a bool), or if x.f == k (or !=); ifTrue and ifFalse
// say whether each edge means the field equals the constant.
func (r *Result) modeTestOf(fi *gate.FuncInfo, b *ssa.BasicBlock) (t modeTest, ifTrue, ifFalse bool, ok bool) {
	if fi.Fn.Signature.Recv() == nil || len(b.Instrs) == 0 || len(b.Succs) != 2 {
		return modeTest{}, false, false, false
	}
	ifi, isIf := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !isIf {
		return modeTest{}, false, false, false
	}
	v, value, eq := ifi.Cond, "true", true
	if cond, isBin := ifi.Cond.(*ssa.BinOp); isBin && (cond.Op == token.EQL || cond.Op == token.NEQ) {
		x, k := cond.X, cond.Y
		if kc, isConst := x.(*ssa.Const); isConst {
			x, k = k, kc
		}
		kc, isConst := k.(*ssa.Const)
		if !isConst || kc.Value == nil {
			return modeTest{}, false, false, false
		}
		v, value, eq = x, kc.Value.ExactString(), cond.Op == token.EQL
	}
	load, isLoad := v.(*ssa.UnOp)
	if !isLoad || load.Op != token.MUL {
		return modeTest{}, false, false, false
	}
	ref, named := fi.Ref(load.X)
	field := fieldOf(load.X)
	if !named || field == nil || !r.gates.Fixed(field) || ref.Root != naming.Param || ref.Index != 0 || len(ref.Path) != 1 {
		return modeTest{}, false, false, false
	}
	return modeTest{field: ref.Key(), value: value, pos: ifi.Cond.Pos()}, eq, !eq, true
}
