package instancegate

import (
	_ "embed"
	"fmt"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/analysis"

	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/gatepass"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
	"github.com/gatevet/gatevet/internal/resource"
)

// doc is the source of doc.go, whose package doc comment holds the
// analyzer's documentation.
//
//go:embed doc.go
var doc string

// Analyzer is the instancegate pass.
var Analyzer = gatepass.New("instancegate", doc, run, resource.Analyzer)

// candidate is a field gate whose critical sections use a process-wide
// resource.
type candidate struct {
	field *types.Var
	owner *types.Named
	use   resource.Use
}

func run(pass *analysis.Pass, res *gate.Result, rep *directive.Reporter) {
	rs := pass.ResultOf[resource.Analyzer].(*resource.Result)
	cands := candidates(pass, res, rs)
	if len(cands) > 0 {
		sc := scan(res)
		for _, c := range cands {
			if fresh, ok := sc.freshGates(c); ok && sc.instances(res, rs, c.owner) >= 2 {
				rep.Latent(diagnose(pass, c, fresh)) // needs two instances at work at once
			}
		}
	}
}

// candidates finds the field gates held, without any package-level gate,
// around uses of package-level resources, in the code that ships: a
// test's helper that swaps a package-level setting under an instance's
// lock runs in the order its test spells, not beside another instance's.
func candidates(pass *analysis.Pass, res *gate.Result, rs *resource.Result) []candidate {
	owners := resource.FieldOwners(pass.Pkg)
	byField := make(map[*types.Var]candidate)
	for _, u := range rs.Uses() {
		// A critical section that only reads a process-wide value (a
		// setting) does not use it the way a device is used; a write a
		// package-level gate or sync.Once makes is process-wide already.
		if !u.Res.Global || !u.Write || heldGlobal(u) || u.Once == resource.PackageOnce || res.InTest(u.Func) {
			continue
		}
		for _, h := range u.Holdings {
			if h.Kind == known.Claim {
				continue // a claim of an instance's word is no lock it keeps
			}
			if h.Mode == known.Shared {
				// A read lock excludes no other reader, not even of the
				// same instance: around a write it is no gate of what
				// is written, per instance or not.
				continue
			}
			f, owner := gateField(u, h.Gate, owners)
			if f == nil {
				continue
			}
			if _, seen := byField[f]; !seen {
				byField[f] = candidate{field: f, owner: owner, use: u}
			}
		}
	}
	out := make([]candidate, 0, len(byField))
	for _, c := range byField {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].field.Pos() < out[j].field.Pos() })
	return out
}

func heldGlobal(u resource.Use) bool {
	for _, h := range u.Holdings {
		if h.Gate.Root == naming.Global {
			return true
		}
	}
	return false
}

// gateField returns the field of one of the package's struct types that
// gate g is, in the terms of u's function.
func gateField(u resource.Use, g naming.Ref, owners map[types.Object]types.Type) (*types.Var, *types.Named) {
	for len(g.Path) > 0 && g.Path[len(g.Path)-1] == naming.Deref {
		g.Path = g.Path[:len(g.Path)-1]
	}
	if len(g.Path) == 0 {
		return nil, nil
	}
	r, ok := resource.Of(u.Func, g)
	if !ok {
		return nil, nil
	}
	f, ok := r.Obj.(*types.Var)
	if !ok || !f.IsField() {
		return nil, nil
	}
	owner, ok := types.Unalias(owners[f]).(*types.Named)
	if !ok {
		return nil, nil
	}
	return f, owner
}

func diagnose(pass *analysis.Pass, c candidate, fresh token.Pos) analysis.Diagnostic {
	pkg := pass.Pkg.Path()
	resName := c.use.Res.Spell(pkg)
	T := c.owner.Obj().Name()
	gateName := T + "." + c.field.Name()
	msg := fmt.Sprintf("%s is a per-instance gate, but its critical sections use %s, which is process-wide (%s): "+
		"when two %ss run them at the same time, they hold two gates and use %s together; guard %s with one package-level gate and bind every %s to it",
		gateName, resName, gate.PosText(pass.Fset, c.use.Pos), T, resName, resName, T)
	return analysis.Diagnostic{
		Pos: c.field.Pos(), End: c.field.Pos() + token.Pos(len(c.field.Name())),
		Message: msg,
		Related: []analysis.RelatedInformation{
			{Pos: fresh, Message: fmt.Sprintf("each %s gets a gate of its own here", T)},
			{Pos: c.use.Pos, End: c.use.End, Message: fmt.Sprintf("%s used with %s held", resName, gateName)},
		},
	}
}
