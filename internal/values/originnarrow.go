package values

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/known"
)

// Narrowing. A test of an object's mode (if c.kind == GATEWAY, a case
// of a switch on it) tells which objects its true branch uses: a flow
// out of the object there carries only that mode's objects, and an
// object the flow does not know (one made by another package) has that
// mode there, when the type has no other mode field.

// A narrowing is a test that a moded object's mode field equals a
// constant, whose true branch dominates the uses it narrows.
type narrowing struct {
	tn    *types.TypeName
	field *types.Var
	val   string
	block *ssa.BasicBlock
}

// mode is the mode, "T.f=val", the narrowing leaves.
func (n *narrowing) mode() string { return n.tn.Name() + "." + n.field.Name() + "=" + n.val }

// keeps reports whether objects of mode m pass the narrowing.
func (n *narrowing) keeps(m string) bool {
	for _, part := range strings.Split(m, ",") {
		if strings.HasPrefix(part, n.tn.Name()+"."+n.field.Name()+"=") {
			return part == n.mode()
		}
	}
	return false
}

// src returns the node of what object value v holds where instruction
// at uses it: v's own, or, under a test of v's mode that at's block is
// in, a node that only the objects of that mode reach.
func (b *originBuilder) src(at ssa.Instruction, v ssa.Value) *originNode {
	if !b.object(v.Type()) {
		return b.val(v)
	}
	for _, n := range b.narrowings(at.Parent())[v] {
		if n.block.Dominates(at.Block()) {
			key := narrowKey{v, n.block}
			to, ok := b.o.nodes[key]
			if !ok {
				to = b.o.node(key)
				from := b.val(v)
				from.succs = append(from.succs, originEdge{to: to, narrow: n})
			}
			return to
		}
	}
	return b.val(v)
}

// narrowKey keys the node of object value v under a test whose true
// branch starts at block.
type narrowKey struct {
	v     ssa.Value
	block *ssa.BasicBlock
}

// narrowings returns fn's tests of an object's mode field against a
// constant (if c.kind == GATEWAY, a case of a switch on it), by the
// object tested, with the block their true branch starts, entered from
// the test only.
func (b *originBuilder) narrowings(fn *ssa.Function) map[ssa.Value][]*narrowing {
	if ns, ok := b.narrow[fn]; ok {
		return ns
	}
	ns := make(map[ssa.Value][]*narrowing)
	for _, bl := range fn.Blocks {
		ifi, ok := bl.Instrs[len(bl.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cmp, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || cmp.Op != token.EQL {
			continue
		}
		x, k := cmp.X, cmp.Y
		if _, isConst := x.(*ssa.Const); isConst {
			x, k = k, x
		}
		kc, ok := k.(*ssa.Const)
		obj, f := loadedField(x)
		if !ok || kc.Value == nil || obj == nil {
			continue
		}
		tn := b.o.modedType(known.PointerElem(obj.Type()))
		then := bl.Succs[0]
		if tn == nil || !slices.Contains(b.o.modes[tn], f) || len(then.Preds) != 1 {
			continue
		}
		ns[obj] = append(ns[obj], &narrowing{tn: tn, field: f, val: kc.Value.ExactString(), block: then})
	}
	b.narrow[fn] = ns
	return ns
}
