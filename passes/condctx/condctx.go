// Package condctx reports sync.Cond waits that can never see a context.
//
// sync.Cond predates context: a for !cond { c.Wait() } loop reached from
// a request handler blocks until someone signals, however long ago the
// client left. Goroutines pile up, and graceful shutdown stops working.
//
// The gate model lists each function's Wait loops with what they can
// see (a context used inside the loop, a way out such as a shutdown flag
// that the package writes, or the clock), and summarises functions
// without a context that may block in such a loop (CondBlocks), through
// calls and across packages. The pass reports:
//   - a Wait loop in a function with a context in scope (a parameter, a
//     captured variable, a field of the receiver) that neither observes
//     it nor has a watcher that wakes the waiters on cancellation
//     (context.AfterFunc, or a goroutine receiving from ctx.Done());
//   - a call, from a function with a context, of a function without one
//     that may block in a Wait loop with no way out;
//   - a watcher that Broadcasts or Signals without holding the lock, so
//     a waiter can check the context and park just after the wake-up.
package condctx

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/condwait"
	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gate"
)

// Analyzer is the condctx pass.
var Analyzer = &analysis.Analyzer{
	Name:     "condctx",
	Doc:      doc,
	URL:      "https://github.com/gatevet/gatevet/blob/main/docs/analyzers/condctx.md",
	Requires: []*analysis.Analyzer{gate.Analyzer, condwait.Analyzer},
	Run:      run,
}

const doc = `report sync.Cond wait loops that cannot observe a context

A for !cond { c.Wait() } loop blocks until another goroutine signals the
Cond. In a function that has a context (a parameter, a captured variable,
a field of the receiver), a client that leaves or a shutdown that cancels
cannot wake it: the goroutine waits forever.

Reported: a Wait loop that neither checks the context nor has a watcher
that wakes the waiters on cancellation; a call, from a function with a
context, of a function without one that may block in such a loop with no
way out; a watcher that wakes the waiters without holding the Cond's lock.

Not reported: a loop that checks the context, or one with a watcher
(context.AfterFunc(ctx, f) or a goroutine receiving from ctx.Done(), where
f Broadcasts); a loop another goroutine can open (a shutdown flag or
error the package sets, an atomic flag, the clock, as in a watch cache
whose timer Broadcasts); no context anywhere on the way.

Fix: register context.AfterFunc(ctx, func() { c.L.Lock(); c.Broadcast();
c.L.Unlock() }), and check ctx.Err() in the loop after each Wait.

Bad:

	func (q *Queue) Get(ctx context.Context) any {
		q.mu.Lock()
		defer q.mu.Unlock()
		for len(q.items) == 0 {
			q.cond.Wait() // reported: never looks at ctx
		}
		return q.pop()
	}

Good:

	stop := context.AfterFunc(ctx, func() {
		q.mu.Lock()
		defer q.mu.Unlock()
		q.cond.Broadcast()
	})
	defer stop()
	for len(q.items) == 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		q.cond.Wait()
	}

Suppress one report with //gatevet:ignore condctx reason on its line or
the line above (under golangci-lint, //nolint:gatevet works too).`

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[gate.Analyzer].(*gate.Result)
	conds := pass.ResultOf[condwait.Analyzer].(*condwait.Result)
	rep := directive.NewReporter(pass, res.Directives)
	for _, fi := range res.Funcs {
		ctxName, ctxPos, hasCtx := condwait.ContextInScope(fi.Fn)
		watchers := condwait.Watchers(fi)
		for _, d := range unlockedWakes(res, watchers) {
			rep.Report(d)
		}
		if !hasCtx {
			continue
		}
		for _, w := range conds.Waits(fi.Fn) {
			if w.ObservesContext || w.WayOut || len(watchers) > 0 {
				continue
			}
			rep.Report(analysis.Diagnostic{
				Pos: w.Call.Pos(), End: w.Call.Pos(),
				SuggestedFixes: wakeOnCancel(pass, fi.Fn, w),
				Message: fmt.Sprintf("%s waits in a sync.Cond loop that never looks at %s, and nothing wakes it when %s is cancelled: "+
					"the goroutine blocks until someone signals; register context.AfterFunc(%s, …) that Broadcasts under the lock, and check %s.Err() after each Wait",
					gate.FuncName(fi.Fn), ctxName, ctxName, ctxName, ctxName),
				Related: []analysis.RelatedInformation{{Pos: ctxPos, Message: ctxName + " comes into scope here"}},
			})
		}
		for _, d := range blockingCalls(pass, conds, fi, ctxName) {
			rep.Report(d)
		}
	}
	rep.Finish()
	return nil, nil
}

// unlockedWakes reports the wake-ups of fi's watchers that hold no lock.
func unlockedWakes(res *gate.Result, watchers []condwait.Watcher) []analysis.Diagnostic {
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
			out = append(out, analysis.Diagnostic{
				Pos: c.Pos(), End: c.Pos(),
				Message: "this cancellation wake-up runs without the Cond's lock: a waiter can check the context, miss the wake-up and park for good; " +
					"take c.L (or the mutex it is) around the Broadcast",
				Related: []analysis.RelatedInformation{{Pos: wf.At, Message: "the watcher is registered here"}},
			})
		})
	}
	return out
}

// blockingCalls reports calls from fi, which has a context, of functions
// without one that may block in a Wait loop with no way out.
func blockingCalls(pass *analysis.Pass, conds *condwait.Result, fi *gate.FuncInfo, ctxName string) []analysis.Diagnostic {
	var out []analysis.Diagnostic
	for _, bc := range conds.BlockingCalls(fi) {
		chain := bc.Blocks[0].Chain
		wait := chain[len(chain)-1]
		what := gate.CalleeName(bc.Callee, pass.Pkg.Path())
		d := analysis.Diagnostic{
			Pos: bc.Call.Pos(), End: bc.Call.Pos(),
			Message: fmt.Sprintf("%s blocks in sync.Cond.Wait (%s) and cannot observe %s: if nothing signals, this goroutine waits forever after %s is cancelled; "+
				"give %s a ctx and wake its waiters with context.AfterFunc", what, wait.At, ctxName, ctxName, what),
		}
		for _, h := range chain {
			if h.Pos() != token.NoPos {
				d.Related = append(d.Related, analysis.RelatedInformation{Pos: h.Pos(), Message: "then " + h.What})
			}
		}
		out = append(out, d)
	}
	return out
}
