package concurrency

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
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
		t, ok := r.modeTestOf(fi, b)
		if !ok {
			continue
		}
		for _, side := range []struct {
			succ  *ssa.BasicBlock
			equal bool
		}{{t.Equal, true}, {t.Other, false}} {
			if cfg.Only(side.succ) && side.succ.Dominates(instr.Block()) {
				m := modeTest{field: t.field, value: t.value, equal: side.equal, pos: t.pos}
				out = append(out, m)
			}
		}
	}
	return out
}

// A fieldTest is a cfg.Test of a fixed field of the receiver.
type fieldTest struct {
	cfg.Test
	field, value string // the field's ref key, and the constant exactly ("true" for a bool)
	pos          token.Pos
}

// modeTestOf reads block b's branch as a test of a fixed field of the
// receiver: if x.f (a bool), or if x.f == k (or !=).
func (r *Result) modeTestOf(fi *gate.FuncInfo, b *ssa.BasicBlock) (fieldTest, bool) {
	t, ok := cfg.TestOf(b)
	if !ok || fi.Fn.Signature.Recv() == nil || t.Const != nil && t.Const.Value == nil {
		return fieldTest{}, false
	}
	value := "true"
	if t.Const != nil {
		value = t.Const.Value.ExactString()
	}
	load, isLoad := t.Value.(*ssa.UnOp)
	if !isLoad || load.Op != token.MUL {
		return fieldTest{}, false
	}
	ref, named := fi.Ref(load.X)
	field := fieldOf(load.X)
	if !named || field == nil || !r.gates.Fixed(field) || ref.Root != naming.Param || ref.Index != 0 || len(ref.Path) != 1 {
		return fieldTest{}, false
	}
	pos := b.Instrs[len(b.Instrs)-1].(*ssa.If).Cond.Pos()
	return fieldTest{Test: t, field: ref.Key(), value: value, pos: pos}, true
}
