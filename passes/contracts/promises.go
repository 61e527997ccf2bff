package contracts

import (
	"fmt"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/naming"
	"github.com/gatevet/gatevet/internal/source"
)

// broken reports the returns of fi's function that break its promises:
// one that does not hold the gate the function says it acquires (with a
// last error result, a return of a nil error), and one that still holds
// the gate it says it releases. A function that calls what the model
// cannot resolve (a func value, an interface method) may keep its
// promise there: it is taken at its word.
func broken(pass *analysis.Pass, fi *gate.FuncInfo, rep *directive.Reporter) {
	if len(fi.Promises) == 0 || opaque(fi.Fn) {
		return
	}
	errors := source.ReturnsError(fi.Fn.Signature)
	fi.Walk(func(instr ssa.Instruction, held gate.Held) {
		ret, ok := instr.(*ssa.Return)
		if !ok {
			return
		}
		for _, p := range fi.Promises {
			key := p.Gate.Key()
			switch p.Kind {
			case directive.Acquires:
				if errors && !nilError(ret) || held.Has(key) {
					continue
				}
				how := "this return does not hold it"
				if !held.Untouched(key) {
					how += " if a path reaches it without acquiring " + p.Gate.Spell(pass.Pkg.Path()) + " or after releasing it"
				}
				if d := promiseBroken(pass, fi, ret, p, how); held.Untouched(key) {
					rep.Certain(d)
				} else {
					rep.Latent(d)
				}
			case directive.Releases:
				for _, h := range held.All() {
					if h.Gate.Key() != key {
						continue
					}
					how := "this return still holds it: no path here releases it"
					if !h.Contract {
						how = fmt.Sprintf("this return still holds it (acquired again at %s)", gate.PosText(pass.Fset, h.Pos))
					}
					rep.Certain(promiseBroken(pass, fi, ret, p, how))
				}
			}
		}
	})
}

// promiseBroken reports that ret breaks promise p: how says what it
// does instead.
func promiseBroken(pass *analysis.Pass, fi *gate.FuncInfo, ret *ssa.Return, p gate.Promise, how string) analysis.Diagnostic {
	g := p.Gate.Spell(pass.Pkg.Path())
	what, fix := "return holding", "acquire "+g+" on every path to it, or return an error where it is not held"
	word := "acquires"
	if p.Kind == directive.Releases {
		what, fix, word = "release", "release "+g+" on every path to it", "releases"
	}
	pos, end := fi.Span(ret.Pos())
	return analysis.Diagnostic{
		Pos: pos, End: end,
		Message: fmt.Sprintf("%s promises to %s %s (its //gatevet:%s contract), but %s; %s", naming.CalleeName(fi.Fn, pass.Pkg.Path()), what, g, word, how, fix),
		Related: []analysis.RelatedInformation{{Pos: p.Pos, Message: "//gatevet:" + word + " " + g}},
	}
}

// nilError reports whether ret returns a constant nil error last.
func nilError(ret *ssa.Return) bool {
	if len(ret.Results) == 0 {
		return false
	}
	k, ok := ret.Results[len(ret.Results)-1].(*ssa.Const)
	return ok && k.IsNil()
}

// opaque reports whether fn makes a call the model cannot resolve to
// one function (builtins aside).
func opaque(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if _, builtin := call.Common().Value.(*ssa.Builtin); builtin {
				continue
			}
			if _, ok := naming.Resolve(call.Common()); !ok {
				return true
			}
		}
	}
	return false
}
