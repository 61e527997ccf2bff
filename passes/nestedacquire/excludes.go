package nestedacquire

import (
	"fmt"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// excluded reports the calls of fi's function that hold, on every path,
// a gate the callee's //gatevet:excludes contract says its callers must
// not hold, also a callee of another package (through its fact). A call
// whose callee the model sees acquire that gate is already an acquire
// point, reported as such.
func excluded(pass *analysis.Pass, res *gate.Result, fi *gate.FuncInfo, rep *directive.Reporter) {
	seen := make(map[ssa.Instruction]map[string]bool)
	for _, ap := range fi.Acquires {
		if ap.Holding != nil {
			if seen[ap.Instr] == nil {
				seen[ap.Instr] = make(map[string]bool)
			}
			seen[ap.Instr][ap.GateOp.Gate.Key()] = true
		}
	}
	res.WalkCalls(fi, func(instr ssa.CallInstruction, cal naming.Callee, sum *gate.Summary, held gate.Held) {
		call, ok := instr.(*ssa.Call)
		if !ok {
			return // a goroutine holds nothing of its starter's; a deferred call runs at return
		}
		for _, op := range sum.Excludes {
			ref, ok := fi.Translate(op.Gate, cal)
			if !ok || seen[instr][ref.Key()] {
				continue
			}
			for _, h := range held.All() {
				if h.Gate.Key() == ref.Key() {
					rep.Certain(diagnoseExcluded(pass, fi, call, cal.Fn, op.Gate, h))
					break
				}
			}
		}
	})
}

// diagnoseExcluded reports call, of callee, made holding h, which the
// callee's contract excludes (want, in the callee's terms).
func diagnoseExcluded(pass *analysis.Pass, fi *gate.FuncInfo, call *ssa.Call, callee *ssa.Function, want naming.Ref, h *gate.Holding) analysis.Diagnostic {
	pkg := pass.Pkg.Path()
	name, callName := h.Gate.Spell(pkg), naming.CalleeName(callee, pkg)
	where := fmt.Sprintf("%s at %s", verb(h.GateOp), position(pass, h.Pos))
	if h.Contract {
		where = fmt.Sprintf("callers hold it by the %s contract at %s", h.What, position(pass, h.Pos))
	}
	pos, end := fi.Span(call.Pos())
	return analysis.Diagnostic{
		Pos: pos, End: end,
		Message: fmt.Sprintf("call to %s while %s is held on this path (%s): %s must not be called with %s held (its //gatevet:excludes contract); release %s before the call",
			callName, name, where, callName, name, name),
		Related: []analysis.RelatedInformation{
			{Pos: h.Pos, Message: name + " acquired here"},
			{Pos: callee.Pos(), Message: fmt.Sprintf("%s: //gatevet:excludes %s", callName, want.Spell(known.PkgPath(callee)))},
		},
	}
}
