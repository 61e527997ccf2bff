package concurrency

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/facts"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// Serial executors. A task loop runs the functions it is given one at
// a time on a goroutine of its own: Run(f) sends f (alone, or in a
// struct) on a channel, and a run loop (runloop.go), the only code that
// receives from that channel, calls what it receives. The functions
// given to one loop exclude each other as if they held a lock: the
// channel, an executor. A function that hands a parameter to an
// executor that way has a SerialRun, for the uses made in the function
// it is given (resource's touches hold the executor there), and it
// travels to importing packages as a SerialFact.

// A SerialRun says that a function hands its func parameter Param to
// the executor Exec (a channel, in the function's terms), which runs it
// while no other function given to it runs.
type SerialRun struct {
	Param int
	Exec  naming.Ref
}

// SerialFact carries an exported function's SerialRuns.
type SerialFact struct{ Runs []SerialRun }

// SerialFacts is the package fact of the SerialFacts of its exported
// functions.
type SerialFacts struct{ facts.Book[SerialFact] }

// AFact marks SerialFacts as an analysis fact.
func (*SerialFacts) AFact() {}

func (f *SerialFact) String() string { return fmt.Sprint("serial", f.Runs) }

// Serial returns the func parameters fn hands to a serial executor.
func (r *Result) Serial(fn *ssa.Function) []SerialRun { return r.serial.Of(fn) }

// ExecutorOp is the gate operation of holding executor e: exclusive.
func ExecutorOp(e naming.Ref) gate.GateOp {
	return gate.GateOp{Gate: e, Kind: known.Executor, Mode: known.Exclusive}
}

// deriveSerial returns the func parameters fi's function sends to a
// channel only a run loop receives from and calls.
func (r *Result) deriveSerial(fi *gate.FuncInfo) []SerialRun {
	var out []SerialRun
	for _, b := range fi.Fn.Blocks {
		for _, instr := range b.Instrs {
			for _, op := range gate.ChanOps(instr) {
				if !op.Send {
					continue
				}
				p, field, ok := sentParam(fi.Fn, op.Value)
				if !ok {
					continue
				}
				ref, ok := fi.Ref(op.Chan)
				if !ok || ref.Root != naming.Param {
					continue
				}
				class, ok := fi.Class(ref)
				if ok && r.runsEachReceived(class, field) {
					out = append(out, SerialRun{Param: p, Exec: ref})
				}
			}
		}
	}
	return out
}

// sentParam reports which func parameter of fn v is: the parameter
// itself (field -1), or a struct value whose field field fn set to it
// (task{fn: f, done: done}).
func sentParam(fn *ssa.Function, v ssa.Value) (param, field int, ok bool) {
	if i := paramIndex(fn, v); i >= 0 {
		return i, -1, true
	}
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return 0, 0, false
	}
	a, ok := load.X.(*ssa.Alloc)
	if !ok {
		return 0, 0, false
	}
	for _, u := range referrers(a) {
		fa, ok := u.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		for _, fu := range referrers(fa) {
			if st, ok := fu.(*ssa.Store); ok && st.Addr == fa {
				if i := paramIndex(fn, st.Val); i >= 0 {
					return i, fa.Field, true
				}
			}
		}
	}
	return 0, 0, false
}

// paramIndex returns the index of v among fn's parameters, when v is
// one of func type, or -1.
func paramIndex(fn *ssa.Function, v ssa.Value) int {
	for i, p := range fn.Params {
		if _, isFunc := p.Type().Underlying().(*types.Signature); isFunc && p == v {
			return i
		}
	}
	return -1
}

// runsEachReceived reports whether every receive from a channel of
// class in the package is in one run loop, which calls what it
// receives (field field of it, or the value itself with -1).
func (r *Result) runsEachReceived(class string, field int) bool {
	var loop *runLoop
	found := false
	for _, fi := range r.gates.Funcs {
		for _, b := range fi.Fn.Blocks {
			for _, instr := range b.Instrs {
				for _, op := range gate.ChanOps(instr) {
					if op.Send {
						continue
					}
					ref, ok := fi.Ref(op.Chan)
					if !ok {
						continue
					}
					if c, ok := fi.Class(ref); !ok || c != class {
						continue
					}
					l := r.loopOf(fi.Fn)
					if l == nil || loop != nil && l.fn != loop.fn || op.Value == nil || !calls(op.Value, field) {
						return false
					}
					loop, found = l, true
				}
			}
		}
	}
	return found
}

// loopOf returns the run loop fn runs only within, or nil.
func (r *Result) loopOf(fn *ssa.Function) *runLoop {
	for _, l := range r.runLoops() {
		if r.extents.within(fn, l.fn) {
			return &l
		}
	}
	return nil
}

// calls reports whether what the loop does with v, a received value,
// is to call it (field -1) or its field field: directly, or through the
// local variable it is kept in (t := <-l.tasks; t.fn()).
func calls(v ssa.Value, field int) bool {
	called := false
	for _, u := range referrers(v) {
		switch u := u.(type) {
		case *ssa.Call:
			called = called || field == -1 && u.Call.Value == v
		case *ssa.Field:
			called = called || u.Field == field && calledValue(u)
		case *ssa.Store:
			cell, ok := u.Addr.(*ssa.Alloc)
			if !ok || u.Val != v {
				return false
			}
			for _, cu := range referrers(cell) {
				if fa, ok := cu.(*ssa.FieldAddr); ok && fa.Field == field {
					for _, lu := range referrers(fa) {
						if load, ok := lu.(*ssa.UnOp); ok && load.Op == token.MUL {
							called = called || calledValue(load)
						}
					}
				}
			}
		case *ssa.DebugRef:
		default:
			if field == -1 {
				return false
			}
		}
	}
	return called
}

// calledValue reports whether f, a func value, is called.
func calledValue(f ssa.Value) bool {
	for _, u := range referrers(f) {
		if c, ok := u.(*ssa.Call); ok && c.Call.Value == f {
			return true
		}
	}
	return false
}

// referrers returns v's referrers, none when go/ssa keeps no list.
func referrers(v ssa.Value) []ssa.Instruction {
	if rs := v.Referrers(); rs != nil {
		return *rs
	}
	return nil
}
