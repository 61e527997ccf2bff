package condctx

import (
	_ "embed"
	"fmt"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/analyzerdoc"
	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gate"
)

// doc is the source of doc.go, whose package doc comment holds the
// analyzer's documentation.
//
//go:embed doc.go
var doc string

// Analyzer is the condctx pass.
var Analyzer = &analysis.Analyzer{
	Name:     "condctx",
	Doc:      analyzerdoc.MustExtract(doc, "condctx"),
	URL:      "https://github.com/gatevet/gatevet/blob/main/docs/analyzers/condctx.md",
	Requires: []*analysis.Analyzer{gate.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[gate.Analyzer].(*gate.Result)
	rep := directive.NewReporter(pass, res.Directives)
	for _, fi := range res.Funcs {
		ctxName, ctxPos, hasCtx := gate.ContextInScope(fi.Fn)
		for _, d := range unlockedWakes(pass, res, fi) {
			rep.Report(d)
		}
		if !hasCtx {
			continue
		}
		watched := watchers(fi.Fn)
		for _, w := range fi.CondWaits() {
			if w.ObservesContext || w.WayOut || watched {
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
		for _, d := range blockingCalls(pass, res, fi, ctxName) {
			rep.Report(d)
		}
	}
	rep.Finish()
	return nil, nil
}

// watchers reports whether fn registers a wake-up on cancellation:
// context.AfterFunc, or a goroutine that receives from ctx.Done() and
// wakes a Cond.
func watchers(fn *ssa.Function) bool {
	for _, f := range wakeFuncs(fn) {
		if (f.afterFunc || receivesDone(f.fn)) && wakes(f.fn) {
			return true
		}
	}
	return false
}

// wakeFunc is a function fn hands to context.AfterFunc or starts as a
// goroutine.
type wakeFunc struct {
	fn        *ssa.Function
	afterFunc bool
	at        token.Pos
}

func wakeFuncs(fn *ssa.Function) []wakeFunc {
	var out []wakeFunc
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.Call:
				callee := in.Call.StaticCallee()
				if callee != nil && callee.Pkg != nil && callee.Pkg.Pkg.Path() == "context" && callee.Name() == "AfterFunc" && len(in.Call.Args) == 2 {
					out = append(out, wakeFunc{fn: funcOf(in.Call.Args[1]), afterFunc: true, at: in.Pos()})
				}
			case *ssa.Go:
				out = append(out, wakeFunc{fn: funcOf(in.Call.Value), at: in.Pos()})
			}
		}
	}
	return out
}

func funcOf(v ssa.Value) *ssa.Function {
	switch v := v.(type) {
	case *ssa.Function:
		return v
	case *ssa.MakeClosure:
		f, _ := v.Fn.(*ssa.Function)
		return f
	}
	return nil
}

// receivesDone reports whether fn receives from a ctx.Done() channel.
func receivesDone(fn *ssa.Function) bool {
	if fn == nil {
		return false
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.UnOp:
				if in.Op == token.ARROW && gate.IsContextDone(in.X) {
					return true
				}
			case *ssa.Select:
				for _, st := range in.States {
					if gate.IsContextDone(st.Chan) {
						return true
					}
				}
			}
		}
	}
	return false
}

// wakes reports whether fn Broadcasts or Signals a Cond.
func wakes(fn *ssa.Function) bool {
	if fn == nil {
		return false
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok && gate.IsWake(&c.Call) {
				return true
			}
		}
	}
	return false
}

// unlockedWakes reports the wake-ups of fi's watchers that hold no lock.
func unlockedWakes(pass *analysis.Pass, res *gate.Result, fi *gate.FuncInfo) []analysis.Diagnostic {
	var out []analysis.Diagnostic
	for _, wf := range wakeFuncs(fi.Fn) {
		if wf.fn == nil || !(wf.afterFunc || receivesDone(wf.fn)) {
			continue
		}
		info := res.Info(wf.fn)
		if info == nil {
			continue
		}
		info.Walk(func(instr ssa.Instruction, held gate.Held) {
			c, ok := instr.(*ssa.Call)
			if !ok || !gate.IsWake(&c.Call) || len(held.All()) > 0 {
				return
			}
			out = append(out, analysis.Diagnostic{
				Pos: c.Pos(), End: c.Pos(),
				Message: "this cancellation wake-up runs without the Cond's lock: a waiter can check the context, miss the wake-up and park for good; " +
					"take c.L (or the mutex it is) around the Broadcast",
				Related: []analysis.RelatedInformation{{Pos: wf.at, Message: "the watcher is registered here"}},
			})
		})
	}
	return out
}

// blockingCalls reports calls from fi, which has a context, of functions
// without one that may block in a Wait loop with no way out.
func blockingCalls(pass *analysis.Pass, res *gate.Result, fi *gate.FuncInfo, ctxName string) []analysis.Diagnostic {
	var out []analysis.Diagnostic
	for _, b := range fi.Fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			callee := call.Call.StaticCallee()
			if callee == nil {
				continue
			}
			blocks := res.CondBlocksOf(callee)
			if len(blocks) == 0 {
				continue
			}
			chain := blocks[0].Chain
			wait := chain[len(chain)-1]
			what := gate.CalleeName(callee, pass.Pkg.Path())
			d := analysis.Diagnostic{
				Pos: call.Pos(), End: call.Pos(),
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
	}
	return out
}
