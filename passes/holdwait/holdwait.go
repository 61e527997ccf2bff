package holdwait

import (
	_ "embed"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/facts"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/gatepass"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// doc is the source of doc.go, whose package doc comment holds the
// analyzer's documentation.
//
//go:embed doc.go
var doc string

// Analyzer is the holdwait pass.
var Analyzer = func() *analysis.Analyzer {
	a := gatepass.New("holdwait", doc, run)
	a.FactTypes = []analysis.Fact{new(SignalFacts)}
	return a
}()

// waitKind says what a wait waits for.
type waitKind uint8

const (
	recv       waitKind = iota + 1 // <-ch: a send on ch or its close
	send                           // ch <- v on an unbuffered channel: a receive
	selectWait                     // a select without default: any of its cases
	wgWait                         // wg.Wait(): every counted Done
	groupWait                      // g.Wait() of an errgroup.Group: every g.Go func's return
	condWait                       // c.cond.Wait() holding another gate: a Signal or Broadcast
)

// A wait is an instruction that blocks until another goroutine acts,
// with the gates must-held there that a goroutine could need.
type wait struct {
	instr ssa.Instruction
	kind  waitKind
	obj   ssa.Value  // the channel, or the WaitGroup or Group
	ref   naming.Ref // obj, as the waiting function names it
	held  []*gate.Holding
	// via is the helper that waits, when instr is a call of it
	// (helperWait), and viaAt where it waits.
	via   string
	viaAt token.Pos
	// maybe: the helper waits on some paths only (a Cond's predicate
	// loop), so the deadlock needs the call to wait.
	maybe bool
}

// A blocker is a goroutine that cannot let a wait go on without the gate
// the waiter holds.
type blocker struct {
	name    string    // the goroutine, for messages
	start   token.Pos // the go statement, or the goroutine function
	acquire gate.AcquirePoint
	op      token.Pos // the operation the wait waits for
	opWhat  string    // that operation: "closes", "sends on", "calls", "returns"
	// acquireAt and opAt say where the acquire and the operation are
	// (file:line) when they lie in another package, without positions.
	acquireAt, opAt string
	// latent: the goroutine takes the gate before the operation on some
	// paths only, so the deadlock needs it to take one of them.
	latent bool
	// released: the goroutine lets go of the gate again before the
	// operation, so the deadlock needs the wait to start while the
	// goroutine is between its acquire and the operation.
	released bool
	// buffered: the wait receives from a channel that may have a
	// buffer, and the goroutine sends on it: a value sent before the
	// wait starts (on an earlier turn) lets it through, so the deadlock
	// needs the buffer empty then.
	buffered bool
	bufChan  naming.Ref // the buffered channel
}

func run(pass *analysis.Pass, res *gate.Result, rep *directive.Reporter) {
	pkg := &pkgInfo{pass: pass, res: res, goroutines: goroutines(res)}
	pkg.sigs = pkg.newSignals()
	pkg.sigs.Finish(res.Analysed())
	for _, fi := range res.Funcs {
		for _, w := range waits(res, fi) {
			if w.kind == condWait {
				w.held = pkg.condWaitHeld(w, w.held)
			}
			for _, h := range w.held {
				b, ok := pkg.blocked(fi, w, h)
				switch {
				case ok && (b.latent || b.released || b.buffered || w.maybe):
					rep.Latent(diagnose(pass, fi, w, h, b))
				case ok:
					rep.Certain(diagnose(pass, fi, w, h, b))
				}
			}
		}
	}
}

// pkgInfo is what the pass knows of the package.
type pkgInfo struct {
	pass *analysis.Pass
	res  *gate.Result
	// goroutines maps each function the package starts as a goroutine
	// to one of its starts.
	goroutines map[*ssa.Function]gate.Start
	// sigs are the functions' Signals (signals.go).
	sigs *facts.Table[[]Signals, SignalFact]
}

// goroutines maps the functions the package starts as goroutines to one
// of their starts.
func goroutines(res *gate.Result) map[*ssa.Function]gate.Start {
	out := make(map[*ssa.Function]gate.Start)
	for _, fi := range res.Funcs {
		for _, s := range fi.Starts() {
			if _, ok := out[s.Fn]; s.Fn != nil && !ok {
				out[s.Fn] = s
			}
		}
	}
	return out
}

// blocked returns a goroutine that must acquire h's gate before it can
// end wait w, when one surely does.
func (p *pkgInfo) blocked(fi *gate.FuncInfo, w wait, h *gate.Holding) (blocker, bool) {
	switch w.kind {
	case recv:
		if _, field := naming.ValueField(w.obj); field {
			return p.classBlocked(fi, w, h)
		}
		return p.localRecvBlocked(fi, w, h)
	case send:
		if _, field := naming.ValueField(w.obj); field {
			return p.classBlocked(fi, w, h)
		}
		return p.localRecvBlocked(fi, w, h)
	case selectWait:
		return p.selectBlocked(fi, w, h)
	case condWait:
		if _, field := naming.ValueField(w.obj); field {
			return p.classBlocked(fi, w, h)
		}
		return blocker{}, false
	case wgWait:
		if b, ok := p.groupBlocked(fi, w, h); ok {
			return b, true
		}
		if _, field := naming.ValueField(w.obj); field {
			return p.classBlocked(fi, w, h)
		}
		return blocker{}, false
	default:
		return p.groupBlocked(fi, w, h)
	}
}

// counts reports whether a goroutine taking a gate in mode m blocks while
// the waiter holds h: always, unless both only read.
func counts(h *gate.Holding, m known.Mode) bool {
	return h.Mode != known.Shared || m != known.Shared
}

// selectBlocked judges a select without default: it goes on when any
// case can, so every case must be a receive or send that a goroutine
// answers only after taking h's gate; any other case (ctx.Done(), a
// timer, a channel the pass cannot follow) is a way out.
func (p *pkgInfo) selectBlocked(fi *gate.FuncInfo, w wait, h *gate.Holding) (blocker, bool) {
	sel := w.instr.(*ssa.Select)
	var first blocker
	for i, st := range sel.States {
		ref, ok := fi.Ref(st.Chan)
		if !ok {
			return blocker{}, false
		}
		c := wait{instr: w.instr, kind: recv, obj: st.Chan, ref: ref, held: w.held}
		if st.Dir == types.SendOnly {
			c.kind = send
		}
		b, ok := p.blocked(fi, c, h)
		if !ok {
			return blocker{}, false
		}
		if i == 0 {
			first = b
		}
		first.latent = first.latent || b.latent
		if b.buffered && !first.buffered {
			first.buffered, first.bufChan = true, b.bufChan
		}
	}
	return first, len(sel.States) > 0
}
