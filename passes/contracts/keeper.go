package contracts

import (
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/naming"
)

// keeper tells whether an unexported helper keeps a contract through
// its callers: every call of it, in the package, holds the gate.
type keeper struct {
	res *gate.Result
	// held has, per function walked, the keys of the gates held on every
	// path to each of its calls.
	held map[*ssa.Function]map[ssa.Instruction]map[string]bool
	busy map[string]bool // helpers whose callers are being judged
}

// keptByCallers reports whether fi's function is a helper that only the
// package calls, statically, and each of those calls holds gate ref (in
// fi's terms) or is in a helper that keeps it in turn.
func (k *keeper) keptByCallers(fi *gate.FuncInfo, ref naming.Ref) bool {
	fn := fi.Fn
	if fn.Parent() != nil || fn.Object() == nil || fn.Object().Exported() || k.res.Escapes(fn) ||
		fn.Signature.Recv() != nil && k.res.Invoked(fn.Name()) {
		return false
	}
	memo := fn.String() + "|" + ref.Key()
	if k.busy[memo] {
		return true // a cycle of helpers: judged by the calls into it
	}
	k.busy[memo] = true
	defer delete(k.busy, memo)
	sites := k.res.CallSites(fn)
	if len(sites) == 0 {
		return false
	}
	for _, site := range sites {
		caller := k.res.Info(site.Parent())
		if _, isCall := site.(*ssa.Call); !isCall || caller == nil {
			return false
		}
		cal, ok := naming.Resolve(site.Common())
		if !ok {
			return false
		}
		r, ok := caller.Translate(ref, cal)
		if !ok {
			return false
		}
		if !k.heldAt(caller, site)[r.Key()] && !k.keptByCallers(caller, r) {
			return false
		}
	}
	return true
}

// heldAt returns the keys of the gates held on every path to call, in
// caller's function.
func (k *keeper) heldAt(caller *gate.FuncInfo, call ssa.CallInstruction) map[string]bool {
	calls, ok := k.held[caller.Fn]
	if !ok {
		calls = make(map[ssa.Instruction]map[string]bool)
		caller.Walk(func(instr ssa.Instruction, held gate.Held) {
			if _, ok := instr.(ssa.CallInstruction); !ok {
				return
			}
			keys := make(map[string]bool)
			for _, h := range held.All() {
				keys[h.Gate.Key()] = true
			}
			calls[instr] = keys
		})
		k.held[caller.Fn] = calls
	}
	return calls[call]
}
