package condctx

import (
	"cmp"
	_ "embed"
	"fmt"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/condwait"
	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/gatepass"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// doc is the source of doc.go, whose package doc comment holds the
// analyzer's documentation.
//
//go:embed doc.go
var doc string

// Analyzer is the condctx pass.
var Analyzer = gatepass.New("condctx", doc, run, condwait.Analyzer)

func run(pass *analysis.Pass, res *gate.Result, rep *directive.Reporter) {
	conds := pass.ResultOf[condwait.Analyzer].(*condwait.Result)
	var calls []blockingCall
	for _, fi := range res.Funcs {
		if res.InTest(fi) {
			continue // a test that hangs meets go test's -timeout, and drives its own mocks
		}
		ctxName, ctxPos, hasCtx := condwait.ContextInScope(fi.Fn)
		watchers := condwait.Watchers(fi)
		for _, d := range unlockedWakes(pass.Pkg.Path(), res, conds, watchers) {
			rep.Latent(d) // the waiter must check between the watcher's check and its wake-up
		}
		if !hasCtx || !condwait.Cancellable(fi.Fn) {
			continue
		}
		for _, w := range conds.Waits(fi.Fn) {
			if w.ObservesContext || w.WayOut || len(watchers) > 0 || cancelsFirst(fi.Fn, w.Call) {
				continue
			}
			d := analysis.Diagnostic{
				Pos: w.Call.Pos(), End: w.Call.Pos(),
				SuggestedFixes: wakeOnCancel(pass, fi.Fn, w),
				Message: fmt.Sprintf("%s waits in a sync.Cond loop that never looks at %s, and nothing wakes it when %s is cancelled: "+
					"the goroutine blocks until someone signals; register context.AfterFunc(%s, …) that Broadcasts under the lock, and check %s.Err() after each Wait",
					naming.FuncName(fi.Fn), ctxName, ctxName, ctxName, ctxName),
				Related: []analysis.RelatedInformation{{Pos: ctxPos, Message: ctxName + " comes into scope here"}},
			}
			if !w.Slot {
				rep.Certain(d)
				continue
			}
			// A slot comes back when its holder is done: only while every
			// slot stays taken does the cancelled waiter wait on.
			d.Message = fmt.Sprintf("%s waits in a sync.Cond loop for a free slot and never looks at %s, and nothing wakes it when %s is cancelled: "+
				"while every slot stays taken, the goroutine waits on after %s is cancelled; register context.AfterFunc(%s, …) that Broadcasts under the lock, and check %s.Err() after each Wait",
				naming.FuncName(fi.Fn), ctxName, ctxName, ctxName, ctxName, ctxName)
			rep.Latent(d)
		}
		calls = append(calls, blockingCalls(pass, conds, fi, ctxName)...)
	}
	for _, c := range byWait(pass, calls) {
		if c.slot {
			rep.Latent(c.d)
		} else {
			rep.Certain(c.d)
		}
	}
}

// unlockedWakes reports the wake-ups of fi's watchers that hold no lock:
// the waiter that misses one parks until another wake-up of the Cond,
// if the package has one.
func unlockedWakes(pkg string, res *gate.Result, conds *condwait.Result, watchers []condwait.Watcher) []analysis.Diagnostic {
	var out []analysis.Diagnostic
	for _, wf := range watchers {
		info := res.Info(wf.Fn)
		if info == nil {
			continue
		}
		info.Walk(func(instr ssa.Instruction, held gate.Held) {
			c, ok := instr.(*ssa.Call)
			if !ok || !condwait.IsWake(&c.Call) || len(held.All()) > 0 {
				return
			}
			lock := "the Cond's L"
			if r, ok := info.Ref(c.Call.Args[0]); ok {
				lock = r.Spell(pkg) + ".L"
			}
			until := "until something else wakes it, which may never happen"
			related := []analysis.RelatedInformation{{Pos: wf.At, Message: "the watcher is registered here"}}
			if others := otherWakes(conds, c); len(others) > 0 {
				until = fmt.Sprintf("until another wake-up of the Cond (%d in the package), not at the cancellation", len(others))
				for i, o := range others {
					if i == 3 {
						break
					}
					related = append(related, analysis.RelatedInformation{Pos: o.Pos(), Message: "another wake-up that ends the wait: " +
						o.Call.StaticCallee().Name() + " in " + naming.CalleeName(o.Parent(), pkg)})
				}
			}
			out = append(out, analysis.Diagnostic{
				Pos: c.Pos(), End: c.Pos(),
				Message: "this cancellation wake-up runs without the Cond's lock: a waiter can check the context, miss the wake-up and park " + until + "; " +
					fmt.Sprintf("take %s (or the mutex it is) around the %s", lock, c.Call.StaticCallee().Name()),
				Related: related,
			})
		})
	}
	return out
}

// A blockingCall is a call, from a function with a context, of a
// function without one that may block in a Wait loop with no way out.
type blockingCall struct {
	d    analysis.Diagnostic
	wait string // where the Wait is, file:line
	slot bool   // the Wait takes a slot of a bounded pool
}

// blockingCalls returns fi's blocking calls; fi has a context.
func blockingCalls(pass *analysis.Pass, conds *condwait.Result, fi *gate.FuncInfo, ctxName string) []blockingCall {
	var out []blockingCall
	for _, bc := range conds.StallingCalls(fi) {
		if cancelsFirst(fi.Fn, bc.Call) {
			continue
		}
		chain := bc.Stalls[0].Chain
		wait := chain[len(chain)-1]
		what := naming.CalleeName(bc.Callee, pass.Pkg.Path())
		until, then := "", "if nothing signals, this goroutine waits forever"
		if slot := bc.Stalls[0].Slot; slot {
			until, then = " until a slot is free", "while every slot stays taken, this goroutine waits on"
		}
		fix := fmt.Sprintf("give %s a ctx and wake its waiters with context.AfterFunc", what)
		if mod, other := otherModule(pass, bc.Callee); other {
			// The dependency's to fix; the caller can stop waiting.
			fix = fmt.Sprintf("the wait is in package %s, of another module, where %s can take a ctx; here, run the call on a goroutine and select on its result and %s.Done()",
				mod, bc.Callee.Name(), ctxName)
		}
		d := analysis.Diagnostic{
			Pos: bc.Call.Pos(), End: bc.Call.Pos(),
			Message: fmt.Sprintf("%s blocks in sync.Cond.Wait (%s)%s and cannot observe %s: %s after %s is cancelled; %s",
				what, wait.At, until, ctxName, then, ctxName, fix),
		}
		d.Related = gate.ChainRelated(chain, "then ")
		if obj := bc.Callee.Object(); len(d.Related) == 0 && obj != nil && obj.Pos().IsValid() {
			// Another package's chain has no positions here: its
			// function's declaration stands for it.
			d.Related = []analysis.RelatedInformation{{Pos: obj.Pos(), Message: fmt.Sprintf("%s, which blocks in sync.Cond.Wait at %s", what, wait.At)}}
		}
		out = append(out, blockingCall{d: d, wait: wait.At, slot: bc.Stalls[0].Slot})
	}
	return out
}

// cancelsFirst reports whether fn, a method whose context in scope is a
// field of its receiver (no parameter, nothing captured), calls a
// context.CancelFunc kept in a field of the receiver on every path to
// at, before it: a Close that cancels its context and then waits for
// the work it stopped to drain. The context is cancelled already;
// observing it would only cut short the wait the function means. A
// child context's cancel, made for a call, cancels nothing the function
// would observe.
func cancelsFirst(fn *ssa.Function, at ssa.Instruction) bool {
	if fn.Signature.Recv() == nil || len(fn.FreeVars) > 0 || len(fn.Params) == 0 {
		return false
	}
	for _, p := range fn.Params {
		if known.IsContext(p.Type()) {
			return false
		}
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok || c.Call.IsInvoke() || !known.IsNamed(c.Call.Value.Type(), "context", "CancelFunc") || !cfg.Dominates(c, at) {
				continue
			}
			if ld, ok := c.Call.Value.(*ssa.UnOp); ok {
				if fa, ok := ld.X.(*ssa.FieldAddr); ok && fa.X == fn.Params[0] {
					return true
				}
			}
		}
	}
	return false
}

// otherModule returns the path of fn's package when the package lies
// outside the module being analysed (a dependency's), as the driver's
// module information tells it; false in standalone mode, which knows no
// modules.
func otherModule(pass *analysis.Pass, fn *ssa.Function) (string, bool) {
	if pass.Module == nil || pass.Module.Path == "" {
		return "", false
	}
	path, here := known.PkgPath(fn), pass.Module.Path
	if path == "" || path == here || strings.HasPrefix(path, here+"/") {
		return "", false
	}
	return path, true
}

// byWait reports the calls that block on one Wait once, at the first
// in the package: one cause, one report. The others are named in the
// message and as related positions (a library's Wait that every
// handler reaches would otherwise be a report per call).
func byWait(pass *analysis.Pass, calls []blockingCall) []blockingCall {
	slices.SortStableFunc(calls, func(a, b blockingCall) int { return cmp.Compare(a.d.Pos, b.d.Pos) })
	first := make(map[string]int) // wait -> index in out
	var out []blockingCall
	var others [][]string
	for _, c := range calls {
		i, ok := first[c.wait]
		if !ok {
			first[c.wait] = len(out)
			out = append(out, c)
			others = append(others, nil)
			continue
		}
		at := gate.PosText(pass.Fset, c.d.Pos)
		others[i] = append(others[i], at)
		out[i].d.Related = append(out[i].d.Related, analysis.RelatedInformation{Pos: c.d.Pos, Message: "this call blocks on the same Wait"})
	}
	for i, o := range others {
		switch {
		case len(o) == 1:
			out[i].d.Message += fmt.Sprintf(" (1 more call in this package blocks on the same Wait: %s)", o[0])
		case len(o) > 3:
			out[i].d.Message += fmt.Sprintf(" (%d more calls in this package block on the same Wait: %s, …)", len(o), strings.Join(o[:3], ", "))
		case len(o) > 1:
			out[i].d.Message += fmt.Sprintf(" (%d more calls in this package block on the same Wait: %s)", len(o), strings.Join(o, ", "))
		}
	}
	return out
}

// otherWakes returns the package's wake-ups of the Cond field that wake
// wakes, but wake itself; none when it wakes no field.
func otherWakes(conds *condwait.Result, wake *ssa.Call) []*ssa.Call {
	f, ok := naming.ValueField(wake.Call.Args[0])
	if !ok {
		return nil
	}
	var out []*ssa.Call
	for _, c := range conds.Wakes(f) {
		if c != wake {
			out = append(out, c)
		}
	}
	return out
}
