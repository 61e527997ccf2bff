// Package lockgraph is gatevet's lock-order sub-model. From the gate
// model's acquire points (each blocking acquire, direct or through a
// callee, with the other gates must-held just before it) it derives the
// package's lock-order edges between gate classes: a package-level
// variable, or a field of a named type whatever the instance. Gates held
// by every caller of an unexported helper join an edge as gates held
// alongside, since they serialise it. The edges travel to importing
// packages as an OrderFact, so an edge here meets the reverse edge of a
// dependency. The lockorder pass reads the Result and decides which
// pairs of edges are inversions.
package lockgraph

import (
	"fmt"
	"go/token"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/concurrency"
	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// Analyzer computes the lock-order edges of a package and exports them
// as a package fact; lockorder reads its *Result.
var Analyzer = &analysis.Analyzer{
	Name:       "lockgraph",
	Doc:        "computes the lock-order edges between gate classes of a package, for gatevet's lockorder",
	Requires:   []*analysis.Analyzer{gate.Analyzer, concurrency.Analyzer},
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(OrderFact)},
}

// Result holds the lock-order edges of a package and of its dependencies.
type Result struct {
	// Local are the package's own edges.
	Local []OrderEdge
	// Imported are the edges of the packages it depends on.
	Imported []OrderEdge
	// Declared are the lock orders the package and its dependencies
	// declare (//gatevet:order), its own first.
	Declared []DeclaredOrder
	// Problems are its order directives that name no lock class or
	// declare a cycle, for the directives pass.
	Problems []directive.Problem
}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[gate.Analyzer].(*gate.Result)
	out := &Result{Local: orders(pass, res, pass.ResultOf[concurrency.Analyzer].(*concurrency.Result))}
	var imported []DeclaredOrder
	for _, pf := range pass.AllPackageFacts() {
		if f, ok := pf.Fact.(*OrderFact); ok && pf.Package != pass.Pkg {
			out.Imported = append(out.Imported, f.Edges...)
			imported = append(imported, f.Declared...)
		}
	}
	own, problems := declared(pass, res, imported)
	out.Declared, out.Problems = append(own, imported...), problems
	if len(out.Local) > 0 || len(own) > 0 {
		pass.ExportPackageFact(&OrderFact{Edges: out.Local, Declared: own})
	}
	return out, nil
}

// An OrderEdge is one step of a package's lock order: a function
// acquires gate To, blocking, while it holds gate From. Gates are named
// by class, so that edges from different functions and packages meet: a
// package-level variable (pkg.mu), or a field of a named type
// (pkg.Server.mu), whichever instance holds it. Two edges in opposite
// directions between the same classes are a lock-order inversion.
type OrderEdge struct {
	From, To         string // gate classes
	FromName, ToName string // as the code at the site spells them
	Func             string // the function that acquires To, as its package spells it
	Pkg              string // the path of the package of Func
	At               string // file:line of the acquire (or of the call that does)
	FromAt           string // file:line where From was acquired
	// FromModes and ToModes are the modes of the objects each gate can
	// be on (gate.Result.Modes: a connection's kind), when they are
	// known; two edges whose gates of one class can never be on objects
	// of the same mode never meet on one object.
	FromModes, ToModes []string
	// Shared is set when both gates are held in shared mode (RLock).
	Shared bool
	// FromShared and ToShared say which of the two is in shared mode.
	FromShared, ToShared bool
	// Joint is set when both gates are reached from one value (b.flush
	// and b.disk.maintenance): an order on one object's locks. A function
	// can take the same two classes on one object and on two (a
	// replacement's and the old bucket's); both edges are kept.
	Joint bool
	// FromPart and ToPart are, for a joint edge, where each gate lies in
	// the object both are reached from when that is through fields held
	// by value only ("in.Mutex", "handshakeMutex"): two such places that
	// differ are two locks, on any object.
	FromPart, ToPart string
	// Also are the classes of the other gates held there: a lock held on
	// both edges of an inversion serialises them.
	Also  []string
	Chain []gate.Hop // inside the callee that acquires To, if any

	pos, fromPos token.Pos // in the package analysed; lost in facts
	fn           *gate.FuncInfo
	instr        ssa.Instruction
	fixture      *ssa.Function // the test whose own objects both gates are (concurrency.Fixture)
	made         bool          // a gate's object is made on this call (concurrency.Result.MadeHere)
}

// Made reports whether one of the edge's gates is on an object its
// function makes on the call that takes the edge: another goroutine
// meets it only once the function has published it. False for an edge
// from a fact.
func (e OrderEdge) Made() bool { return e.made }

// Fixture returns the top-level test function whose run made both of
// the edge's gates' objects (concurrency.Result.Fixture), or nil.
func (e OrderEdge) Fixture() *ssa.Function { return e.fixture }

// FuncInfo returns the function of an edge of the package analysed, and nil
// for an edge from a fact.
func (e OrderEdge) FuncInfo() *gate.FuncInfo { return e.fn }

// Instr is the instruction that acquires To, for an edge of the
// package analysed, and nil for an edge from a fact.
func (e OrderEdge) Instr() ssa.Instruction { return e.instr }

// Pos is the position of the acquire of To in the package being
// analysed, and token.NoPos for an edge from a fact.
func (e OrderEdge) Pos() token.Pos { return e.pos }

// FromPos is where From was acquired, like Pos.
func (e OrderEdge) FromPos() token.Pos { return e.fromPos }

// OrderFact carries a package's lock-order edges to the packages that
// import it.
type OrderFact struct {
	Edges    []OrderEdge
	Declared []DeclaredOrder // the orders the package declares
}

// AFact marks OrderFact as an analysis fact.
func (*OrderFact) AFact() {}

func (f *OrderFact) String() string {
	var parts []string
	for _, e := range f.Edges {
		parts = append(parts, e.From+" < "+e.To)
	}
	for _, d := range f.Declared {
		parts = append(parts, "declared "+strings.Join(d.Classes, " < "))
	}
	return "order " + strings.Join(parts, ", ")
}

// orders derives the package's edges from its acquire points: each
// blocking acquire, direct or in a callee, against each other gate held
// just before it, unless one of the two is a lock no other goroutine can
// hold or wait for there (conc.Owned: an object not yet published).
func orders(pass *analysis.Pass, res *gate.Result, conc *concurrency.Result) []OrderEdge {
	pkg := pass.Pkg.Path()
	var out []OrderEdge
	seen := make(map[string]bool)
	for _, fi := range res.Funcs {
		var callers []string
		callersDone := false
		for _, ap := range fi.Acquires {
			if !ap.Blocking {
				continue
			}
			to, ok := fi.Class(ap.GateOp.Gate)
			if !ok {
				continue
			}
			if _, owned := conc.Owned(fi, ap.Instr, ap.GateOp.Gate); owned {
				continue
			}
			toModes, _ := res.Modes(fi, ap.GateOp.Gate)
			for _, h := range ap.Also {
				from, ok := fi.Class(h.Gate)
				fromModes, _ := res.Modes(fi, h.Gate)
				joint := h.Gate.SameRoot(ap.GateOp.Gate)
				key := fmt.Sprint(from, "<", to, "@", fi.Fn, fromModes, "<", toModes, joint)
				if !ok || from == to || seen[key] {
					continue
				}
				if _, owned := conc.Owned(fi, ap.Instr, h.Gate); owned {
					continue
				}
				seen[key] = true
				e := OrderEdge{From: from, To: to, FromName: spell(h.GateOp, pkg), ToName: spell(ap.GateOp, pkg),
					Func: naming.CalleeName(fi.Fn, pkg), Pkg: pkg, At: gate.PosText(pass.Fset, ap.Pos), FromAt: gate.PosText(pass.Fset, h.Pos),
					Shared: h.Mode == known.Shared && ap.GateOp.Mode == known.Shared, FromShared: h.Mode == known.Shared, ToShared: ap.GateOp.Mode == known.Shared,
					FromModes: fromModes, ToModes: toModes, Joint: joint,
					Chain: ap.Chain, pos: ap.Pos, fromPos: h.Pos, fn: fi, instr: ap.Instr,
					fixture: conc.Fixture(fi, h.Gate, ap.GateOp.Gate), made: conc.MadeHere(fi, h.Gate) || conc.MadeHere(fi, ap.GateOp.Gate)}
				if joint {
					e.FromPart, e.ToPart = valueParts(h.Gate, ap.GateOp.Gate)
				}
				for _, o := range ap.Also {
					if c, ok := fi.Class(o.Gate); ok && o != h && c != to {
						e.Also = append(e.Also, c)
					}
				}
				if !callersDone {
					callers, callersDone = callersHold(res, fi), true
				}
				e.Also = append(e.Also, callers...)
				out = append(out, e)
			}
		}
		out = append(out, retaken(pass, res, conc, fi)...)
	}
	return out
}

// callersHold returns the classes of the gates that every caller of fi
// holds at its call, when fi is reached only through the package's own
// calls (unexported, or a literal, and never escaping): a helper that
// takes two locks in the wrong order under a lock all its callers hold
// is serialised by it.
func callersHold(res *gate.Result, fi *gate.FuncInfo) []string {
	fn := fi.Fn
	sites := res.CallSites(fn)
	if res.Escapes(fn) || len(sites) == 0 || fn.Parent() == nil && fn.Object() != nil && fn.Object().Exported() {
		return nil
	}
	var common []string
	for i, site := range sites {
		caller := res.Info(site.Parent())
		if caller == nil {
			return nil
		}
		// A gate the caller releases on its own caller's behalf (an
		// Unlock method that commits first) is held all along.
		var here []string
		for _, r := range caller.Summary.Releases {
			if c, ok := caller.Class(r.Gate); ok {
				here = append(here, c)
			}
		}
		for _, x := range res.HeldAt(caller, site) {
			if c, ok := caller.Class(x.Gate); ok {
				here = append(here, c)
			}
		}
		if i == 0 {
			common = here
			continue
		}
		common = slices.DeleteFunc(slices.Clone(common), func(c string) bool { return !slices.Contains(here, c) })
	}
	return common
}

// spell names a gate as code at the edge spells it; a sync.Once, which
// is held only while its Do runs, says so.
func spell(op gate.GateOp, pkg string) string {
	if op.Kind == known.Once {
		return "sync.Once " + op.Gate.Spell(pkg)
	}
	return op.Gate.Spell(pkg)
}

// valueParts returns where gates a and b, reached from one root, lie in
// the object they share: past the last dereference their paths have in
// common (the *Conn that c.Conn points to, for c.Conn.in and
// c.Conn.handshakeMutex), when every step from there is a field held by
// value, a place no other place in the object aliases; "" otherwise.
func valueParts(a, b naming.Ref) (string, string) {
	n := 0 // the length of the common prefix that ends at a dereference
	for i := 0; i < len(a.Path) && i < len(b.Path) && a.Path[i] == b.Path[i]; i++ {
		if a.Path[i] == naming.Deref {
			n = i + 1
		}
	}
	pa, okA := valuePart(a.Path[n:])
	pb, okB := valuePart(b.Path[n:])
	if !okA || !okB {
		return "", ""
	}
	return pa, pb
}

// valuePart joins path, when it is fields held by value only.
func valuePart(path []string) (string, bool) {
	if len(path) == 0 {
		return "", false
	}
	for _, s := range path {
		if s == naming.Deref || naming.IsElemStep(s) {
			return "", false
		}
	}
	return strings.Join(path, "."), true
}
