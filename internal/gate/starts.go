package gate

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A Start is a goroutine a function starts: a go statement, or a call of
// errgroup.Group.Go or sync.WaitGroup.Go with a func value.
type Start struct {
	Instr ssa.CallInstruction
	Pos   token.Pos
	Fn    *ssa.Function // what the goroutine runs, when known
	// Values are the caller-side values the goroutine receives: its
	// arguments and a closure's captured variables (their stored value
	// when captured by address).
	Values []ssa.Value
	// Group is the errgroup.Group or sync.WaitGroup that starts it.
	Group ssa.Value
}

// Starts returns the goroutines fi's function starts.
func (fi *FuncInfo) Starts() []Start {
	var out []Start
	for _, b := range fi.Fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.Go:
				out = append(out, startOf(in, in.Call.Value, in.Call.Args, nil))
			case *ssa.Call:
				if group, f, ok := groupGo(&in.Call); ok {
					out = append(out, startOf(in, f, nil, group))
				}
			}
		}
	}
	return out
}

func startOf(instr ssa.CallInstruction, f ssa.Value, args []ssa.Value, group ssa.Value) Start {
	s := Start{Instr: instr, Pos: instr.Pos(), Group: group}
	vals := append([]ssa.Value(nil), args...)
	switch f := f.(type) {
	case *ssa.Function:
		s.Fn = f
	case *ssa.MakeClosure:
		s.Fn, _ = f.Fn.(*ssa.Function)
		for _, b := range f.Bindings {
			if a, ok := b.(*ssa.Alloc); ok {
				if stored := soleStore(a); stored != nil {
					b = stored
				}
			}
			vals = append(vals, b)
		}
	}
	s.Values = vals
	return s
}

// starts reports whether instr starts a goroutine.
func starts(instr ssa.Instruction) bool {
	switch in := instr.(type) {
	case *ssa.Go:
		return true
	case *ssa.Call:
		_, _, ok := groupGo(&in.Call)
		return ok
	}
	return false
}

// groupGo recognises g.Go(f) on an errgroup.Group or a sync.WaitGroup.
func groupGo(c *ssa.CallCommon) (group, f ssa.Value, ok bool) {
	callee := c.StaticCallee()
	if callee == nil || callee.Name() != "Go" || len(c.Args) != 2 {
		return nil, nil, false
	}
	recv := callee.Signature.Recv()
	if recv == nil || !IsNamed(recv.Type(), "golang.org/x/sync/errgroup", "Group") && !IsNamed(recv.Type(), "sync", "WaitGroup") {
		return nil, nil, false
	}
	return c.Args[0], c.Args[1], true
}

// IsNamed reports whether t is, or points to, the named type path.name.
func IsNamed(t types.Type, path, name string) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path && n.Obj().Name() == name
}

// IsContext reports whether t is context.Context.
func IsContext(t types.Type) bool { return IsNamed(t, "context", "Context") }
