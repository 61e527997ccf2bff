package bypass

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/concurrency"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
	"github.com/gatevet/gatevet/internal/resource"
)

// A write under a read lock. The holders of an RWMutex's read lock run
// at the same time, so a write made with only the read lock held races
// with every other holder: another call of the same function, and
// every reader of the resource under that read lock. The lock is the
// resource's guard by the code's own word: some other write of the
// resource holds it write-locked. Not a race: a write that also holds
// a lock of its own that every write of the resource holds, and one
// made inside a sync.Once's function (a lazy initialisation). A reader
// the concurrency model sets apart from the write is not named, nor is
// the write's own function, or a reader, when both hold another lock
// exclusively, or every call of their functions in the package holds
// it around them (resource.Result.CallersHold): that lock serialises
// them.

// A readLocked is a write of a resource made under a read lock only.
type readLocked struct {
	write   resource.Use
	rlock   *gate.Holding  // the read lock held at the write
	written resource.Use   // a write of the resource with the lock write-locked
	readers []resource.Use // uses under the read lock that can run meanwhile
	also    []resource.Use // other fields the same call writes under it
	// serial are the other locks the write holds exclusively, itself or
	// at every call of its function: two runs of its function, and a
	// reader that holds one too, are serialised by it (a DTMF writer's
	// own mutex around its packet writer's call; a profile's lock around
	// every call of its namespace's Validate).
	serial []resource.GateKey
	// lazy is set for a write made only while the location is nil (if
	// x.m == nil { x.m = make(…) }): it races only before the first one.
	// reset is set when the package stores nil there too: the write
	// runs again after each reset, so a sync.Once is no fix for it.
	lazy, reset bool
}

// lazyInit reports whether write u, where its chain ends, is made only
// while the location it writes is nil: a store on that line dominated by
// the nil edge of a test of the same location in the function that
// writes (if x.m == nil { x.m = make(…) }).
func lazyInit(res *gate.Result, fset *token.FileSet, u resource.Use) bool {
	at := fset.Position(resource.Inner(u))
	for _, fi := range res.Funcs {
		syn := fi.Fn.Syntax()
		if syn == nil || fset.Position(syn.Pos()).Filename != at.Filename || resource.Inner(u) < syn.Pos() || resource.Inner(u) >= syn.End() {
			continue
		}
		for _, b := range fi.Fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok || fset.Position(st.Pos()).Line != at.Line {
					continue
				}
				ref, ok := fi.Ref(st.Addr)
				if !ok {
					continue
				}
				for _, t := range fi.Fn.Blocks {
					if e := nilEdge(fi, t, ref.Key()); e != nil && e.Dominates(st.Block()) {
						return true
					}
				}
			}
		}
	}
	return false
}

// storesNil reports whether the package's code stores nil into field
// obj (c.first = nil when the first message expires).
func storesNil(res *gate.Result, obj types.Object) bool {
	for _, fi := range res.Funcs {
		for _, b := range fi.Fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				k, isConst := st.Val.(*ssa.Const)
				fa, isField := st.Addr.(*ssa.FieldAddr)
				if isConst && k.IsNil() && isField && naming.FieldOf(fa) == obj {
					return true
				}
			}
		}
	}
	return false
}

// nilEdge returns the successor block b's If takes when the location of
// key, loaded for the test, is nil, if that edge is the one way into it.
func nilEdge(fi *gate.FuncInfo, b *ssa.BasicBlock, key string) *ssa.BasicBlock {
	t, ok := cfg.TestOf(b)
	if !ok || t.Const == nil || !t.Const.IsNil() || !cfg.Only(t.Equal) {
		return nil
	}
	load, ok := t.Value.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil
	}
	if ref, ok := fi.Ref(load.X); !ok || ref.Key() != key {
		return nil
	}
	return t.Equal
}

// exclusiveOf returns the gates u holds exclusively, but for rlock's.
func exclusiveOf(u resource.Use, rlock *gate.Holding) []resource.GateKey {
	var out []resource.GateKey
	for _, h := range u.Holdings {
		if k, ok := resource.KeyOf(h.Gate, u.Res); ok && h.Mode == known.Exclusive && h.Gate.Key() != rlock.Gate.Key() {
			out = append(out, k)
		}
	}
	return out
}

// serialised reports whether w holds one of the gates keys exclusively,
// itself or at every call of its function (resource.Result.CallersHold).
func serialised(rs *resource.Result, w resource.Use, keys []resource.GateKey) bool {
	if len(keys) == 0 {
		return false
	}
	if slices.ContainsFunc(keys, func(k resource.GateKey) bool { return holdsIn(w, k, known.Exclusive) }) {
		return true
	}
	callers := rs.CallersHold(w)
	return slices.ContainsFunc(keys, func(k resource.GateKey) bool { return slices.Contains(callers, k) })
}

// add records w, a write of another field under the same read lock at
// the same position, once per field, up to maxAlso.
func (rl *readLocked) add(pkg string, w resource.Use) {
	name := resourceName(w, pkg)
	if len(rl.also) >= maxAlso || name == resourceName(rl.write, pkg) ||
		slices.ContainsFunc(rl.also, func(a resource.Use) bool { return resourceName(a, pkg) == name }) {
		return
	}
	rl.also = append(rl.also, w)
}

// readLockedWrites returns the writes among uses, the uses of one
// resource, made holding only the read lock of a lock that guards it.
func readLockedWrites(res *gate.Result, rs *resource.Result, fset *token.FileSet, conc *concurrency.Result, uses []resource.Use) []readLocked {
	var out []readLocked
	for _, u := range uses {
		if !u.Write || ownLock(u, uses) || innerLocked(u) || u.Once != resource.NotOnce {
			continue
		}
		for _, h := range u.Holdings {
			key, ok := resource.KeyOf(h.Gate, u.Res)
			if !ok || h.Mode != known.Shared || holdsIn(u, key, known.Exclusive) {
				continue
			}
			rl := readLocked{write: u, rlock: h, serial: append(exclusiveOf(u, h), rs.CallersHold(u)...)}
			found := false
			for _, w := range uses {
				switch {
				case w.Write && holdsIn(w, key, known.Exclusive):
					if !found {
						rl.written, found = w, true
					}
				case w.Func != u.Func && holdsIn(w, key, known.Shared) && !serialised(rs, w, rl.serial):
					if _, apart := conc.ApartPoints(point(u), point(w)); !apart {
						rl.readers = append(rl.readers, w)
					}
				}
			}
			self := len(rl.serial) == 0 && (u.Started || !concurrency.RunsOnce(u.Func.Fn))
			if found && (len(rl.readers) > 0 || self) {
				rl.lazy = lazyInit(res, fset, u)
				rl.reset = rl.lazy && storesNil(res, u.Res.Obj)
				out = append(out, rl)
				break
			}
		}
	}
	return out
}

// point is where u's use happens, for the concurrency model.
func point(u resource.Use) concurrency.Point {
	return concurrency.Point{Func: u.Func, Instr: u.Instr, Inner: resource.Inner(u), Of: u.Res.Instance, Started: u.Started}
}

// holdsIn reports whether gate key is held at u in mode.
func holdsIn(u resource.Use, key resource.GateKey, mode known.Mode) bool {
	for _, h := range u.Holdings {
		if k, ok := resource.KeyOf(h.Gate, u.Res); ok && k == key && h.Mode == mode {
			return true
		}
	}
	return false
}

// innerLocked reports whether write u, into an object reached through
// the resource (certCache.cache, inside the Cache certCache points to),
// holds that object's own lock exclusively (certCache.mu, taken by the
// Cache's method that writes): the object synchronises itself.
func innerLocked(u resource.Use) bool {
	at := u.Touch.Res
	for _, h := range u.Holdings {
		g := h.Gate
		n := len(g.Path) - 1 // the path to the object the lock is a field of
		if h.Mode != known.Exclusive || g.Root != at.Root || g.Index != at.Index || g.Name != at.Name ||
			n <= len(u.Res.Instance.Path) || n >= len(at.Path) || !slices.Equal(g.Path[:n], at.Path[:n]) {
			continue
		}
		return true
	}
	return false
}

// ownLock reports whether write u holds, exclusively, a lock that every
// write among uses holds too: that lock orders the writes.
func ownLock(u resource.Use, uses []resource.Use) bool {
	for _, h := range u.Holdings {
		k, ok := resource.KeyOf(h.Gate, u.Res)
		if !ok || h.Mode != known.Exclusive {
			continue
		}
		all := true
		for _, w := range uses {
			all = all && (!w.Write || holdsIn(w, k, known.Exclusive))
		}
		if all {
			return true
		}
	}
	return false
}

func diagnoseReadLocked(pass *analysis.Pass, conc *concurrency.Result, rl readLocked) analysis.Diagnostic {
	pkg := pass.Pkg.Path()
	u := rl.write
	resName := resourceName(u, pkg)
	lock := rl.rlock.Gate.Spell(pkg)
	fn := naming.FuncName(u.Func.Fn)
	via := ""
	if len(u.Chain) > 0 {
		via = " through " + gate.ChainText(append([]gate.Hop{{What: u.What}}, u.Chain...), false)
	}
	var races []string
	switch {
	case len(rl.serial) > 0:
		// Two runs of fn are serialised by its other lock.
	case u.Started:
		// On a goroutine fn starts: another one running the same code.
		races = append(races, u.What)
	default:
		races = append(races, fn)
	}
	where := "at " + gate.PosText(pass.Fset, rl.rlock.Pos)
	lockedHere := lock + " read-locked here"
	if rl.rlock.Via {
		where = "inside " + rl.rlock.What + ", called " + where
		lockedHere = lock + " read-locked inside " + rl.rlock.What + ", called here"
	}
	related := []analysis.RelatedInformation{
		{Pos: rl.rlock.Pos, Message: lockedHere},
		accessAt(rl.written, fmt.Sprintf("%s written with %s write-locked in %s", resName, lock, naming.FuncName(rl.written.Func.Fn))),
	}
	for i, r := range byFunc(rl.readers, false, conc.Started) {
		if i == 3 {
			break
		}
		races = append(races, fmt.Sprintf("%s (%s)", naming.FuncName(r.Func.Fn), gate.PosText(pass.Fset, r.Pos)))
		related = append(related, accessAt(r, fmt.Sprintf("%s used under the same read lock in %s", resName, naming.FuncName(r.Func.Fn))))
	}
	related = append(related, pathRelated(u, resName)...)
	also := ""
	for _, a := range rl.also {
		also += "; the same path also writes " + resourceName(a, pkg)
		related = append(related, analysis.RelatedInformation{Pos: resource.Inner(a), Message: resourceName(a, pkg) + " written here under the read lock only"})
	}
	// Not at the write itself: the read lock is held there already.
	when, fix := "", lock+".Lock() instead of the read lock "+where+", or a lock of the written state's own"
	if rl.lazy {
		// A lazy initialisation races only while the field is unset.
		when = " while " + resName + " is still nil"
		if !rl.reset {
			fix += ", or make it in a sync.Once"
		}
	}
	msg := fmt.Sprintf("%s writes %s%s holding only the read lock of %s (read-locked %s), which guards it (%s writes it with %s write-locked): "+
		"read-lock holders run at the same time, so%s this write races whenever another goroutine runs %s meanwhile%s; take %s",
		fn, resName, via, lock, where, naming.FuncName(rl.written.Func.Fn), lock,
		when, orList(races), also, fix)
	return analysis.Diagnostic{Pos: u.Pos, End: u.End, Message: msg, Related: related}
}

// accessAt is a related item on the access u makes: where it is made,
// at the end of its chain of calls, whose first call the message names
// when there is one.
func accessAt(u resource.Use, msg string) analysis.RelatedInformation {
	if in := resource.Inner(u); in != u.Pos {
		return analysis.RelatedInformation{Pos: in, Message: msg + ", through " + u.What}
	}
	return analysis.RelatedInformation{Pos: u.Pos, End: u.End, Message: msg}
}

// orList joins names as "a, b or c".
func orList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
