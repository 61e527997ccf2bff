// Package instancegate reports a gate kept in a struct field, created
// fresh for every instance, that guards a process-wide resource: two
// instances never exclude each other, so the resource is used by as many
// holders at once as there are instances.
//
// The gate model gives the uses of resources on the package's paths with
// the gates held at each. A use of a package-level variable with only a
// field gate held makes that field a candidate; the pass then checks, over
// the package's SSA, that instances get fresh gates (semaphore.NewWeighted,
// make(chan ...), new(sync.Mutex), or a zero-valued mutex inside the
// struct) and are never bound to a shared one, and that more than one
// instance can exist.
package instancegate

import (
	"fmt"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/analysis"

	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gate"
)

// Analyzer is the instancegate pass.
var Analyzer = &analysis.Analyzer{
	Name:     "instancegate",
	Doc:      doc,
	URL:      "https://github.com/gatevet/gatevet/blob/main/docs/analyzers/instancegate.md",
	Requires: []*analysis.Analyzer{gate.Analyzer},
	Run:      run,
}

const doc = `report per-instance gates that guard process-wide resources

A semaphore, mutex or channel semaphore kept in a struct field and created
for each instance protects that instance's calls. When its critical
sections use a package-level resource (a device, a client, a map), a
second instance brings a second gate, and the resource is used by both at
once: the gate was scoped to the object, not to the resource.

Not reported: a field bound to a package-level gate (&Adapter{sem:
deviceGate}) or given one by the caller; critical sections that use only
the instance's own state; a resource also guarded by a package-level gate;
a struct with a single instance.

Fix: one package-level gate per resource, and every instance binds to it.

Bad:

	type Adapter struct {
		sem *semaphore.Weighted // reported: per-instance gate around the process-wide gpu
	}
	func NewAdapter() *Adapter { return &Adapter{sem: semaphore.NewWeighted(1)} }

Good:

	var gpuGate = semaphore.NewWeighted(1) // one gate for the one device
	func NewAdapter() *Adapter { return &Adapter{sem: gpuGate} }

Suppress one report with //gatevet:ignore instancegate reason on its line or
the line above (under golangci-lint, //nolint:gatevet works too).`

// candidate is a field gate whose critical sections use a process-wide
// resource.
type candidate struct {
	field *types.Var
	owner *types.Named
	use   gate.Use
}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[gate.Analyzer].(*gate.Result)
	rep := directive.NewReporter(pass, res.Directives)
	cands := candidates(pass, res)
	if len(cands) > 0 {
		sc := scan(res)
		for _, c := range cands {
			if fresh, ok := sc.freshGates(c); ok && sc.instances(res, c.owner) >= 2 {
				rep.Report(diagnose(pass, c, fresh))
			}
		}
	}
	rep.Finish()
	return nil, nil
}

// candidates finds the field gates held, without any package-level gate,
// around uses of package-level resources.
func candidates(pass *analysis.Pass, res *gate.Result) []candidate {
	owners := gate.FieldOwners(pass.Pkg)
	byField := make(map[*types.Var]candidate)
	for _, u := range res.Uses() {
		// A critical section that only reads a process-wide value (a
		// setting) does not use it the way a device is used.
		if !u.Res.Global || !u.Write || heldGlobal(u) {
			continue
		}
		for _, h := range u.Held {
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

func heldGlobal(u gate.Use) bool {
	for _, h := range u.Held {
		if h.Gate.Root == gate.Global {
			return true
		}
	}
	return false
}

// gateField returns the field of one of the package's struct types that
// gate g is, in the terms of u's function.
func gateField(u gate.Use, g gate.Ref, owners map[types.Object]types.Type) (*types.Var, *types.Named) {
	for len(g.Path) > 0 && g.Path[len(g.Path)-1] == gate.Deref {
		g.Path = g.Path[:len(g.Path)-1]
	}
	if len(g.Path) == 0 {
		return nil, nil
	}
	r, ok := gate.ResourceOf(u.Func.Fn, g)
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
	resName := gate.Ref{Root: gate.Global, Pkg: c.use.Res.Obj.Pkg().Path(), Name: c.use.Res.Obj.Name()}.Spell(pkg)
	T := c.owner.Obj().Name()
	gateName := T + "." + c.field.Name()
	msg := fmt.Sprintf("%s is a per-instance gate, but its critical sections use %s, which is process-wide (%s): "+
		"two %ss hold two gates and use %s at once; guard %s with one package-level gate and bind every %s to it",
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
