package condwait

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/gate"
)

// A bare Wait is a bug only when the code after it relies on the
// condition its if tested: it indexes, slices or looks up the container
// whose length was tested, dereferences or follows the pointer that was
// tested against nil, or receives from the channel that was tested,
// before anything tests that state again. Code that re-checks after the
// Wait (if !ready { c.Wait() }; if !ready { return 0, nil }) never goes
// on when the condition is false, and code that uses none of the tested
// state (if !done { c.Wait() }; mu.Unlock()) only waits for a signal.

// tested returns the keys of the locations the condition v reads: the
// variable or field a loaded operand comes from, also through len, cap
// and comparisons. A condition that reads no location (a parameter)
// tests nothing the code after the Wait could rely on.
func tested(fi *gate.FuncInfo, v ssa.Value) map[string]bool {
	out := make(map[string]bool)
	readAddrs(v, func(addr ssa.Value) {
		if k, ok := locationKey(fi, addr); ok {
			out[k] = true
		}
	})
	return out
}

// readAddrs calls visit with the address of each location the condition
// v loads, also through len, cap, comparisons and phis.
func readAddrs(v ssa.Value, visit func(addr ssa.Value)) {
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if depth > 8 {
			return
		}
		switch x := v.(type) {
		case *ssa.UnOp:
			if x.Op == token.MUL {
				visit(x.X)
				return
			}
			walk(x.X, depth+1)
		case *ssa.BinOp:
			walk(x.X, depth+1)
			walk(x.Y, depth+1)
		case *ssa.Call:
			if b, ok := x.Call.Value.(*ssa.Builtin); ok && (b.Name() == "len" || b.Name() == "cap") {
				walk(x.Call.Args[0], depth+1)
			}
		case *ssa.Phi:
			for _, e := range x.Edges {
				walk(e, depth+1)
			}
		}
	}
	walk(v, 0)
}

// locationKey names the location addr addresses.
func locationKey(fi *gate.FuncInfo, addr ssa.Value) (string, bool) {
	r, ok := fi.Location(addr)
	if !ok {
		return "", false
	}
	return r.Key(), true
}

// relies reports whether code after the Wait call uses the state keys
// names as the condition promised, on a path that does not test that
// state again first.
func relies(fi *gate.FuncInfo, call *ssa.Call, keys map[string]bool) bool {
	if len(keys) == 0 {
		return false
	}
	// loadedFrom reports whether v is a value loaded from a tested
	// location.
	loadedFrom := func(v ssa.Value) bool {
		u, ok := v.(*ssa.UnOp)
		if !ok || u.Op != token.MUL {
			return false
		}
		k, ok := locationKey(fi, u.X)
		return ok && keys[k]
	}
	usesTested := func(instr ssa.Instruction) bool {
		switch x := instr.(type) {
		case *ssa.IndexAddr:
			return loadedFrom(x.X)
		case *ssa.Index:
			return loadedFrom(x.X)
		case *ssa.Lookup:
			return loadedFrom(x.X)
		case *ssa.Slice:
			return loadedFrom(x.X)
		case *ssa.FieldAddr:
			return loadedFrom(x.X)
		case *ssa.UnOp:
			return (x.Op == token.MUL || x.Op == token.ARROW) && loadedFrom(x.X)
		}
		return false
	}
	retests := func(b *ssa.BasicBlock) bool {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			return false
		}
		for k := range tested(fi, ifi.Cond) {
			if keys[k] {
				return true
			}
		}
		return false
	}
	// Instructions after the Wait in its own block, then the blocks it
	// reaches, up to a block whose test reads the state again.
	start := call.Block()
	after := false
	for _, instr := range start.Instrs {
		if instr == call {
			after = true
			continue
		}
		if after && usesTested(instr) {
			return true
		}
	}
	if retests(start) {
		return false
	}
	seen := map[*ssa.BasicBlock]bool{start: true}
	work := append([]*ssa.BasicBlock(nil), start.Succs...)
	for len(work) > 0 {
		b := work[0]
		work = work[1:]
		if seen[b] {
			continue
		}
		seen[b] = true
		for _, instr := range b.Instrs {
			if usesTested(instr) {
				return true
			}
		}
		if !retests(b) {
			work = append(work, b.Succs...)
		}
	}
	return false
}
