package concurrency_test

import (
	"go/constant"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/concurrency"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/internal/naming"
)

// ownedProbe reports, at each call of a function named probe, the whole
// set of gates held there whose object the function owns.
var ownedProbe = &analysis.Analyzer{
	Name:     "ownedprobe",
	Doc:      "test probe: report the held gates on owned objects",
	Requires: []*analysis.Analyzer{gate.Analyzer, concurrency.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[gate.Analyzer].(*gate.Result)
		conc := pass.ResultOf[concurrency.Analyzer].(*concurrency.Result)
		pkg := pass.Pkg.Path()
		for _, fi := range res.Funcs {
			fi.Walk(func(instr ssa.Instruction, held gate.Held) {
				call, ok := instr.(*ssa.Call)
				if !ok || call.Call.StaticCallee() == nil || call.Call.StaticCallee().Name() != "probe" {
					return
				}
				var owned []string
				for _, h := range held.All() {
					if why, ok := conc.Owned(fi, instr, h.Gate); ok {
						if !why.Pos.IsValid() || why.What == "" {
							pass.Reportf(call.Pos(), "owned without a reason: %s", h.Gate.Spell(pkg))
						}
						owned = append(owned, h.Gate.Spell(pkg))
					}
				}
				pass.Reportf(call.Pos(), "owned: [%s]", strings.Join(owned, " "))
			})
		}
		return nil, nil
	},
}

// TestOwned checks which locks are on objects a function owns: made
// there and not yet published, across packages through what the callees
// borrow (BorrowFacts).
func TestOwned(t *testing.T) {
	analysistest.Run(t, gatetest.Dir(t, "gatemodel"), ownedProbe, "./owned/...")
}

// apartProbe reports, at each call check("x"), whether the model knows
// that it and the call point("x") run apart, with the reason; at each
// call checkRecv("x"), the same for the two points on one instance, the
// receiver of both methods (Point.Of).
var apartProbe = &analysis.Analyzer{
	Name:     "apartprobe",
	Doc:      "test probe: report whether check(x) and point(x) run apart",
	Requires: []*analysis.Analyzer{gate.Analyzer, concurrency.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[gate.Analyzer].(*gate.Result)
		conc := pass.ResultOf[concurrency.Analyzer].(*concurrency.Result)
		type mark struct {
			fi    *gate.FuncInfo
			instr ssa.Instruction
		}
		marks := func(name string) map[string]mark {
			out := make(map[string]mark)
			for _, fi := range res.Funcs {
				for call, cal := range fi.StaticCalls() {
					if len(call.Call.Args) == 0 {
						continue
					}
					if k, ok := call.Call.Args[0].(*ssa.Const); ok && cal.Fn.Name() == name {
						out[constant.StringVal(k.Value)+"@"+pass.Fset.Position(call.Pos()).String()] = mark{fi, call}
					}
				}
			}
			return out
		}
		points := make(map[string]mark)
		for k, m := range marks("point") {
			points[k[:strings.Index(k, "@")]] = m
		}
		recv := naming.Ref{Root: naming.Param, Index: 0}
		for k, c := range marks("check") {
			p := points[k[:strings.Index(k, "@")]]
			if why, ok := conc.Apart(c.fi, c.instr, p.fi, p.instr); ok {
				pass.Reportf(c.instr.Pos(), "apart: %s", why.What)
			} else {
				pass.Reportf(c.instr.Pos(), "not apart")
			}
		}
		for k, c := range marks("checkRecv") {
			p := points[k[:strings.Index(k, "@")]]
			if why, ok := conc.ApartPoints(concurrency.Point{Func: c.fi, Instr: c.instr, Of: recv}, concurrency.Point{Func: p.fi, Instr: p.instr, Of: recv}); ok {
				pass.Reportf(c.instr.Pos(), "apart: %s", why.What)
			} else {
				pass.Reportf(c.instr.Pos(), "not apart")
			}
		}
		return nil, nil
	},
}

// TestApart checks which points run apart: after a wait for the end of
// the function they run within.
func TestApart(t *testing.T) {
	analysistest.Run(t, gatetest.Dir(t, "gatemodel"), apartProbe, "./apart")
}

// togetherProbe reports, at each call check("x"), whether the package's
// code shows it running at the same time as the call point("x"), on
// instances of the checking function's receiver type, and why.
var togetherProbe = &analysis.Analyzer{
	Name:     "togetherprobe",
	Doc:      "test probe: report whether check(x) and point(x) run together",
	Requires: []*analysis.Analyzer{gate.Analyzer, concurrency.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[gate.Analyzer].(*gate.Result)
		conc := pass.ResultOf[concurrency.Analyzer].(*concurrency.Result)
		marks := func(name string) map[string]*gate.FuncInfo {
			out := make(map[string]*gate.FuncInfo)
			for _, fi := range res.Funcs {
				for call, cal := range fi.StaticCalls() {
					if k, ok := call.Call.Args[0].(*ssa.Const); ok && cal.Fn.Name() == name {
						out[constant.StringVal(k.Value)+"@"+pass.Fset.Position(call.Pos()).String()] = fi
					}
				}
			}
			return out
		}
		points := make(map[string]*gate.FuncInfo)
		for k, fi := range marks("point") {
			points[k[:strings.Index(k, "@")]] = fi
		}
		for k, fi := range marks("check") {
			var owners []*types.TypeName
			if recv := fi.Fn.Signature.Recv(); recv != nil {
				owners = append(owners, naming.TypeNameOf(recv.Type()))
			}
			at := k[strings.Index(k, "@")+1:]
			pos := fi.Fn.Pos()
			for call := range fi.StaticCalls() {
				if pass.Fset.Position(call.Pos()).String() == at {
					pos = call.Pos()
				}
			}
			p := points[k[:strings.Index(k, "@")]]
			if why, ok := conc.Together(concurrency.Side{Func: fi}, concurrency.Side{Func: p}, owners); ok {
				pass.Reportf(pos, "together: %s", why.What)
			} else {
				pass.Reportf(pos, "not together")
			}
		}
		return nil, nil
	},
}

// TestTogether checks where the package's code shows two points running
// at once: a goroutine nothing waits for, an HTTP handler, a type's doc.
func TestTogether(t *testing.T) {
	analysistest.Run(t, gatetest.Dir(t, "gatemodel"), togetherProbe, "./together")
}
