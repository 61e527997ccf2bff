package gate

import (
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/gatevet/gatevet/internal/facts"
	"github.com/gatevet/gatevet/internal/naming"
)

// Takeable reports whether other packages may hold fi's gate g when
// they call: they can name it (exported fields all the way from a
// parameter or a package-level variable), or the package lets them call
// a function that returns holding a gate of its class (a Lock method,
// promoted or not). True when g has no class to look for.
func (r *Result) Takeable(pass *analysis.Pass, fi *FuncInfo, g naming.Ref) bool {
	return r.handsOut(pass, fi, g, true, func(s *Summary) []GateOp { return slices.Concat(s.Holds, s.HoldsIfNil) })
}

// Releasable reports whether other packages can give back fi's gate g:
// they can name it, or the package exports a function that releases a
// gate of its class for its caller (Queue.Release beside Queue.Drain).
func (r *Result) Releasable(pass *analysis.Pass, fi *FuncInfo, g naming.Ref) bool {
	return r.handsOut(pass, fi, g, false, func(s *Summary) []GateOp {
		ops := make([]GateOp, len(s.Releases))
		for i, rel := range s.Releases {
			ops[i] = rel.GateOp
		}
		return ops
	})
}

// handsOut reports whether g is nameable, or some exported function's
// summary has, among the gates ops picks, one of g's class; unknown is
// the answer when g has no class.
func (r *Result) handsOut(pass *analysis.Pass, fi *FuncInfo, g naming.Ref, unknown bool, ops func(*Summary) []GateOp) bool {
	if g.Nameable() {
		return true
	}
	class, ok := fi.Class(g)
	if !ok {
		return unknown
	}
	for _, other := range r.Funcs {
		if _, exported := facts.Exported(pass, other.Fn); !exported || other.Summary == nil {
			continue
		}
		for _, op := range ops(other.Summary) {
			if c, ok := other.Class(op.Gate); ok && c == class {
				return true
			}
		}
	}
	return false
}
