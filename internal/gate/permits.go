package gate

import (
	"go/constant"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// How many permits a counting gate has: a channel's buffer, or the size
// semaphore.NewWeighted was given. A gate made with one permit, acquired
// whole, excludes everyone else as a mutex does; with more, a holder may
// leave permits to spare.

// noteCapacity records that size is stored into obj as a counting gate's
// capacity: the constant, or -1 when the stores disagree or one is not a
// constant.
func (m *model) noteCapacity(obj types.Object, size ssa.Value) {
	n := constSize(size)
	if prev, ok := m.capacity[obj]; ok && prev != n {
		n = -1
	}
	m.capacity[obj] = n
}

// constSize returns the constant integer v is, or -1.
func constSize(v ssa.Value) int64 {
	k, ok := v.(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.Int {
		return -1
	}
	n, exact := constant.Int64Val(k.Value)
	if !exact {
		return -1
	}
	return n
}

// capacityOf returns the permits of the counting gate v: made here, or
// loaded from a variable or field every store gives the same constant
// capacity; -1 when not known.
func (m *model) capacityOf(v ssa.Value) int64 {
	if mc, ok := v.(*ssa.MakeChan); ok {
		return constSize(mc.Size)
	}
	if size, ok := known.NewWeighted(v); ok {
		return constSize(size)
	}
	if obj := chanObject(v); obj != nil {
		if n, ok := m.capacity[obj]; ok {
			return n
		}
	}
	return -1
}

// Exclusive reports whether gate h, which fi holds, admits no one else
// while fi holds it: not a counting gate, or one with a single permit that
// every acquire of it in fi takes, right here (not inside a callee). A
// Once is held only while its Do runs, and is not.
func (r *Result) Exclusive(fi *FuncInfo, h *Holding) bool {
	if !h.Kind.Counting() {
		return h.Kind != known.Once
	}
	found := false
	for _, e := range fi.Events() {
		if e.Op != known.Acquire || e.Gate.Key() != h.Gate.Key() {
			continue
		}
		v := gateValue(e.Instr)
		if e.Via || v == nil || e.Permits != 1 || r.m.capacityOf(v) != 1 {
			return false
		}
		found = true
	}
	return found
}

// gateValue returns the counting gate an acquiring instruction operates
// on: a Weighted method's receiver, or the channel a send fills. A
// receive that acquires takes a token from a semaphore filled up front,
// whose capacity is not what a holder takes: nil.
func gateValue(instr ssa.Instruction) ssa.Value {
	switch in := instr.(type) {
	case *ssa.Call:
		if len(in.Call.Args) > 0 {
			return in.Call.Args[0]
		}
	case *ssa.Send:
		return in.Chan
	}
	return nil
}

// Excludes reports whether a holder of g admits no one else meanwhile:
// a lock (not a Once, held only while its Do runs), or a counting gate
// that every store of the package makes with one permit (permitsOf). A
// semaphore of 128 permits excludes no one: what its holders touch,
// they may touch at once.
func (r *Result) Excludes(g GateOp) bool {
	if !g.Kind.Counting() {
		return g.Kind != known.Once
	}
	return r.m.permitsOf(g.Gate) == 1
}

// permitsOf returns the permits of the counting gate ref names, as the
// package's stores give them (noteCapacity): a package-level variable
// of the package, or a field of that name (every field so named that
// the package stores a gate in agreeing); -1 when not known.
func (m *model) permitsOf(ref naming.Ref) int64 {
	name := "" // the field the gate is in, past dereferences
	for _, s := range slices.Backward(ref.Path) {
		if s != naming.Deref {
			name = s
			break
		}
	}
	if name == "" {
		if ref.Root != naming.Global || ref.Pkg != m.pass.Pkg.Path() {
			return -1
		}
		if n, ok := m.capacity[m.pass.Pkg.Scope().Lookup(ref.Name)]; ok {
			return n
		}
		return -1
	}
	n, found := int64(-1), false
	for obj, c := range m.capacity {
		if v, ok := obj.(*types.Var); !ok || !v.IsField() || v.Name() != name {
			continue
		}
		if found && c != n {
			return -1
		}
		n, found = c, true
	}
	return n
}
