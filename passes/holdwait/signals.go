package holdwait

import (
	"go/token"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/facts"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// Signals are what a function does to one of its parameters, a channel
// or a *sync.WaitGroup, that a wait in its caller may wait for: the
// operations, on its own goroutine or on goroutines it starts (one level
// down), with the gates it takes before each. A caller that starts the
// function as a goroutine (go worker.Run(done, s)) or calls a helper that
// starts one (s.spawn(done)) waits for them. Other packages read them
// from SignalFact.
type Signals struct {
	Param int
	Kind  waitKind // the wait they answer: recv, send or wgWait
	// Opaque: the function lets the value go where its operations
	// cannot be told (passes it on, stores it).
	Opaque bool
	Ops    []Signal
}

// A Signal is one operation of Signals.
type Signal struct {
	What  string // "sends on", "closes", "receives from", "calls"
	Where string // file:line
	Async bool   // on a goroutine the function starts
	// Guards are the gates the function takes, blocking, before the
	// operation, in its own terms: on every path to it, or, if Latent, on
	// some path that can go on to it before any of the operations.
	Guards []Guard
	pos    token.Pos // in this package only
}

// A Guard is a blocking acquire before a Signal.
type Guard struct {
	Gate   gate.GateOp
	Latent bool
	What   string // the acquire, for messages
	Where  string
	pos    token.Pos
}

// SignalFact carries an exported function's Signals to other packages,
// in the package's SignalFacts.
type SignalFact struct{ Params []Signals }

// SignalFacts is holdwait's package fact: the SignalFacts of the
// package's exported functions.
type SignalFacts struct{ facts.Book[SignalFact] }

// AFact marks SignalFacts as an analysis fact.
func (*SignalFacts) AFact() {}

func (f *SignalFact) String() string {
	var parts []string
	for _, p := range f.Params {
		s := "p" + strconv.Itoa(p.Param) + " " + [...]string{recv: "recv", send: "send", wgWait: "wait"}[p.Kind] + ":"
		if p.Opaque {
			s += " opaque"
		}
		for _, op := range p.Ops {
			s += " " + op.What
			if op.Async {
				s += " (async)"
			}
			for _, g := range op.Guards {
				if g.Latent {
					s += " maybe"
				}
				s += " after " + g.Gate.Gate.Key()
			}
		}
		parts = append(parts, s)
	}
	return "signals(" + strings.Join(parts, "; ") + ")"
}

// newSignals returns the table of the functions' Signals: computed for
// the package's functions, read from SignalFact for others, and exported
// for the exported functions that take a channel or a WaitGroup.
func (p *pkgInfo) newSignals() *facts.Table[[]Signals, SignalFact] {
	return facts.NewTable[SignalFacts](p.pass, facts.Spec[[]Signals, SignalFact]{
		Derive: gate.Deriving(p.res, p.computeSignals),
		Export: func(sigs []Signals) (*SignalFact, bool) { return &SignalFact{Params: sigs}, len(sigs) > 0 },
		Import: func(f *SignalFact) []Signals { return f.Params },
	})
}

// computeSignals derives fi's Signals.
func (p *pkgInfo) computeSignals(fi *gate.FuncInfo) []Signals {
	var out []Signals
	for i, prm := range fi.Fn.Params {
		var kinds []waitKind
		switch {
		case isChan(prm.Type()):
			kinds = []waitKind{recv, send}
		case known.IsNamed(prm.Type(), "sync", "WaitGroup"):
			kinds = []waitKind{wgWait}
		default:
			continue
		}
		ref, ok := fi.Ref(prm)
		if !ok {
			continue
		}
		is := func(v ssa.Value) bool {
			r, ok := fi.Ref(v)
			return ok && r.Key() == ref.Key()
		}
		for _, k := range kinds {
			out = append(out, p.paramSignals(fi, i, k, ref, is))
		}
	}
	return out
}

// paramSignals derives the Signals of fi's parameter i for waits of kind
// k: its own operations, and those of the goroutines it hands the value
// to.
func (p *pkgInfo) paramSignals(fi *gate.FuncInfo, i int, k waitKind, ref naming.Ref, is func(ssa.Value) bool) Signals {
	sig := Signals{Param: i, Kind: k}
	allowed := make(map[ssa.Instruction]bool)
	type handed struct {
		s   gate.Start
		gfi *gate.FuncInfo
		cal naming.Callee
	}
	var hs []handed
	for _, s := range fi.Starts() {
		if !handsOver(s, is) {
			continue
		}
		gfi, cal, ok := p.startInfo(s)
		if !ok {
			sig.Opaque = true
			return sig
		}
		hs = append(hs, handed{s, gfi, cal})
		allowed[s.Instr] = true
		if mc, ok := startValue(s).(*ssa.MakeClosure); ok {
			allowed[mc] = true
			allowSpills(mc, allowed)
		}
	}
	own, ok := opsOf(fi.Fn, k, is, allowed)
	if !ok {
		sig.Opaque = true
		return sig
	}
	for _, op := range own {
		sig.Ops = append(sig.Ops, p.signal(fi, own, op, false, func(r naming.Ref) (naming.Ref, bool) { return r, true }))
	}
	for _, h := range hs {
		ops, ok := opsOf(h.s.Fn, k, translatedIs(fi, h.gfi, h.cal, ref), nil)
		if !ok || k == wgWait && len(ops) > 0 && !addedBefore(fi, ref, h.s.Instr) {
			sig.Opaque = true
			return sig
		}
		for _, op := range ops {
			sig.Ops = append(sig.Ops, p.signal(h.gfi, ops, op, true, func(r naming.Ref) (naming.Ref, bool) { return fi.Translate(r, h.cal) }))
		}
	}
	return sig
}

// allowSpills allows the stores that spill a parameter into a variable
// closure mc captures: go func() { … close(done) }() captures done by
// address.
func allowSpills(mc *ssa.MakeClosure, allowed map[ssa.Instruction]bool) {
	for _, b := range mc.Bindings {
		a, ok := b.(*ssa.Alloc)
		if !ok || a.Referrers() == nil {
			continue
		}
		for _, r := range *a.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == a {
				allowed[st] = true
			}
		}
	}
}

// opsOf returns fn's operations that a wait of kind k on the value is
// picks out waits for; ok is false when fn lets the value go elsewhere
// than the instructions allowed.
func opsOf(fn *ssa.Function, k waitKind, is func(ssa.Value) bool, allowed map[ssa.Instruction]bool) ([]compOp, bool) {
	if k == wgWait {
		return groupOps(fn, is, true, allowed)
	}
	return chanOps(fn, k, is, allowed)
}

// handsOver reports whether goroutine s receives a value is picks out.
func handsOver(s gate.Start, is func(ssa.Value) bool) bool {
	for _, v := range s.Values {
		if v != nil && matches(v, is) {
			return true
		}
	}
	return false
}

// signal describes op, one of ops in g, with the gates g takes before it
// that to names in the Signals' function's terms (parameters and
// package-level variables only: what a caller can name).
func (p *pkgInfo) signal(g *gate.FuncInfo, ops []compOp, op compOp, async bool, to func(naming.Ref) (naming.Ref, bool)) Signal {
	s := Signal{What: op.what, Where: gate.PosText(p.pass.Fset, op.pos), Async: async, pos: op.pos}
	add := func(ap gate.AcquirePoint, latent bool) {
		r, ok := to(ap.GateOp.Gate)
		if !ok || r.Root != naming.Param && r.Root != naming.Global {
			return
		}
		gop := ap.GateOp
		gop.Gate = r
		s.Guards = append(s.Guards, Guard{Gate: gop, Latent: latent, What: ap.What, Where: gate.PosText(p.pass.Fset, ap.Pos), pos: ap.Pos})
	}
	for _, ap := range g.Acquires {
		if !ap.Blocking || ap.AtReturn || !surely(p.res, g, ap, maxDepth) {
			continue
		}
		switch {
		case cfg.Dominates(ap.Instr, op.at):
			add(ap, false)
		case beforeAll(g.Fn, ap.Instr, ops) && cfg.After(ap.Instr, op.at):
			add(ap, true)
		}
	}
	return s
}

// signalSource is a goroutine, started by the waiter or by a function it
// calls, whose operations on the waited-for value are known from Signals.
type signalSource struct {
	name  string          // the function, for messages
	instr ssa.Instruction // the go statement or call
	start token.Pos
	cal   naming.Callee
	ops   []Signal
}

// sourceOf returns the Signals-known operations on w's value of the
// function instr calls (or starts, when started) as cal: all of them for
// a goroutine, those of the goroutines it starts for a call. handled is
// false when the call does not hand the value over at all; ok is false
// when it does and what happens to it cannot be told, or, for a call,
// the function answers the wait itself.
func (p *pkgInfo) sourceOf(fi *gate.FuncInfo, w wait, instr ssa.CallInstruction, cal naming.Callee, started bool) (src signalSource, handled, ok bool) {
	src = signalSource{name: naming.CalleeName(cal.Fn, p.pass.Pkg.Path()), instr: instr, start: instr.Pos(), cal: cal}
	if !started {
		src.name += "'s goroutine"
	}
	sigs := p.sigs.Of(cal.Fn)
	// Params of a function of another package are not built: count
	// them from its signature, the receiver first.
	params := cal.Fn.Signature.Params().Len()
	if cal.Fn.Signature.Recv() != nil {
		params++
	}
	for i := range params {
		r, ok := fi.Translate(naming.Ref{Root: naming.Param, Index: i}, cal)
		if !ok || r.Key() != w.ref.Key() {
			continue
		}
		handled = true
		found := false
		for _, s := range sigs {
			if s.Param != i || s.Kind != w.kind {
				continue
			}
			found = true
			if s.Opaque {
				return src, true, false
			}
			for _, op := range s.Ops {
				if !op.Async && !started {
					return src, true, false // the waiter's own goroutine answers
				}
				src.ops = append(src.ops, op)
			}
		}
		if !found {
			return src, true, false
		}
	}
	return src, handled, true
}

// sourceBlocked judges a signalSource: certain when each of its
// operations comes after a blocking acquire of h's gate on every path,
// latent when short of that one may; as guarded does for a goroutine the
// package analyses.
func sourceBlocked(fi *gate.FuncInfo, src signalSource, h *gate.Holding) (blocker, bool) {
	match := func(op Signal, latent bool) (Guard, bool) {
		for _, g := range op.Guards {
			if g.Latent != latent || !counts(h, g.Gate.Mode) {
				continue
			}
			if r, ok := fi.Translate(g.Gate.Gate, src.cal); ok && r.Key() == h.Gate.Key() {
				return g, true
			}
		}
		return Guard{}, false
	}
	out := func(op Signal, g Guard, latent bool) blocker {
		return blocker{
			name: src.name, start: src.start,
			acquire:   gate.AcquirePoint{Pos: g.pos, GateOp: g.Gate, What: g.What},
			acquireAt: g.Where, op: op.pos, opAt: op.Where, opWhat: op.What, latent: latent,
		}
	}
	if len(src.ops) == 0 {
		return blocker{}, false
	}
	var first blocker
	for i, op := range src.ops {
		g, ok := match(op, false)
		if !ok {
			for _, op := range src.ops {
				if g, ok := match(op, true); ok {
					return out(op, g, true), true
				}
			}
			return blocker{}, false
		}
		if i == 0 {
			first = out(op, g, false)
		}
	}
	return first, true
}

// sources returns the goroutines, started by fi or by the functions it
// calls, that get w's value and whose operations on it only Signals
// tell: a function of another package, or a helper that starts the
// goroutine. allowed gains their instructions. ok is false when one of
// them cannot be judged; out has those found until then.
func (p *pkgInfo) sources(fi *gate.FuncInfo, w wait, allowed map[ssa.Instruction]bool) (out []signalSource, ok bool) {
	for _, s := range fi.Starts() {
		if s.Group != nil || s.Fn == nil || p.res.Info(s.Fn) != nil {
			continue // the pass follows it itself
		}
		cal, ok := naming.Resolve(s.Instr.Common())
		if !ok {
			continue
		}
		src, handled, ok := p.sourceOf(fi, w, s.Instr, cal, true)
		switch {
		case !handled:
		case !ok:
			return out, false
		default:
			allowed[s.Instr] = true
			out = append(out, src)
		}
	}
	for call, cal := range fi.StaticCalls() {
		if known.PkgPath(cal.Fn) == "sync" {
			continue // the WaitGroup's own Add, Done and Wait
		}
		src, handled, ok := p.sourceOf(fi, w, call, cal, false)
		switch {
		case !handled:
		case !ok:
			return out, false
		default:
			allowed[call] = true
			out = append(out, src)
		}
	}
	return out, true
}
