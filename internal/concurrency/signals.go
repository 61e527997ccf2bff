package concurrency

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// Happens-before through a function's end. A function d that closes a
// channel, or calls a WaitGroup's Done, in a deferred call signals its
// end: whatever runs within d (see extents) happens before the signal,
// and the signal before the receive from that channel, or the Wait on
// that WaitGroup, returns. A point that such a wait precedes on every
// path runs after everything within d. Channels and WaitGroups are told
// apart by class (Session.done), like gates: the model takes the wait
// and the signal to be on the same instance.

// A signal is a deferred close or Done: fn ends by signalling class.
type signal struct {
	fn    *ssa.Function
	class string
	what  string // "closes c.done", "calls c.wg.Done"
	pos   token.Pos
}

// A wait is a receive or a Wait.
type wait struct {
	class string
	what  string // "the receive from c.done", "c.wg.Wait"
	instr ssa.Instruction
}

// signalsOf returns the package's end signals.
func (r *Result) signalsOf() []signal {
	if r.signals != nil {
		return *r.signals
	}
	var out []signal
	for _, fi := range r.gates.Funcs {
		for _, b := range fi.Fn.Blocks {
			for _, instr := range b.Instrs {
				d, ok := instr.(*ssa.Defer)
				if !ok {
					continue
				}
				if class, what, ok := r.signalled(fi, &d.Call); ok {
					out = append(out, signal{fi.Fn, class, what, d.Pos()})
				}
			}
		}
	}
	r.signals = &out
	return out
}

// signalled returns the class of the channel call c closes, or of the
// WaitGroup whose Done it calls, and says what it does.
func (r *Result) signalled(fi *gate.FuncInfo, c *ssa.CallCommon) (class, what string, ok bool) {
	if len(c.Args) != 1 {
		return "", "", false
	}
	if b, isBuiltin := c.Value.(*ssa.Builtin); isBuiltin && b.Name() == "close" {
		class, name, ok := r.classOf(fi, c.Args[0])
		return class, "closes " + name, ok
	}
	if isWaitGroup(c, "Done") {
		class, name, ok := r.classOf(fi, c.Args[0])
		return class, "calls " + name + ".Done", ok
	}
	return "", "", false
}

// isWaitGroup reports whether c calls the sync.WaitGroup method name.
func isWaitGroup(c *ssa.CallCommon, name string) bool {
	fn := c.StaticCallee()
	return fn != nil && fn.Name() == name && fn.Signature.Recv() != nil && known.IsNamed(fn.Signature.Recv().Type(), "sync", "WaitGroup")
}

// isErrGroupWait reports whether c calls errgroup.Group's Wait, which
// returns once every function its Go started has returned.
func isErrGroupWait(c *ssa.CallCommon) bool {
	fn := c.StaticCallee()
	return fn != nil && fn.Name() == "Wait" && fn.Signature.Recv() != nil && known.IsNamed(fn.Signature.Recv().Type(), "golang.org/x/sync/errgroup", "Group")
}

// classOf returns the class of a channel or a WaitGroup's address, and
// its name as the code spells it.
func (r *Result) classOf(fi *gate.FuncInfo, v ssa.Value) (class, name string, ok bool) {
	ref, ok := fi.Ref(v)
	if !ok {
		return "", "", false
	}
	class, ok = fi.Class(ref)
	return class, ref.Spell(r.pkg), ok
}

// waitsIn returns fi's receives and Waits, found once per function.
func (r *Result) waitsIn(fi *gate.FuncInfo) []wait {
	if ws, ok := r.waits[fi.Fn]; ok {
		return ws
	}
	var out []wait
	for _, b := range fi.Fn.Blocks {
		for _, x := range b.Instrs {
			switch x := x.(type) {
			case *ssa.UnOp:
				if class, name, ok := r.classOf(fi, x.X); ok && x.Op == token.ARROW {
					out = append(out, wait{class, "the receive from " + name, x})
				}
			case *ssa.Call:
				if (isWaitGroup(&x.Call, "Wait") || isErrGroupWait(&x.Call)) && len(x.Call.Args) == 1 {
					if class, name, ok := r.classOf(fi, x.Call.Args[0]); ok {
						out = append(out, wait{class, name + ".Wait", x})
					}
				}
			}
		}
	}
	r.waits[fi.Fn] = out
	return out
}

// waitsBefore returns the receives and Waits in fi that run before
// instr on every path.
func (r *Result) waitsBefore(fi *gate.FuncInfo, instr ssa.Instruction) []wait {
	var out []wait
	for _, w := range r.waitsIn(fi) {
		if cfg.Dominates(w.instr, instr) {
			out = append(out, w)
		}
	}
	return out
}

// EndWaits returns the instructions of fi that wait, after start s, for
// the end of the goroutine it starts: a receive from the channel its
// function closes in a deferred call, or a Wait on the WaitGroup whose
// Done it defers; for a goroutine started by a group's Go
// (sync.WaitGroup, errgroup.Group), a Wait on that group. A wait counts
// when the start precedes it on every path to it, or when every path
// from the start passes through it (a Wait after the loop that starts
// the workers). What the goroutine does happens before they return.
func (r *Result) EndWaits(fi *gate.FuncInfo, s gate.Start) []ssa.Instruction {
	if s.Group != nil {
		return groupWaits(fi, s)
	}
	g, ok := s.Instr.(*ssa.Go)
	if !ok {
		return nil
	}
	cal, ok := naming.Resolve(&g.Call)
	if !ok {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	classes := make(map[string]bool)
	for _, sig := range r.signalsOf() {
		if sig.fn == cal.Fn {
			classes[sig.class] = true
		}
	}
	if len(classes) == 0 {
		return nil
	}
	var out []ssa.Instruction
	for _, w := range r.waitsIn(fi) {
		if classes[w.class] && waitsFor(s.Instr, w.instr) {
			out = append(out, w.instr)
		}
	}
	return out
}

// groupWaits returns the Waits of fi on the group of start s.
func groupWaits(fi *gate.FuncInfo, s gate.Start) []ssa.Instruction {
	group, ok := fi.Ref(s.Group)
	if !ok {
		return nil
	}
	var out []ssa.Instruction
	for _, b := range fi.Fn.Blocks {
		for _, x := range b.Instrs {
			c, ok := x.(*ssa.Call)
			if !ok || len(c.Call.Args) != 1 || !isWaitGroup(&c.Call, "Wait") && !isErrGroupWait(&c.Call) {
				continue
			}
			if ref, ok := fi.Ref(c.Call.Args[0]); ok && ref.Key() == group.Key() && waitsFor(s.Instr, c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// waitsFor reports whether wait w, after start s, waits for what s
// started: s precedes w on every path to w, or w is on every path from s
// to the function's end.
func waitsFor(s, w ssa.Instruction) bool {
	return cfg.Dominates(s, w) || cfg.Inevitable(s, w)
}
