package concurrency

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/facts"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
)

// BorrowFact carries to importing packages the parameters an exported
// function borrows: it publishes them on no path, so a caller that owns
// what it passes still owns it after the call. Parameters are numbered
// as go/ssa numbers them, the receiver first.
type BorrowFact struct{ Params []int }

// BorrowFacts is the concurrency model's package fact: the BorrowFacts
// of the package's exported functions that borrow a parameter.
type BorrowFacts struct{ facts.Book[BorrowFact] }

// AFact marks BorrowFacts as an analysis fact.
func (*BorrowFacts) AFact() {}

func (f *BorrowFact) String() string { return fmt.Sprint("borrows", f.Params) }

// Borrows reports whether fn publishes its i-th parameter on no path.
func (r *Result) Borrows(fn *ssa.Function, i int) bool {
	return slices.Contains(r.borrows.Of(fn), i)
}

// deriveBorrows returns the parameters fi's function borrows.
func (r *Result) deriveBorrows(fi *gate.FuncInfo) []int {
	var out []int
	for i, p := range fi.Fn.Params {
		if r.publisher(p, nil, true) == nil {
			out = append(out, i)
		}
	}
	return out
}

// publisher returns a use of v, or of an address into what v points to,
// that publishes v, and that can run before instr (any use, when instr
// is nil): a use instr can run after without v being made anew on the
// way, or, with at, instr itself. Nil when none can.
//
// A local variable that holds v (one a function literal captures lives
// in a cell of its own) is followed too: a load of it is v again, and
// what captures it publishes it where it does.
func (r *Result) publisher(v ssa.Value, instr ssa.Instruction, at bool) ssa.Instruction {
	seen := make(map[ssa.Value]bool)
	cells := make(map[ssa.Value]bool) // local variables v is stored into
	var found ssa.Instruction
	var walk func(x ssa.Value)
	walk = func(x ssa.Value) {
		if seen[x] || found != nil || x.Referrers() == nil {
			return
		}
		seen[x] = true
		for _, u := range *x.Referrers() {
			if found != nil {
				return
			}
			if cell := localCell(x, u); cell != nil {
				cells[cell] = true
				walk(cell)
				continue
			}
			if ld, ok := u.(*ssa.UnOp); ok && ld.Op == token.MUL && cells[x] {
				walk(ld) // the variable's value: v
				continue
			}
			if st, ok := u.(*ssa.Store); ok && cells[x] && st.Addr == x {
				continue // a value stored into the variable, not v
			}
			if d, derived := r.use(v, x, u); derived != nil {
				walk(derived)
			} else if d && (instr == nil || at && u == instr || before(v, u, instr)) {
				found = u
			}
		}
	}
	walk(v)
	return found
}

// localCell returns the local variable u stores x into (the whole
// variable, not an address into an object), or nil.
func localCell(x ssa.Value, u ssa.Instruction) ssa.Value {
	st, ok := u.(*ssa.Store)
	if !ok || st.Val != x {
		return nil
	}
	if cell, ok := st.Addr.(*ssa.Alloc); ok {
		return cell
	}
	return nil
}

// use says what instruction u does with x, a pointer to the object v
// followed or a value derived from it: publishes it, or yields a value
// to follow in turn (an address into the object, the interface it is
// converted to, a sync.Cond made on its lock). Storing it into the
// object itself publishes nothing (c.cond = sync.NewCond(&c.mu)). A use
// it does not know publishes. An address of plain memory inside the
// object (its byte array, sliced for a hash to fill) gives whoever gets
// it that memory alone: no lock of the object, nor a way back to it.
func (r *Result) use(v, x ssa.Value, u ssa.Instruction) (publishes bool, derived ssa.Value) {
	if x != v && plainMemory(x.Type()) {
		return false, nil
	}
	switch u := u.(type) {
	case *ssa.MakeInterface:
		return false, u
	case *ssa.Call:
		if fn := u.Call.StaticCallee(); fn != nil && fn.Name() == "NewCond" && known.PkgPath(fn) == "sync" {
			return false, u
		}
		if !u.Call.IsInvoke() && u.Call.Value == x && !slices.Contains(u.Call.Args, x) {
			return false, nil // a func value called here runs here: calling it hands it to no one
		}
		return !r.callBorrows(u.Common(), x), nil
	case *ssa.Return:
		// A func value returned is the caller's to run where it likes
		// (an OrNoop that hands its argument back).
		_, isFunc := x.Type().Underlying().(*types.Signature)
		return isFunc, nil
	case *ssa.DebugRef, *ssa.BinOp:
		return false, nil // compares
	case *ssa.UnOp:
		return u.Op != token.MUL, nil // a load copies out; nothing else applies to a pointer
	case *ssa.FieldAddr:
		return false, u
	case *ssa.IndexAddr:
		return false, u
	case *ssa.Store:
		return u.Val == x && !into(u.Addr, v), nil // a write into the object is not a publication
	case *ssa.Defer:
		return !r.callBorrows(u.Common(), x), nil
	case *ssa.MakeClosure:
		return !r.inPlaceBorrows(u, x), nil
	}
	return true, nil // sent, stored in an interface, captured, started, …
}

// rangeFuncYield is go/ssa's Synthetic for the body of a range-over-func
// loop, made a function the iterator calls.
const rangeFuncYield = "range-over-func yield"

// inPlaceBorrows reports whether closure c, which captures x, is only
// called where it is made (func() { … }(), or deferred) or handed to a
// static callee that borrows it (a check a getter calls before it
// returns), or is the body of a range-over-func loop, which the
// iterator may call only before it returns, and its body publishes none
// of the variables that hold x:
// captured so, x stays with the goroutine that runs the closure.
func (r *Result) inPlaceBorrows(c *ssa.MakeClosure, x ssa.Value) bool {
	fn, ok := c.Fn.(*ssa.Function)
	if !ok {
		return false
	}
	for _, u := range *c.Referrers() {
		switch u := u.(type) {
		case *ssa.Call:
			if u.Call.Value == c && !slices.Contains(u.Call.Args, ssa.Value(c)) {
				continue
			}
			if fn.Synthetic == rangeFuncYield && u.Call.Value != c {
				continue // a range-over-func body: the iterator calls it before it returns, or the loop panics
			}
			if u.Call.Value == c || !r.callBorrows(u.Common(), c) {
				return false
			}
		case *ssa.Defer:
			if u.Call.Value != c || slices.Contains(u.Call.Args, ssa.Value(c)) {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	for i, b := range c.Bindings {
		if b == x && r.publisher(fn.FreeVars[i], nil, true) != nil {
			return false
		}
	}
	return true
}

// plainMemory reports whether t, a pointer or a slice, reaches only
// numbers, bools and strings, or arrays of them: memory that holds no
// lock and leads nowhere else.
func plainMemory(t types.Type) bool {
	var elem types.Type
	switch t := t.Underlying().(type) {
	case *types.Pointer:
		elem = t.Elem()
	case *types.Slice:
		elem = t.Elem()
	default:
		return false
	}
	for {
		switch e := elem.Underlying().(type) {
		case *types.Basic:
			return e.Kind() != types.UnsafePointer
		case *types.Array:
			elem = e.Elem()
		default:
			return false
		}
	}
}

// into reports whether addr is an address inside the object v points
// to: a field or an element of it, at any depth of value fields.
func into(addr, v ssa.Value) bool {
	for {
		switch a := addr.(type) {
		case *ssa.FieldAddr:
			addr = a.X
		case *ssa.IndexAddr:
			addr = a.X
		default:
			return addr == v
		}
	}
}

// callBorrows reports whether call c keeps no reference to x, which it
// passes: as the receiver of a gate's method (Lock on &t.mu) or of a
// method of the sync and atomic packages, or to a static callee that
// borrows each parameter x is passed as.
func (r *Result) callBorrows(c *ssa.CallCommon, x ssa.Value) bool {
	fn := c.StaticCallee()
	if c.IsInvoke() || fn == nil {
		return false
	}
	for i, a := range c.Args {
		if a != x || i == 0 && receiverOnly(r.gates, c, fn) {
			continue
		}
		if !r.Borrows(fn, i) {
			return false
		}
	}
	return true
}

// receiverOnly reports whether call c, of fn, uses its receiver only
// for the call: a gate's method, or a method of the sync and atomic
// packages (atomic.Pointer's Store keeps its argument, not its
// receiver).
func receiverOnly(gates *gate.Result, c *ssa.CallCommon, fn *ssa.Function) bool {
	if fn.Signature.Recv() == nil {
		return false
	}
	switch known.PkgPath(fn) {
	case "sync", "sync/atomic":
		return true
	}
	return gates.IsGateCall(c)
}

// before reports whether use u of v can run before instr on a path that
// does not make v anew: instr can run after u, and when v is made in a
// loop, not only after v is made again.
func before(v ssa.Value, u, instr ssa.Instruction) bool {
	alloc, isAlloc := madeBy(v)
	if u.Block() == instr.Block() && index(u) < index(instr) {
		return !isAlloc || alloc.Block() != u.Block() || !(index(u) < index(alloc) && index(alloc) < index(instr))
	}
	found := false
	// Along paths that keep the branch conditions u is under: a use in
	// the else branch of if solicit cannot reach a later if solicit's
	// then branch.
	cfg.ForwardKnowing(u.Block().Succs, cfg.Known(u.Block()), func(b *ssa.BasicBlock) bool {
		if isAlloc && b == alloc.Block() {
			return false // v is made anew here, before anything of its block uses it
		}
		found = found || b == instr.Block()
		return !found
	})
	return found
}

// index returns instr's position in its block.
func index(instr ssa.Instruction) int {
	return slices.Index(instr.Block().Instrs, instr)
}

// madeBy returns the instruction that makes v anew each time it runs:
// an allocation, or a call that returns a fresh object.
func madeBy(v ssa.Value) (ssa.Instruction, bool) {
	switch v := v.(type) {
	case *ssa.Alloc:
		return v, true
	case *ssa.Call:
		return v, true
	}
	return nil, false
}
