package concurrency

import (
	"fmt"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// Code that runs once per process, on one goroutine: a package's
// initialisers run before main, one after another, and a command's main
// function is called once. Another call of such a function cannot run
// beside it; only the goroutines it starts can.

// Initializer reports whether fn is an init function or the package
// initialiser.
func Initializer(fn *ssa.Function) bool {
	return fn.Parent() == nil && (fn.Synthetic == "package initializer" || strings.HasPrefix(fn.Name(), "init#"))
}

// RunsOnce reports whether fn runs once per process, on one goroutine:
// an initializer, or the main function of a command.
func RunsOnce(fn *ssa.Function) bool {
	if Initializer(fn) {
		return true
	}
	return fn.Parent() == nil && fn.Signature.Recv() == nil && fn.Name() == "main" && fn.Pkg != nil && fn.Pkg.Pkg.Name() == "main"
}

// A function whose every use is as the function a package-level
// sync.Once's Do runs (onceLogDirs.Do(createLogDirs), in each place it
// is named) runs once per process too: Do runs it the first time, and
// every other Do on that Once waits for it and returns without running
// it. What it does cannot run beside itself. Only a function literal or
// an unexported function that is no method counts: another package may
// call an exported one, an interface call a method, neither of which
// the package's code shows.

// onceOnly reports whether fn runs once per process: an initializer, a
// command's main, or a function only ever run by Do on one
// package-level Once (onceOf).
func (r *Result) onceOnly(fn *ssa.Function) bool {
	return fn != nil && (RunsOnce(fn) || r.onceOf(fn) != nil)
}

// onceOf returns the package-level Once whose Do alone runs fn, or nil.
func (r *Result) onceOf(fn *ssa.Function) *ssa.Global {
	r.onceFuncsOnce.Do(r.findOnceFuncs)
	return r.onceFuncs[fn]
}

// findOnceFuncs finds the functions only ever run by Do on one
// package-level Once: every operand naming the function, anywhere in
// the package's source, is the argument of such a Do, on the same Once.
func (r *Result) findOnceFuncs() {
	onces := make(map[*ssa.Function]*ssa.Global)
	bad := make(map[*ssa.Function]bool)
	for _, fn := range r.gates.Source {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				for _, p := range instr.Operands(nil) {
					if p == nil || *p == nil {
						continue
					}
					f, ok := (*p).(*ssa.Function)
					if !ok || f.Pkg != fn.Pkg {
						continue
					}
					g, ok := onceDoOf(instr, *p)
					if !ok || onces[f] != nil && onces[f] != g {
						bad[f] = true
						continue
					}
					onces[f] = g
				}
			}
		}
	}
	r.onceFuncs = make(map[*ssa.Function]*ssa.Global)
	for f, g := range onces {
		obj := f.Object()
		if !bad[f] && (f.Parent() != nil || obj != nil && !obj.Exported() && f.Signature.Recv() == nil) {
			r.onceFuncs[f] = g
		}
	}
}

// onceDoOf returns the package-level Once whose Do instr calls with v as
// the function to run.
func onceDoOf(instr ssa.Instruction, v ssa.Value) (*ssa.Global, bool) {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return nil, false
	}
	c := call.Common()
	callee := c.StaticCallee()
	if callee == nil || len(c.Args) != 2 || c.Args[1] != v {
		return nil, false
	}
	obj, ok := callee.Object().(*types.Func)
	if !ok || !known.IsOnceDo(obj) {
		return nil, false
	}
	g, ok := c.Args[0].(*ssa.Global)
	return g, ok
}

// onceApart reports whether what pa and pb do cannot meet because of a
// function that runs once per process (onceOnly), where each ends
// (Point.Inner) or, without one, at the point itself: both in that
// function, whose one run cannot meet itself; or one in it and the
// other after a Do, on every path, on the package-level Once that runs
// it, which returns only once the function has (happens-before).
func (r *Result) onceApart(pa, pb Point) (Reason, bool) {
	if pa.Started || pb.Started {
		return Reason{}, false // on a goroutine the call starts, beside the rest
	}
	fa, fb := r.innerFunc(pa), r.innerFunc(pb)
	if fa == nil || fb == nil {
		return Reason{}, false
	}
	if fa == fb && r.onceOnly(fa) {
		return Reason{Pos: fa.Pos(), What: naming.FuncName(fa) + " runs once per process"}, true
	}
	for _, x := range [][2]Point{{pa, pb}, {pb, pa}} {
		f := r.innerFunc(x[0])
		g := r.onceOf(f)
		at := r.innerInstr(x[1])
		if g == nil || at == nil {
			continue
		}
		for _, b := range at.Parent().Blocks {
			for _, instr := range b.Instrs {
				if og, ok := onceDoOn(instr); ok && og == g && cfg.Dominates(instr, at) {
					return Reason{Pos: instr.Pos(), What: fmt.Sprintf("%s runs once, by %s.Do, which returns only after it", naming.FuncName(f), g.Name())}, true
				}
			}
		}
	}
	return Reason{}, false
}

// onceDoOn returns the package-level Once whose Do instr calls.
func onceDoOn(instr ssa.Instruction) (*ssa.Global, bool) {
	call, ok := instr.(*ssa.Call)
	if !ok || len(call.Call.Args) != 2 {
		return nil, false
	}
	return onceDoOf(instr, call.Call.Args[1])
}

// innerInstr returns the instruction where what p does happens: the one
// at p.Inner in its function, or p's own.
func (r *Result) innerInstr(p Point) ssa.Instruction {
	if !p.Inner.IsValid() {
		return p.Instr
	}
	f := r.funcAt(p.Inner)
	if f == nil {
		return nil
	}
	for _, b := range f.Blocks {
		for _, instr := range b.Instrs {
			if instr.Pos() == p.Inner {
				return instr
			}
		}
	}
	return nil
}

// innerFunc returns the function where what p does happens: the one at
// p.Inner, or p's own.
func (r *Result) innerFunc(p Point) *ssa.Function {
	if f := r.funcAt(p.Inner); f != nil {
		return f
	}
	if p.Inner.IsValid() || p.Instr == nil {
		return nil
	}
	return p.Instr.Parent()
}
