package contracts

import (
	_ "embed"
	"fmt"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/gatepass"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// doc is the source of doc.go, whose package doc comment holds the
// analyzer's documentation.
//
//go:embed doc.go
var doc string

// Analyzer is the contracts pass.
var Analyzer = gatepass.New("contracts", doc, run)

func run(pass *analysis.Pass, res *gate.Result, rep *directive.Reporter) {
	for _, fi := range res.Funcs {
		broken(pass, fi, rep)
		res.WalkCalls(fi, func(call ssa.CallInstruction, cal naming.Callee, sum *gate.Summary, held gate.Held) {
			if _, deferred := call.(*ssa.Defer); deferred {
				return
			}
			_, started := call.(*ssa.Go)
			for _, op := range sum.Requires {
				ref, ok := fi.Translate(op.Gate, cal)
				if !ok {
					continue
				}
				key := ref.Key()
				if !started && (held.Has(key) || res.CallersHold(fi, ref)) {
					continue
				}
				// Callers in other packages may hold a gate they can
				// name: then the contract breaks only if they do not.
				outside := !res.PackageOnly(fi.Fn) && ref.Nameable()
				certain := started || held.Untouched(key) && !outside
				d := diagnose(pass, fi, call, cal.Fn, op.Gate, ref, started, certain, outside)
				if certain {
					rep.Certain(d)
				} else {
					rep.Latent(d)
				}
			}
		})
	}
}

// diagnose reports that call, in fi's function, of callee, whose
// contract requires gate want (g in fi's terms), does not hold it: on
// no path when certain; outside says that fi's callers in other packages
// may hold it.
func diagnose(pass *analysis.Pass, fi *gate.FuncInfo, call ssa.CallInstruction, callee *ssa.Function, want, g naming.Ref, started, certain, outside bool) analysis.Diagnostic {
	pkg := pass.Pkg.Path()
	name, gname, caller := naming.CalleeName(callee, pkg), g.Spell(pkg), naming.FuncName(fi.Fn)
	how := fmt.Sprintf("%s calls it without %s on every path", caller, gname)
	fix := fmt.Sprintf("take %s around the call, or call a variant that takes it", gname)
	switch {
	case started:
		how = fmt.Sprintf("%s starts it as a goroutine, which never holds %s", caller, gname)
		fix = fmt.Sprintf("take %s inside the goroutine, around the call", gname)
	case !certain && outside:
		how = fmt.Sprintf("%s calls it without %s, which is held there only if %s's callers in other packages hold it", caller, gname, caller)
		fix = fmt.Sprintf("take %s around the call, or give %s the same //gatevet:holds contract", gname, caller)
	case !certain:
		how = fmt.Sprintf("%s reaches the call on a path without %s if it skips or releases it on the way", caller, gname)
	}
	pos, end := fi.Span(call.Pos())
	return analysis.Diagnostic{
		Pos: pos, End: end,
		Message: fmt.Sprintf("%s requires %s held (its //gatevet:holds contract), but %s; %s", name, gname, how, fix),
		Related: []analysis.RelatedInformation{{Pos: callee.Pos(), Message: fmt.Sprintf("%s: //gatevet:holds %s", name, want.Spell(known.PkgPath(callee)))}},
	}
}
