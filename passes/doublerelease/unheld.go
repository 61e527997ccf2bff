package doublerelease

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/facts"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// An unheld release is a function's release of a mutex it never took,
// on its caller's behalf (Summary.Releases: defer s.mu.Unlock() written
// without the Lock), where no caller can hold it: every call in the
// package comes from a function that neither acquires the mutex nor
// releases it for its own caller, and, for a function other packages
// call, they cannot take it (its name has an unexported step, and no
// function they can call returns holding a mutex of its class).
type unheld struct {
	rel   gate.Event
	sites []ssa.CallInstruction
}

// unheldReleases returns fi's unheld releases.
func unheldReleases(pass *analysis.Pass, res *gate.Result, fi *gate.FuncInfo) []unheld {
	if fi.Summary == nil {
		return nil
	}
	var out []unheld
	for _, r := range fi.Summary.Releases {
		if r.Flag != nil || r.Kind != known.Mutex && r.Kind != known.RWMutex {
			continue
		}
		rel, ok := ownRelease(fi, r.Gate.Key())
		if !ok || acquires(fi, r.Gate.Key()) {
			continue
		}
		if handsOnHeld(res, fi, r.Gate) {
			continue
		}
		if sites, ok := noCallerHolds(pass, res, fi, r.Gate, 0); ok {
			out = append(out, unheld{rel: rel, sites: sites})
		}
	}
	return out
}

// maxUnheldDepth bounds how far up the callers a release on a caller's
// behalf is followed.
const maxUnheldDepth = 3

// noCallerHolds reports whether no caller of fi can hold its gate g when
// it calls, and returns fi's calls in the package: all its callers are
// known (but for other packages', when they cannot take g), and each is
// a plain call from a function that acquires neither g nor a gate of its
// class under another name (which may be g), and either does not
// release it either or releases it only on behalf of callers that
// cannot hold it in turn.
func noCallerHolds(pass *analysis.Pass, res *gate.Result, fi *gate.FuncInfo, g naming.Ref, depth int) (sites []ssa.CallInstruction, ok bool) {
	fn := fi.Fn
	if depth > maxUnheldDepth || fn.Object() == nil || fn.Parent() != nil || res.Escapes(fn) ||
		fn.Signature.Recv() != nil && res.Invoked(fn.Name()) {
		return nil, false
	}
	_, exported := facts.Exported(pass, fn)
	if exported && res.Takeable(pass, fi, g) {
		return nil, false
	}
	sites = res.CallSites(fn)
	if len(sites) == 0 && !exported {
		return nil, false
	}
	for _, call := range sites {
		caller := res.Info(call.Parent())
		cal, resolved := naming.Resolve(call.Common())
		if _, plain := call.(*ssa.Call); !plain || caller == nil || !resolved || caller.Summary == nil {
			return nil, false
		}
		r, named := caller.Translate(g, cal)
		if !named {
			return nil, false
		}
		key := r.Key()
		if acquires(caller, key) || acquiresClassOf(caller, r) {
			return nil, false
		}
		for _, rel := range caller.Summary.Releases {
			if rel.Gate.Key() != key {
				continue
			}
			if _, ok := noCallerHolds(pass, res, caller, r, depth+1); !ok {
				return nil, false
			}
		}
	}
	return sites, true
}

// handsOnHeld reports whether a function of the package other than fi
// may return holding a mutex of g's class, acquired on its way: a
// Begin that locks and returns the lock held on success, for the
// Complete that unlocks it. A caller may then hold g through a value
// the model does not follow to the release.
func handsOnHeld(res *gate.Result, fi *gate.FuncInfo, g naming.Ref) bool {
	class, ok := fi.Class(g)
	if !ok {
		return true
	}
	for _, other := range res.Funcs {
		ofClass := func(op gate.GateOp) bool {
			c, ok := other.Class(op.Gate)
			return ok && c == class && (op.Kind == known.Mutex || op.Kind == known.RWMutex)
		}
		if other != fi && other.MayReturnHolding(ofClass) {
			return true
		}
	}
	return false
}

// acquires reports whether fi acquires the gate key, itself or in a
// callee.
func acquires(fi *gate.FuncInfo, key string) bool {
	for _, e := range fi.Events() {
		if e.Op == known.Acquire && e.Gate.Key() == key {
			return true
		}
	}
	return false
}

// acquiresClassOf reports whether fi acquires, itself or in a callee, a
// gate of r's class under another name: t.mu, where the release names
// t.pending[id].owner.mu, which may be the same lock.
func acquiresClassOf(fi *gate.FuncInfo, r naming.Ref) bool {
	class, ok := fi.Class(r)
	if !ok {
		return false
	}
	for _, e := range fi.Events() {
		if c, ok := fi.Class(e.Gate); ok && e.Op == known.Acquire && c == class {
			return true
		}
	}
	return false
}

// ownRelease returns the release of the gate key that fi makes itself.
func ownRelease(fi *gate.FuncInfo, key string) (gate.Event, bool) {
	for _, e := range fi.Events() {
		if e.Op == known.Release && !e.Via && e.Gate.Key() == key {
			return e, true
		}
	}
	return gate.Event{}, false
}

// diagnoseUnheld says that u releases a mutex no caller holds.
func diagnoseUnheld(pass *analysis.Pass, fi *gate.FuncInfo, u unheld) analysis.Diagnostic {
	pkg := pass.Pkg.Path()
	name, fname := u.rel.Gate.Spell(pkg), naming.CalleeName(fi.Fn, pkg)
	how := "releases"
	if u.rel.Deferred {
		how = "defers the release of"
	}
	why := fmt.Sprintf("none of its callers (%d call sites) acquires it", len(u.sites))
	if len(u.sites) == 0 {
		why = "other packages cannot take it, and nothing here calls " + fname
	}
	d := analysis.Diagnostic{
		Pos: u.rel.Pos, End: u.rel.End,
		Message: fmt.Sprintf("%s %s %s, which it never acquired, and no caller holds it: %s; "+
			"unlocking an unlocked mutex is a fatal error that no recover catches; acquire %s first, or remove the release",
			fname, how, name, why, name),
	}
	if len(u.sites) == 0 {
		if pos := declared(fi, u.rel.Gate); pos.IsValid() {
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: pos,
				Message: name + " is declared here, where only this package can take it"})
		}
	}
	for i, call := range u.sites {
		if i == 3 {
			break
		}
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: call.Pos(),
			Message: fmt.Sprintf("called here by %s, which does not hold %s", naming.CalleeName(call.Parent(), pkg), name)})
	}
	return d
}

// declared returns the position of the field that gate r ends in, as
// fi sees it; NoPos when r ends in no field.
func declared(fi *gate.FuncInfo, r naming.Ref) token.Pos {
	t := fi.RootType(r)
	if t == nil {
		return token.NoPos
	}
	pos := token.NoPos
	for s := range r.Steps(t) {
		if v, ok := s.Obj.(*types.Var); ok {
			pos = v.Pos()
		}
	}
	return pos
}
