package bypass

import (
	"cmp"
	_ "embed"
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/concurrency"
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

// Analyzer is the bypass pass.
var Analyzer = gatepass.New("bypass", doc, run, resource.Analyzer, concurrency.Analyzer)

// inferFields is the -bypass.fields flag: also report fields of
// instances whose guard is inferred, not annotated. It is off by default:
// on real code only 2 of its first 9 reports were true, and 1 of 3
// issues since (docs/realworld.md), because whether two methods can run
// at once often depends on which goroutine calls them, or on a lock
// their callers hold in another package, and neither is in the
// package's code.
var inferFields bool

func init() {
	Analyzer.Flags.BoolVar(&inferFields, "fields", false,
		"also report struct fields whose guard is inferred from how the package uses them (annotated fields and package-level variables are always reported); off by default, see docs/realworld.md")
}

// minGuarded is the evidence a guard needs without an annotation: this
// many entries that hold it around a use (lockSite), and twice as many
// as unguarded ones.
const minGuarded = 2

func run(pass *analysis.Pass, res *gate.Result, rep *directive.Reporter) {
	rs := pass.ResultOf[resource.Analyzer].(*resource.Result)
	conc := pass.ResultOf[concurrency.Analyzer].(*concurrency.Result)
	byRes := make(map[string][]resource.Use)
	byFunc := make(map[*gate.FuncInfo][]resource.Use)
	var keys []string
	for _, u := range rs.Uses() {
		// An annotation is a contract: the conventions that excuse a
		// function from inference (a lifecycle name, a doc phrase) do
		// not excuse it from the annotation.
		entry := u.Entry || (u.Excused && rs.GuardedBy(u.Res) != nil)
		if !entry || !mine(pass, rs, u) {
			continue
		}
		if _, seen := byRes[u.Res.Key]; !seen {
			keys = append(keys, u.Res.Key)
		}
		byRes[u.Res.Key] = append(byRes[u.Res.Key], u)
		byFunc[u.Func] = append(byFunc[u.Func], u)
	}
	// In the order of the code: of the fields of one object, the report
	// names the first the path touches.
	slices.SortFunc(keys, func(a, b string) int {
		return cmp.Or(cmp.Compare(resource.Inner(byRes[a][0]), resource.Inner(byRes[b][0])), strings.Compare(a, b))
	})
	// One report per entry and object (the instance whose fields, or
	// the variable whose object's fields, it uses), at its first write
	// if any: the fields an entry reaches on one path are one issue.
	type site struct {
		fn  *gate.FuncInfo
		res string
	}
	reported := make(map[site]bool)
	// The access a report's path ends at, when in a callee: reached
	// from another entry, it is named in the first's report.
	type access struct {
		at    token.Pos
		res   string
		write bool
		held  string // the gates held there, for the same story
	}
	byAccess := make(map[access]*race)
	// The report of a site, held until every field is seen: the other
	// fields the same path races on are named in it too, so that a
	// reader who finds the first one harmless sees the rest.
	pending := make(map[site]*race)
	var order []site
	// One report per write under a read lock, however many entries
	// reach it, and per position and read lock: the fields one call
	// writes under the read lock are one issue, named in one report.
	type readSite struct {
		write token.Pos
		res   string
	}
	type readAt struct {
		at   token.Pos
		lock string
	}
	readReported := make(map[readSite]bool)
	readPending := make(map[readAt]*readLocked)
	var readOrder []readAt
	swapped := swappedUnder(keys, byRes)
	byType := make(map[string][]resource.Use)
	byVar := make(map[string][]resource.Use) // the fields of a package-level variable's object
	for _, k := range keys {
		switch u := byRes[k][0]; {
		case !u.Res.Global:
			byType[ownerKey(u.Res)] = append(byType[ownerKey(u.Res)], byRes[k]...)
		case !u.Res.Var():
			byVar[u.Res.Object()] = append(byVar[u.Res.Object()], byRes[k]...)
		}
	}
	for _, k := range keys {
		uses := byRes[k]
		for _, rl := range readLockedWrites(res, rs, pass.Fset, conc, uses) {
			if w := (readSite{resource.Inner(rl.write), k}); readReported[w] {
				continue
			}
			readReported[readSite{resource.Inner(rl.write), k}] = true
			reported[site{rl.write.Func, rl.write.Res.Object()}] = true
			at := readAt{rl.write.Pos, rl.rlock.Gate.Key()}
			if first := readPending[at]; first != nil {
				first.add(pass.Pkg.Path(), rl.write)
				continue
			}
			readPending[at] = &rl
			readOrder = append(readOrder, at)
		}
		if !inferFields && !uses[0].Res.Global && rs.GuardedBy(uses[0].Res) == nil {
			continue
		}
		var kin []resource.Use
		if u := uses[0]; u.Res.Global && !u.Res.Var() {
			kin = byVar[u.Res.Object()]
		}
		g, guarded := guardOf(res, rs, conc, uses, kin, byFunc)
		if g == (resource.GateKey{}) {
			continue
		}
		if !uses[0].Res.Global && rs.GuardedBy(uses[0].Res) == nil && !disciplined(byType[ownerKey(uses[0].Res)], g) {
			continue
		}
		sort.SliceStable(uses, func(i, j int) bool { return uses[i].Write && !uses[j].Write })
		// A function that holds the gate for some uses of the resource
		// and not for others chose so: it is the writer reading its own
		// writes, or it unlocks before a use it knows is safe.
		mixed := make(map[*gate.FuncInfo]bool)
		for _, u := range guarded {
			mixed[u.Func] = true
		}
		for _, u := range uses {
			mixed[u.Func] = mixed[u.Func] || swapped[objectUse{u.Func, u.Res.Object(), g}]
		}
		for _, u := range uses {
			if u.Res.Instance.Root == naming.Local {
				// A goroutine's use of an object its starter made is
				// evidence of the discipline, not reported: the object
				// is named from the outside, as the instance of the
				// struct it embeds others in, and its gates' names need
				// not match those its embedded types' methods give.
				continue
			}
			annotated := rs.GuardedBy(u.Res) != nil
			if !reaches(u, g) {
				continue
			}
			if holds(u, g) || protected(u, g, uses) || throughEntry(res, rs, u, byFunc) || mixed[u.Func] || (!annotated && setup(byFunc[u.Func], u)) {
				continue
			}
			meets, races := meeting(conc, u, guarded)
			if !races {
				continue
			}
			var shown concurrency.Reason
			if !annotated && !u.Res.Global {
				// An inferred guard of a field: the package's code must
				// show the two sides running at once.
				var ok bool
				if shown, ok = together(conc, pass.Pkg, u, meets); !ok {
					continue
				}
			}
			s := site{u.Func, u.Res.Object()}
			r := race{u: u, gate: g, meets: meets, shown: shown}
			a := access{resource.Inner(u), k, u.Write, heldText(u)}
			if first := byAccess[a]; first != nil && a.at != u.Pos && !rep.Hides(u.Pos) {
				// One access in a callee, reached from several entries
				// (each wrapper of a method that reads unlocked): one
				// report, at the first entry shown, naming the others
				// shown (an ignored one keeps its own, suppressed).
				first.from = append(first.from, u)
				continue
			}
			switch first := pending[s]; {
			case !reported[s]:
				reported[s] = true
				pending[s] = &r
				order = append(order, s)
				if !rep.Hides(u.Pos) {
					byAccess[a] = &r
				}
			case first != nil:
				first.add(pass.Pkg.Path(), r)
			}
		}
	}
	for _, at := range readOrder {
		rep.Latent(diagnoseReadLocked(pass, conc, *readPending[at]))
	}
	for _, s := range order {
		rep.Latent(diagnose(pass, conc, *pending[s]))
	}
}

// A race is a use u of a resource without its gate, with the guarded
// uses it meets; also are the other fields of the same object that the
// same path uses so (the report names them too).
type race struct {
	u     resource.Use
	gate  resource.GateKey
	meets []resource.Use
	also  []race
	shown concurrency.Reason // why the two sides run at once, for an inferred field guard
	from  []resource.Use     // the same access in a callee, reached from other entries
}

// maxAlso bounds how many other fields one report names.
const maxAlso = 3

// add records o, a race on another field of r's object on the same
// path, once per field, up to maxAlso.
func (r *race) add(pkg string, o race) {
	name := resourceName(o.u, pkg)
	if len(r.also) >= maxAlso || name == resourceName(r.u, pkg) {
		return
	}
	for _, a := range r.also {
		if resourceName(a.u, pkg) == name {
			return
		}
	}
	r.also = append(r.also, o)
}

// An inferred guard of a field must be its type's discipline, not a lock
// the type takes for one purpose beside state it otherwise keeps on one
// goroutine (tikv's MemDB, whose RWMutex "only used to ensure" that a
// snapshot getter does not race with Set and Delete, while Reset and the
// getters touch the same fields unlocked): when some function writes the
// fields the guard is held for anywhere holding no gate of the instance
// at all, at least as many functions hold the guard for them as use them
// that way. A type whose getters forgot the lock passes; one that also
// writes unlocked, and locks in few of its many methods, does not.
func disciplined(uses []resource.Use, g resource.GateKey) bool {
	locked := make(map[*gate.FuncInfo]bool)
	domain := make(map[string]bool) // the fields some function uses under g
	for _, u := range uses {
		if holds(u, g) {
			locked[u.Func] = true
			domain[u.Res.Key] = true
		}
	}
	bare := make(map[*gate.FuncInfo]bool)
	bareWrite := false
	for _, u := range uses {
		if domain[u.Res.Key] && !holds(u, g) && !holdsInstanceGate(u) {
			bare[u.Func] = true
			bareWrite = bareWrite || u.Write
		}
	}
	if !bareWrite {
		return true // getters that forgot the lock: the type's discipline is the lock
	}
	n := 0
	for fn := range bare {
		if !locked[fn] {
			n++
		}
	}
	return len(locked) >= n
}

// holdsInstanceGate reports whether u holds a gate of its resource's
// instance, or of one enclosing it.
func holdsInstanceGate(u resource.Use) bool {
	for _, h := range u.Holdings {
		if k, ok := resource.KeyOf(h.Gate, u.Res); ok && k.Scope != resource.PackageGate && h.Kind != known.Claim {
			return true
		}
	}
	return false
}

// ownerKey names the type whose field res is: its key without the field.
func ownerKey(res resource.Resource) string {
	k := strings.TrimSuffix(res.Key, "[]")
	return k[:max(strings.LastIndex(k, "."), 0)]
}

// An objectUse is a function's guarded use of a package-level pointer
// itself, under gate g.
type objectUse struct {
	fn  *gate.FuncInfo
	obj string
	g   resource.GateKey
}

// swappedUnder returns the functions that use a package-level pointer
// itself with a gate held (the pointer swapped, or loaded, under the
// lock): the same choice as a mixed use of one resource covers their
// unguarded uses of the pointed object's fields under that gate, which
// read an object they loaded under the lock (old := cur; cur = next;
// unlock; old.logger.Info(…)).
func swappedUnder(keys []string, byRes map[string][]resource.Use) map[objectUse]bool {
	out := make(map[objectUse]bool)
	for _, k := range keys {
		for _, u := range byRes[k] {
			if !u.Res.Var() {
				break
			}
			for _, h := range u.Holdings {
				if g, ok := resource.KeyOf(h.Gate, u.Res); ok {
					out[objectUse{u.Func, u.Res.Object(), g}] = true
				}
			}
		}
	}
	return out
}

// meeting returns the guarded uses that can run at the same time as u,
// on the same instance, as far as the concurrency model knows (not
// after the wait for the end of the other's goroutine), and whether one
// of them conflicts with u: one of the two writes.
func meeting(conc *concurrency.Result, u resource.Use, guarded []resource.Use) (meets []resource.Use, races bool) {
	for _, g := range guarded {
		if _, ok := conc.ApartPoints(point(u), point(g)); !ok {
			meets = append(meets, g)
			races = races || u.Write || g.Write
		}
	}
	return meets, races
}

// together returns why the package's code runs u at the same time as
// one of the guarded uses it meets and conflicts with (see
// concurrency.Together); ok is false when it shows no such pair.
func together(conc *concurrency.Result, pkg *types.Package, u resource.Use, meets []resource.Use) (concurrency.Reason, bool) {
	owners := u.Res.Owners(pkg)
	for _, g := range meets {
		if !u.Write && !g.Write {
			continue
		}
		if why, ok := conc.Together(concurrency.Side{Func: u.Func, Started: u.Started}, concurrency.Side{Func: g.Func, Started: g.Started}, owners); ok {
			return why, true
		}
	}
	return concurrency.Reason{}, false
}

// mine reports whether this package decides about u's resource: its
// own package-level variables, fields of its own types used through a
// method's receiver (or a closure's captured value), and anything
// annotated. Other packages' types are judged where they are declared;
// a function that sets up another value through a parameter is, as
// often as not, working before that value is shared.
func mine(pass *analysis.Pass, rs *resource.Result, u resource.Use) bool {
	if rs.GuardedBy(u.Res) != nil {
		return true
	}
	if u.Res.Obj.Pkg() != pass.Pkg {
		return false
	}
	if u.Res.Global {
		return true
	}
	if u.Started {
		// On a goroutine the function starts, the object is shared
		// with it: whatever the function made, the goroutine runs
		// beside the object's methods once the function returns.
		return true
	}
	switch u.Res.Instance.Root {
	case naming.FreeVar:
		return true
	case naming.Param:
		return u.Res.Instance.Index == 0 && u.Func.Fn.Signature.Recv() != nil
	}
	return false
}

// protected reports whether u holds another gate that every guarded
// write holds as well: readers under an outer lock that all writers
// take too are safe without the inner one.
func protected(u resource.Use, g resource.GateKey, uses []resource.Use) bool {
	for _, h := range u.Holdings {
		k, ok := resource.KeyOf(h.Gate, u.Res)
		if !ok {
			continue
		}
		all, any := true, false
		for _, w := range uses {
			if w.Write && holds(w, g) {
				any = true
				all = all && holds(w, k)
			}
		}
		if any && all {
			return true
		}
	}
	return false
}

// setup reports whether u's function writes another field of the same
// instance with no gate held at all: lifecycle code (a setter called
// before the value is shared, a Close after the workers stopped) that
// runs in a phase of its own, where the lock discipline does not apply.
func setup(fnUses []resource.Use, u resource.Use) bool {
	if u.Res.Global {
		// Assigning the variable itself, with nothing held, installs it.
		return u.Write && !locked(u) && len(u.Touch.Res.Path) == 0 && !isFunc(u.Res)
	}
	for _, w := range fnUses {
		if w.Write && !locked(w) && !w.Res.Global && w.Res.Key != u.Res.Key && w.Res.Instance.Key() == u.Res.Instance.Key() {
			return true
		}
	}
	return false
}

// locked reports whether u holds a gate: an atomic claim (a Close that
// runs once) is no lock discipline.
func locked(u resource.Use) bool {
	for _, h := range u.Holdings {
		if h.Kind != known.Claim {
			return true
		}
	}
	return false
}

// throughEntry reports whether u goes through a call of another entry
// of the package that uses the same resource itself, where the use is
// reported on its own. A method of the device (gpu.Infer()) uses its
// receiver's fields, not the package-level gpu: that use stays here.
func throughEntry(res *gate.Result, rs *resource.Result, u resource.Use, byFunc map[*gate.FuncInfo][]resource.Use) bool {
	call, ok := u.Instr.(ssa.CallInstruction)
	if !ok || len(u.Chain) == 0 {
		return false
	}
	callee := call.Common().StaticCallee()
	if callee == nil || callee.Pkg != u.Func.Fn.Pkg || !rs.Entry(callee) {
		return false
	}
	for _, cu := range byFunc[res.Info(callee)] {
		if cu.Res.Key == u.Res.Key {
			return true
		}
	}
	return false
}

// guardOf returns the gate key guarding the resource of uses, and its
// guarded uses; the zero GateKey when there is none. A guard is inferred
// only from gates that exclude (gate.Result.Excludes): not from a
// counting semaphore with permits to spare. For a field of what a
// package-level variable holds, kin are the uses of all that object's
// fields: the entries that lock around any of them show the variable's
// discipline (mu protects the rest of logging). The field must still be
// written under the gate somewhere, or be used under it itself while
// the object's other fields are written under it.
func guardOf(res *gate.Result, rs *resource.Result, conc *concurrency.Result, uses, kin []resource.Use, byFunc map[*gate.FuncInfo][]resource.Use) (resource.GateKey, []resource.Use) {
	if ann := rs.GuardedBy(uses[0].Res); ann != nil {
		key := resource.GateKey{Scope: resource.InstanceGate, Name: strings.Join(ann.Sibling, ".")}
		if ann.Global != nil {
			key, _ = resource.KeyOf(*ann.Global, uses[0].Res)
		}
		return key, guardedBy(uses, key)
	}
	// Count entries, not uses: one function touching a field ten times
	// is one piece of evidence, and so is an entry that takes the lock
	// around its use however many other entries reach it (lockSite).
	guardedFns := make(map[resource.GateKey]map[*gate.FuncInfo]bool)
	sites := make(map[resource.GateKey]map[*ssa.Function]bool)
	if len(kin) == 0 {
		kin = uses
	}
	for _, u := range kin {
		for _, h := range u.Holdings {
			if h.Kind == known.Claim || !res.Excludes(h.GateOp) {
				// An atomic claim keeps its sections apart (see
				// protected) but is not held around a use as a lock is.
				continue
			}
			if k, ok := resource.KeyOf(h.Gate, u.Res); ok && !linked(h.Gate, u.Res) {
				if guardedFns[k] == nil {
					guardedFns[k] = make(map[*gate.FuncInfo]bool)
					sites[k] = make(map[*ssa.Function]bool)
				}
				if u.Res.Key == uses[0].Res.Key {
					guardedFns[k][u.Func] = true
				}
				sites[k][lockSite(res, rs, conc, u, h, k, byFunc)] = true
			}
		}
	}
	var best resource.GateKey
	n := 0
	for k, fns := range sites {
		// A gate of an enclosing instance names the instance by the way
		// down to it, which differs from path to path: it may protect
		// (see protected) but is never inferred as the guard.
		if k.Scope == resource.EnclosingGate {
			continue
		}
		if len(fns) > n || (len(fns) == n && k.String() < best.String()) {
			best, n = k, len(fns)
		}
	}
	// The guard is written under: this field, or, for a field of a
	// package-level variable's object that is itself used under it,
	// the object (a counter only read under the lock that every other
	// field is written under, and bumped without it).
	written := anyWrite(uses, best) || len(kin) > len(uses) && len(guardedFns[best]) > 0 && anyWrite(kin, best)
	if n < minGuarded || !written {
		return resource.GateKey{}, nil
	}
	// Functions that hold the gate for some uses and not others chose
	// so (see mixed in run): they are no evidence against the guard.
	unguarded := make(map[*gate.FuncInfo]bool)
	for _, u := range uses {
		if !holds(u, best) && !guardedFns[best][u.Func] && !setup(byFunc[u.Func], u) {
			unguarded[u.Func] = true
		}
	}
	if len(unguarded) == 0 || n < 2*len(unguarded) {
		return resource.GateKey{}, nil
	}
	// A field is an instance's own: the shape of the bug is the one
	// method that forgot the lock. Several unlocked methods mean a
	// discipline this package does not follow for the field (a
	// single-goroutine phase, a documented order).
	if !uses[0].Res.Global && len(unguarded) > 1 {
		return resource.GateKey{}, nil
	}
	return best, guardedBy(uses, best)
}

// lockSite returns the function whose evidence u, holding h (a gate of
// key k), is: its entry's, unless u reaches, through a call that takes
// the gate inside (Via), an access that another entry of the package
// makes with the gate taken around it itself. That entry is where the
// lock is taken (a block's Delete, also run by the database's DeleteAll
// on a goroutine per block): one piece of evidence, however many
// entries reach it. A package-level variable is shared by every entry:
// each that locks around it shows its discipline.
func lockSite(res *gate.Result, rs *resource.Result, conc *concurrency.Result, u resource.Use, h *gate.Holding, k resource.GateKey, byFunc map[*gate.FuncInfo][]resource.Use) *ssa.Function {
	if !h.Via || u.Res.Global {
		return u.Func.Fn
	}
	at := resource.Inner(u)
	f := conc.FuncAt(at)
	if f == nil || f == u.Func.Fn || !rs.Entry(f) {
		return u.Func.Fn
	}
	for _, cu := range byFunc[res.Info(f)] {
		if cu.Pos != at {
			continue
		}
		for _, ch := range cu.Holdings {
			if ck, ok := resource.KeyOf(ch.Gate, cu.Res); ok && ck == k && !ch.Via {
				return f
			}
		}
	}
	return u.Func.Fn
}

// pathRelated returns the related positions of u's path into its
// callees: the calls it goes on through, then the access it ends at,
// named as the access it is (name written here, name read here), not
// as one more call.
func pathRelated(u resource.Use, name string) []analysis.RelatedInformation {
	n := len(u.Chain)
	if n == 0 {
		return nil
	}
	out := gate.ChainRelated(u.Chain[:n-1], "the path goes on through ")
	if last := u.Chain[n-1]; last.Pos().IsValid() {
		how := " read here"
		if u.Write {
			how = " written here"
		}
		out = append(out, analysis.RelatedInformation{Pos: last.Pos(), Message: name + how + ", where the path ends"})
	}
	return out
}

// linked reports whether gate g, of the resource's instance or reached
// from it, is a lock of another object the instance points to (c.p.mu
// for a field of c): that object's lock guards its own state, and a
// field of the instance written under it is so incidentally. It may
// protect (see protected), but it is no inferred guard.
func linked(g naming.Ref, res resource.Resource) bool {
	if res.Var() || len(g.Path) <= len(res.Instance.Path) {
		return false
	}
	return slices.Contains(g.Path[len(res.Instance.Path):len(g.Path)-1], naming.Deref)
}

// anyWrite reports whether some use writes the resource holding key
// exclusively: a lock that only readers take guards nothing.
func anyWrite(uses []resource.Use, key resource.GateKey) bool {
	for _, u := range uses {
		if u.Write && holdsExclusive(u, key) {
			return true
		}
	}
	return false
}

// holdsExclusive reports whether u holds key in a mode that excludes
// every other holder: a write made holding only a read lock (certCacheMu
// read-locked to read the cache, around a field's write) is not
// serialised by it with anything but the lock's writers.
func holdsExclusive(u resource.Use, key resource.GateKey) bool {
	for _, h := range u.Holdings {
		if k, ok := resource.KeyOf(h.Gate, u.Res); ok && k == key && h.Mode != known.Shared {
			return true
		}
	}
	return false
}

func guardedBy(uses []resource.Use, key resource.GateKey) []resource.Use {
	var out []resource.Use
	for _, u := range uses {
		if holds(u, key) {
			out = append(out, u)
		}
	}
	return out
}

// reaches reports whether u's instance has the gate key names, when key
// is a gate of the resource's own instance: a struct embedded by value
// is part of its owner's instance, but a use of a value of the embedded
// type on its own (an event copied out of the transaction that embeds
// it, Snapshot's new(Event)) is no owner's, and the owner's lock, which
// that type lacks, cannot guard it.
func reaches(u resource.Use, key resource.GateKey) bool {
	if key.Scope != resource.InstanceGate {
		return true
	}
	t := u.Func.TypeOf(u.Res.Instance)
	if t == nil {
		return true
	}
	for _, step := range strings.Split(key.Name, ".") {
		if !token.IsIdentifier(step) {
			return true // an element's gate, or one the types do not spell
		}
		f := known.PromotedField(t, step)
		if f == nil {
			return false
		}
		t = f.Type()
	}
	return true
}

// holds reports whether gate key is held at u.
func holds(u resource.Use, key resource.GateKey) bool {
	for _, h := range u.Holdings {
		if k, ok := resource.KeyOf(h.Gate, u.Res); ok && k == key {
			return true
		}
	}
	return false
}

func diagnose(pass *analysis.Pass, conc *concurrency.Result, r race) analysis.Diagnostic {
	u, key, guarded := r.u, r.gate, r.meets
	pkg := pass.Pkg.Path()
	resName := resourceName(u, pkg)
	gateName := gateName(key, u, guarded, pkg)
	access := accessOf(u)
	via := ""
	if len(u.Chain) > 0 {
		via = " through " + gate.ChainText(append([]gate.Hop{{What: u.What}}, u.Chain...), false)
	}
	var related []analysis.RelatedInformation
	var where []string
	shown := byFunc(guarded, !u.Write, conc.Started)
	if writers := slices.DeleteFunc(slices.Clone(shown), func(g resource.Use) bool { return !g.Write }); !u.Write && len(writers) > 0 {
		// A read races only with writes: the functions named are those
		// that write it under the guard.
		shown = writers
	}
	shown = shown[:min(len(shown), 3)]
	names := funcNames(shown, pkg)
	innerFn, innerAt, inside := heldInside(conc, shown, key, pkg)
	for i, g := range shown {
		where = append(where, names[i])
		used := usedOf(g)
		// The other access itself, where the path reaches it, with the
		// call that leads there in the message; but the call, where the
		// gate is held, when both paths reach one access (a method both
		// call).
		heldIn, reached := names[i], ", reached"
		if inside {
			heldIn, reached = innerFn+", reached from "+names[i], ""
		}
		rel := analysis.RelatedInformation{Pos: g.Pos, End: g.End,
			Message: fmt.Sprintf("%s %s with %s held in %s", resourceName(g, pkg), used, gateName, heldIn)}
		if at := resource.Inner(g); at != g.Pos && at != resource.Inner(u) {
			rel.Pos, rel.End = at, token.NoPos
			rel.Message += reached + " by the call at " + gate.PosText(pass.Fset, g.Pos)
		}
		related = append(related, rel)
	}
	related = append(related, pathRelated(u, resourceName(u, pkg))...)
	evidence := "which is annotated //gatevet:guardedby"
	if len(where) > 0 {
		evidence = fmt.Sprintf("which guards it in %s", strings.Join(where, ", "))
	}
	switch {
	case inside && innerAt == resource.Inner(u):
		// This very access, reached from functions that lock first.
		evidence = fmt.Sprintf("which is held around this same %s when %s reach it", noun(u), orList(where))
	case inside:
		// The functions named do not take the gate: a callee they reach
		// does, around the one access they share.
		evidence = fmt.Sprintf("which is held where %s %s it (%s), reached from %s",
			innerFn, accessOf(shown[0]), gate.PosText(pass.Fset, innerAt), strings.Join(where, ", "))
	}
	also, alsoRelated := alsoRaces(conc, r.also, pkg)
	related = append(related, alsoRelated...)
	who := naming.FuncName(u.Func.Fn)
	if u.Started {
		who = "the goroutine " + who + " starts"
	}
	without, fix := "without holding "+gateName, "hold "+gateName+" around the use"
	if at := resource.Inner(u); len(u.Chain) > 0 && at != u.Pos {
		// Around the call, the lock would deadlock a callee that takes
		// it; around the access, a caller of that callee that holds it.
		inner := "the callee"
		if f := conc.FuncAt(at); f != nil {
			inner = naming.CalleeName(f, pkg)
		}
		fix = fmt.Sprintf("hold %s around the %s in %s (%s) when no caller of it holds %s there, or around the call here when nothing it calls takes %s",
			gateName, noun(u), inner, gate.PosText(pass.Fset, at), gateName, gateName)
		if inside && innerAt == at {
			// The other paths reach this very access holding the gate,
			// taken outside inner: taking it inside would deadlock them.
			fix = fmt.Sprintf("hold %s around the call here, as the paths that reach this %s with it do (taking it inside %s would deadlock them)",
				gateName, noun(u), inner)
		}
	}
	if held, inst, ok := elsewhere(u, key); ok {
		// The use holds the guard's lock of another instance of the
		// same type: the same lock only when the two are one object.
		without = fmt.Sprintf("holding %s, which is %s only when %s is %s", held.Spell(pkg), gateName, inst.Spell(pkg), u.Res.Instance.Spell(pkg))
	} else if other := otherLock(u, key, pkg); other != "" {
		// The use is locked, by a lock that does not exclude the guard's
		// holders: one of the two sides took the wrong lock.
		without = fmt.Sprintf("holding %s but not %s", other, gateName)
		fix = fmt.Sprintf("hold %s around the use, or make every access take the same one of %s and %s", gateName, other, gateName)
	}
	meanwhile := "when one of them runs on another goroutine meanwhile, this path races with it"
	if r.shown.Pos.IsValid() {
		// The type's word that its values are used concurrently, or
		// the go statement that runs one side beside its starter's
		// callers; a use on a goroutine the entry starts says so itself.
		meanwhile = r.shown.What + ", so " + meanwhile
		related = append(related, analysis.RelatedInformation{Pos: r.shown.Pos, Message: r.shown.What})
	}
	from, fromRelated := reachedFrom(r.from, pkg)
	related = append(related, fromRelated...)
	msg := fmt.Sprintf("%s %s %s%s %s, %s: %s%s%s; %s",
		who, access, resName, via, without, evidence, meanwhile, also, from, fix)
	return analysis.Diagnostic{Pos: u.Pos, End: u.End, Message: msg, Related: related}
}

// heldText names the gates u holds, in order.
func heldText(u resource.Use) string {
	var keys []string
	for _, h := range u.Holdings {
		keys = append(keys, h.Gate.Key())
	}
	slices.Sort(keys)
	return strings.Join(keys, ",")
}

// maxFrom bounds how many other entries one report names.
const maxFrom = 3

// reachedFrom says which other entries reach the same access, each with
// its call as a related position.
func reachedFrom(from []resource.Use, pkg string) (string, []analysis.RelatedInformation) {
	var names []string
	var related []analysis.RelatedInformation
	for _, u := range from {
		name := naming.FuncName(u.Func.Fn)
		if u.Started {
			name = "the goroutine " + name + " starts"
		}
		if slices.Contains(names, name) {
			continue
		}
		if len(names) == maxFrom {
			names = append(names, "others")
			break
		}
		names = append(names, name)
		related = append(related, analysis.RelatedInformation{Pos: u.Pos, End: u.End, Message: "the same " + noun(u) + " reached from " + name})
	}
	if len(names) == 0 {
		return "", nil
	}
	list := names[0]
	if n := len(names); n > 1 {
		list = strings.Join(names[:n-1], ", ") + " and " + names[n-1]
	}
	verb := " reaches"
	if len(names) > 1 {
		verb = " reach"
	}
	return "; " + list + verb + " the same " + noun(from[0]) + " too", related
}

// heldInside reports whether the guarded uses all reach one access in
// a callee, with gate key acquired inside their calls rather than by
// the functions that make them, and names the function that makes the
// access and where.
func heldInside(conc *concurrency.Result, guarded []resource.Use, key resource.GateKey, pkg string) (fn string, at token.Pos, ok bool) {
	for i, g := range guarded {
		if len(g.Chain) == 0 || resource.Inner(g) == g.Pos || i > 0 && resource.Inner(g) != at {
			return "", token.NoPos, false
		}
		for _, h := range g.Holdings {
			if k, ok := resource.KeyOf(h.Gate, g.Res); ok && k == key && !h.Via {
				return "", token.NoPos, false
			}
		}
		at = resource.Inner(g)
	}
	if len(guarded) == 0 {
		return "", token.NoPos, false
	}
	if inner := conc.FuncAt(at); inner != nil {
		return naming.CalleeName(inner, pkg), at, true
	}
	hops := append([]gate.Hop{{What: guarded[0].What}}, guarded[0].Chain...)
	return hops[len(hops)-2].What, at, true
}

// alsoRaces says which other fields the path races on too, each with
// the first access it races with as a related position.
func alsoRaces(conc *concurrency.Result, also []race, pkg string) (string, []analysis.RelatedInformation) {
	var text string
	var related []analysis.RelatedInformation
	for _, a := range also {
		g := gateName(a.gate, a.u, a.meets, pkg)
		text += fmt.Sprintf("; the same path also %s %s without %s", accessOf(a.u), resourceName(a.u, pkg), g)
		if other := byFunc(a.meets, !a.u.Write, conc.Started); len(other) > 0 {
			o := other[0]
			// Where the access is made, and the entry it is reached
			// from when that is another function (supplyTokens, from
			// the goroutine Run starts).
			held := funcNames(other[:1], pkg)[0]
			if f := conc.FuncAt(resource.Inner(o)); f != nil && f != o.Func.Fn {
				held = naming.CalleeName(f, pkg) + ", reached from " + held
			}
			related = append(related, analysis.RelatedInformation{Pos: resource.Inner(o),
				Message: fmt.Sprintf("%s %s with %s held in %s", resourceName(o, pkg), usedOf(o), g, held)})
		}
	}
	return text, related
}

// accessOf says what u does to its resource: reads, writes or calls.
func accessOf(u resource.Use) string {
	switch {
	case isFunc(u.Res):
		return "calls"
	case u.Write:
		return "writes"
	}
	return "reads"
}

// noun names the access u makes: a call, a write or a read.
func noun(u resource.Use) string {
	return strings.TrimSuffix(accessOf(u), "s")
}

// usedOf says how a guarded use touches its resource.
func usedOf(u resource.Use) string {
	if u.Write {
		return "written"
	}
	return "used"
}

// funcNames names the functions of uses as messages do, each by its
// name, but for two methods of one name on different types, which keep
// their receivers ((*AutomationPolicy).Provision, (*TLS).Provision).
func funcNames(uses []resource.Use, pkg string) []string {
	out := make([]string, len(uses))
	count := make(map[string]int)
	for i, u := range uses {
		out[i] = naming.FuncName(u.Func.Fn)
		count[out[i]]++
	}
	for i, u := range uses {
		if count[out[i]] > 1 && u.Func.Fn.Parent() == nil {
			out[i] = naming.CalleeName(u.Func.Fn, pkg)
		}
		if u.Started {
			out[i] = "the goroutine " + out[i] + " starts"
		}
	}
	return out
}

// byFunc returns one guarded use per function, and one per function's
// started goroutines: its first write if it writes, else its first use.
// Uses on a goroutine the package starts come first, as the other half
// that runs at once with any caller; and for a read, which races with
// the guarded writes and not with the guarded reads, the writers come
// before the readers.
func byFunc(guarded []resource.Use, writersFirst bool, started func(*gate.FuncInfo) bool) []resource.Use {
	type where struct {
		fi      *gate.FuncInfo
		started bool
	}
	var out []resource.Use
	at := make(map[where]int)
	for _, g := range guarded {
		i, seen := at[where{g.Func, g.Started}]
		switch {
		case !seen:
			at[where{g.Func, g.Started}] = len(out)
			out = append(out, g)
		case g.Write && !out[i].Write:
			out[i] = g
		}
	}
	rank := func(u resource.Use) int {
		n := 0
		if writersFirst && !u.Write {
			n += 2
		}
		if !u.Started && !started(u.Func) {
			n++
		}
		return n
	}
	slices.SortStableFunc(out, func(a, b resource.Use) int { return rank(a) - rank(b) })
	return out
}

// resourceName spells the resource as this use reaches it.
func resourceName(u resource.Use, pkg string) string {
	name := u.Res.Spell(pkg)
	switch {
	case u.Res.Entries:
		return "the entries of " + name
	case u.Res.Elements:
		return "the elements of the slices in " + name
	}
	// A part of a struct the field holds by value (d.mu.total, in d.mu
	// beside the lock) is named as the code selects it.
	if part := u.Touch.Res.Spell(pkg); !u.Res.Var() && strings.HasPrefix(part, name+".") {
		return part
	}
	return name
}

// gateName spells the guarding gate in the terms of use u.
func gateName(key resource.GateKey, u resource.Use, guarded []resource.Use, pkg string) string {
	if key.Scope == resource.InstanceGate {
		return u.Res.Instance.With(strings.Split(key.Name, ".")...).Spell(pkg)
	}
	for _, g := range guarded {
		for _, h := range g.Holdings {
			if k, ok := resource.KeyOf(h.Gate, g.Res); ok && k == key {
				return h.Gate.Spell(pkg)
			}
		}
	}
	return key.String()
}

// otherLock names a lock of the use's own instance, other than the
// guard key, that u holds, or returns "".
func otherLock(u resource.Use, key resource.GateKey, pkg string) string {
	for _, h := range u.Holdings {
		if k, ok := resource.KeyOf(h.Gate, u.Res); ok && k != key && k.Scope == resource.InstanceGate && h.Kind != known.Claim {
			return h.Gate.Spell(pkg)
		}
	}
	return ""
}

// elsewhere returns a lock u holds that is the guard key's field on
// another instance of the resource's type, and that instance: a method
// that locks its receiver's l.mu and reads the package's std.flag, which
// std.mu guards, holds std.mu only when l is std.
func elsewhere(u resource.Use, key resource.GateKey) (held, inst naming.Ref, ok bool) {
	if key.Scope != resource.InstanceGate || u.Res.Var() {
		return naming.Ref{}, naming.Ref{}, false
	}
	want := u.Func.TypeOf(u.Res.Instance)
	field := strings.Split(key.Name, ".")
	for _, h := range u.Holdings {
		n := len(h.Gate.Path) - len(field)
		if h.Kind == known.Claim || n < 0 || !slices.Equal(h.Gate.Path[n:], field) {
			continue
		}
		if _, ok := resource.KeyOf(h.Gate, u.Res); ok {
			continue
		}
		inst := h.Gate
		inst.Path = h.Gate.Path[:n:n]
		if t := u.Func.TypeOf(inst); want != nil && t != nil && types.Identical(known.PointerElem(t), known.PointerElem(want)) {
			return h.Gate, inst, true
		}
	}
	return naming.Ref{}, naming.Ref{}, false
}

func isFunc(r resource.Resource) bool {
	_, ok := r.Obj.(*types.Func)
	return ok
}
