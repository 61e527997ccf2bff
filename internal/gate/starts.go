package gate

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// A Start is a goroutine a function starts: a go statement, a call of
// errgroup.Group.Go or sync.WaitGroup.Go with a func value, or a call of
// a function whose summary says it starts one and returns a channel to
// wait for it on (a Spawn).
type Start struct {
	Instr ssa.CallInstruction
	Pos   token.Pos
	Fn    *ssa.Function // what the goroutine runs, when known
	// Values are the caller-side values the goroutine receives: its
	// arguments, then a closure's captured variables (their stored value
	// when captured by address; nil for one the caller cannot name, a
	// local of the function that made the closure); for a Spawn, the
	// channel returned.
	Values []ssa.Value
	Args   int // how many of Values are arguments
	// Group is the errgroup.Group or sync.WaitGroup that starts it.
	Group ssa.Value
	// Work describes a spawned goroutine's work (Fn is then nil).
	Work string
}

// A Spawn says that a function starts a goroutine that gets no context,
// and returns (as result Result) a channel the goroutine was given: the
// preload helper that starts a loader and returns its done channel.
type Spawn struct {
	Result int
	Work   string // what the goroutine runs
	At     string // where it is started, file:line
}

// Starts returns the goroutines fi's function starts.
func (fi *FuncInfo) Starts() []Start { return fi.starts }

// StartAt returns the goroutine instr starts, if it starts one.
func (fi *FuncInfo) StartAt(instr ssa.Instruction) (Start, bool) {
	for _, s := range fi.starts {
		if s.Instr == instr {
			return s, true
		}
	}
	return Start{}, false
}

// findStarts lists the goroutines fn starts, spawning calls included.
func (m *model) findStarts(fn *ssa.Function) []Start {
	var out []Start
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.Go:
				out = append(out, startOf(in, in.Call.Value, in.Call.Args, nil))
			case *ssa.Call:
				if group, f, ok := groupGo(&in.Call); ok {
					out = append(out, startOf(in, f, nil, group))
					continue
				}
				out = append(out, m.spawnsAt(in)...)
			}
		}
	}
	return out
}

// spawnsAt returns the goroutines a call of a spawning function starts.
func (m *model) spawnsAt(call *ssa.Call) []Start {
	cal, ok := naming.Resolve(&call.Call)
	if !ok {
		return nil
	}
	sum := m.sums.Of(cal.Fn)
	if sum == nil {
		return nil
	}
	var out []Start
	for _, sp := range sum.Spawns {
		var vals []ssa.Value
		if call.Type() != nil {
			if _, tuple := call.Type().(*types.Tuple); !tuple && sp.Result == 0 {
				vals = append(vals, call)
			}
		}
		for _, r := range *call.Referrers() {
			if ex, ok := r.(*ssa.Extract); ok && ex.Index == sp.Result {
				vals = append(vals, ex)
			}
		}
		out = append(out, Start{Instr: call, Pos: call.Pos(), Values: vals,
			Work: naming.CalleeName(cal.Fn, m.pkgPath) + ", which starts " + sp.Work + " at " + sp.At})
	}
	return out
}

// spawns derives fi's Spawns: results that are channels given to a
// goroutine it starts without a context.
func (m *model) spawns(fi *FuncInfo) []Spawn {
	var out []Spawn
	seen := make(map[int]bool)
	for _, b := range fi.Fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		for i, v := range ret.Results {
			if _, isChan := v.Type().Underlying().(*types.Chan); !isChan || seen[i] {
				continue
			}
			for _, s := range fi.starts {
				if s.ObservesContext() || !s.Given(v) {
					continue
				}
				seen[i] = true
				work := s.Work
				if work == "" {
					work = s.Describe(m.pkgPath)
				}
				out = append(out, Spawn{Result: i, Work: work, At: PosText(m.pass.Fset, s.Pos)})
				break
			}
		}
	}
	return out
}

// ObservesContext reports whether the goroutine receives a context, and
// so can be told to stop.
func (s Start) ObservesContext() bool {
	for _, v := range s.Values {
		if v != nil && known.IsContext(v.Type()) {
			return true
		}
	}
	return false
}

// Given reports whether ch (seen through conversions and variables stored
// once) is one of the values the goroutine receives.
func (s Start) Given(ch ssa.Value) bool {
	ch = storedValue(ch)
	for _, v := range s.Values {
		if storedValue(v) == ch {
			return true
		}
	}
	return false
}

// storedValue sees through conversions and a load of a variable stored
// once.
func storedValue(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.ChangeType:
			v = x.X
			continue
		case *ssa.UnOp:
			if a, ok := x.X.(*ssa.Alloc); ok && x.Op == token.MUL {
				if stored := naming.SoleStore(a); stored != nil {
					v = stored
					continue
				}
			}
		}
		return v
	}
}

// Describe says what a goroutine runs: the function, or the first call
// a function literal makes.
func (s Start) Describe(pkg string) string {
	switch {
	case s.Work != "":
		return s.Work
	case s.Fn == nil:
		return "a func value"
	case s.Fn.Parent() == nil:
		return naming.CalleeName(s.Fn, pkg)
	}
	for _, b := range s.Fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok {
				if f := c.Call.StaticCallee(); f != nil && known.PkgPath(f) != "" {
					return "a func literal running " + naming.CalleeName(f, pkg)
				}
			}
		}
	}
	return "a func literal"
}

func startOf(instr ssa.CallInstruction, f ssa.Value, args []ssa.Value, group ssa.Value) Start {
	s := Start{Instr: instr, Pos: instr.Pos(), Group: group}
	t, _ := naming.Target(f)
	s.Fn = t.Fn
	vals := append(append([]ssa.Value(nil), t.Args...), args...)
	s.Args = len(vals)
	for _, b := range t.Bindings {
		vals = append(vals, naming.Captured(b))
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
	if recv == nil || !known.IsNamed(recv.Type(), "golang.org/x/sync/errgroup", "Group") && !known.IsNamed(recv.Type(), "sync", "WaitGroup") {
		return nil, nil, false
	}
	return c.Args[0], c.Args[1], true
}
