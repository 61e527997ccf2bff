package gate

import (
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/source"
)

// A Promise is what a function's //gatevet:acquires or
// //gatevet:releases contract says it does with a gate: return holding
// it (with a last error result, on a nil error), or release the gate
// its callers hold. Its summary says so instead of what the model
// infers, so that callers rely on the promise; the contracts pass holds
// the body to it.
type Promise struct {
	Kind directive.Kind // directive.Acquires or directive.Releases
	GateOp
	Pos token.Pos // the directive
}

// promises resolves fn's acquires and releases contracts.
func (m *model) promises(fn *ssa.Function) []Promise {
	var out []Promise
	for _, kind := range []directive.Kind{directive.Acquires, directive.Releases} {
		for _, c := range m.contracts(fn, kind) {
			out = append(out, Promise{Kind: kind, GateOp: c.op, Pos: c.pos})
		}
	}
	return out
}

// keep makes sum say what ps promise: an acquire that returns holding
// the gate (on every return, or on every nil error of a function whose
// last result is an error), or a release of the caller's gate.
func keep(sum *Summary, fn *ssa.Function, ps []Promise) {
	same := func(op GateOp) func(GateOp) bool {
		return func(o GateOp) bool { return o.Gate.Key() == op.Gate.Key() }
	}
	for _, p := range ps {
		switch p.Kind {
		case directive.Acquires:
			if !slices.ContainsFunc(sum.Acquires, func(a SumAcquire) bool { return same(p.GateOp)(a.GateOp) }) {
				sum.Acquires = append(sum.Acquires, SumAcquire{GateOp: p.GateOp, Blocking: true})
			}
			sum.Holds = slices.DeleteFunc(sum.Holds, same(p.GateOp))
			sum.HoldsIfNil = slices.DeleteFunc(sum.HoldsIfNil, same(p.GateOp))
			if source.ReturnsError(fn.Signature) {
				sum.HoldsIfNil = append(sum.HoldsIfNil, p.GateOp)
			} else {
				sum.Holds = append(sum.Holds, p.GateOp)
			}
		case directive.Releases:
			if !slices.ContainsFunc(sum.Releases, func(r SumRelease) bool { return same(p.GateOp)(r.GateOp) }) {
				sum.Releases = append(sum.Releases, SumRelease{GateOp: p.GateOp})
			}
			sum.Holds = slices.DeleteFunc(sum.Holds, same(p.GateOp))
			sum.HoldsIfNil = slices.DeleteFunc(sum.HoldsIfNil, same(p.GateOp))
		}
	}
}
