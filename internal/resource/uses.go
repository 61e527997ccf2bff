package resource

import (
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/naming"
)

// A Use is a touch of a resource in one of the package's functions,
// named as passes group uses.
type Use struct {
	Func *gate.FuncInfo
	// Entry is set when Func is an entry of the package (see
	// Result.Entry): its uses, callees' included, are the package's paths.
	Entry bool
	// Excused is set when only a convention keeps Func out of the
	// entries (see Result.ExcusedEntry).
	Excused bool
	Touch
	Res Resource
}

// Uses returns the package's uses of resources, in every function, with
// the gates held. Reads of a resource that no function writes after
// publication are dropped: a value that never changes after
// initialisation needs no gate.
// Passes run concurrently: the uses are computed once.
func (r *Result) Uses() []Use {
	r.usesOnce.Do(r.findUses)
	return r.uses
}

func (r *Result) findUses() {
	var all []Use
	written := make(map[string]bool)
	replay := gate.Deriving(r.gates, func(fi *gate.FuncInfo) []Touch {
		ts, _ := r.collect(fi, fi.Walk)
		return ts
	})
	touches := func(fn *ssa.Function) []Touch {
		if ts, ok := r.touches[fn]; ok && !r.sums.CutShort(fn) {
			return ts
		}
		ts, _ := replay(fn)
		return ts
	}
	for _, fi := range r.gates.Funcs {
		if beforePublication(fi.Fn) {
			continue
		}
		entry, excused := r.Entry(fi.Fn), r.ExcusedEntry(fi.Fn)
		released := releasedOnEntry(fi)
		var ts []Touch
		for _, t := range touches(fi.Fn) {
			ts = append(ts, spread(fi, t)...)
		}
		for _, t := range ts {
			res, ok := Of(fi, t.Res)
			if !ok && t.Started && t.Res.Root == naming.Local {
				// What the function made and shares with a goroutine
				// it starts: the goroutine's uses run beside the
				// object's methods once the function has returned.
				if rt := fi.RootType(t.Res); rt != nil {
					res, ok = instanceResource(rt, t.Res)
				}
			}
			if !ok {
				continue
			}
			if !t.Write && res.Global && len(t.Res.Path) == 0 && isPointer(res.Obj.Type()) {
				continue // loading the pointer is not using what it points to
			}
			if t.Write && res.Var() && isPointer(res.Obj.Type()) && len(t.Res.Path) > 1 && t.Res.Path[0] == naming.Deref {
				// A write into what a pointer to another package's type
				// points to (s.sessionID, inside that package's method)
				// writes that package's state, which it judges: here
				// it loads the pointer, a read of the variable.
				t.Write = false
			}
			if len(released) > 0 {
				t.Holdings = append(released, t.Holdings...)
			}
			t.Holdings = promoted(fi, t.Holdings)
			all = append(all, Use{Func: fi, Entry: entry, Excused: excused, Touch: t, Res: res})
			if t.Write {
				written[res.Key] = true
			}
			if res.Global && !res.Var() && t.Res.Path[0] == naming.Deref {
				// Through the pointer: a read of the variable too.
				v, _ := globalResource(fi.Fn, t.Res)
				t.Write = false
				all = append(all, Use{Func: fi, Entry: entry, Excused: excused, Touch: t, Res: v})
			}
		}
	}
	r.touches = nil // read once
	r.written = written
	r.uses = slices.Clip(slices.DeleteFunc(all, func(u Use) bool { return !written[u.Res.Key] }))
	r.byInstr = make(map[ssa.Instruction][]int)
	for i, u := range r.uses {
		r.byInstr[u.Instr] = append(r.byInstr[u.Instr], i)
	}
}

// releasedOnEntry returns, as held, the gates fi releases on its
// caller's behalf: an unlock method (func (t *batchTx) Unlock) is entered
// holding the gate it releases.
func releasedOnEntry(fi *gate.FuncInfo) []*gate.Holding {
	var out []*gate.Holding
	for _, r := range fi.Summary.Releases {
		if r.Flag == nil {
			out = append(out, &gate.Holding{GateOp: r.GateOp, Pos: fi.Fn.Pos(), What: "released by " + fi.Fn.Name(), Contract: true})
		}
	}
	return out[:len(out):len(out)]
}

// A GateKey names a held gate relative to a resource it may guard, so
// that the gates held at different uses of one resource compare equal
// when they are the same gate of the resource's instance. It is a
// comparable value, usable as a map key.
type GateKey struct {
	Scope GateScope
	// Name is the gate: a package-level gate's Ref key; a field path
	// ("mu", "locks.mu") of the same instance, or of the enclosing
	// instance.
	Name string
	// Down is, for an enclosing instance's gate, the way down from that
	// instance to the resource's ("inner/hub").
	Down string
}

// GateScope says where a gate lives relative to a resource.
type GateScope uint8

// The scopes of a GateKey.
const (
	PackageGate   GateScope = iota + 1 // a package-level gate
	InstanceGate                       // a gate of the resource's own instance
	EnclosingGate                      // a gate of an instance that holds the resource's
)

// String renders the key for ordering and messages: "g:pkg.mu", ".mu",
// "^inner/hub|mu".
func (k GateKey) String() string {
	switch k.Scope {
	case InstanceGate:
		return "." + k.Name
	case EnclosingGate:
		return "^" + k.Down + "|" + k.Name
	}
	return k.Name
}

// KeyOf names held gate held relative to resource res; ok is false for
// gates of unrelated instances.
func KeyOf(held naming.Ref, res Resource) (key GateKey, ok bool) {
	if held.Root == naming.Global && (res.Var() || held.Pkg != res.Instance.Pkg || held.Name != res.Instance.Name) {
		return GateKey{Scope: PackageGate, Name: plainKey(held)}, true
	}
	if res.Var() || held.Root != res.Instance.Root || held.Index != res.Instance.Index {
		return GateKey{}, false
	}
	inst, gate := plainKey(res.Instance), plainKey(held)
	if strings.HasPrefix(gate, inst+"/") {
		return GateKey{Scope: InstanceGate, Name: strings.ReplaceAll(gate[len(inst)+1:], "/", ".")}, true
	}
	cut := strings.LastIndex(gate, "/")
	if owner := gate[:max(cut, 0)]; cut > 0 && strings.HasPrefix(inst, owner+"/") {
		return GateKey{Scope: EnclosingGate, Down: inst[len(owner)+1:], Name: gate[len(owner)+1:]}, true
	}
	return GateKey{}, false
}

func isPointer(t types.Type) bool {
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}
