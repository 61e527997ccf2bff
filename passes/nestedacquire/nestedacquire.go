package nestedacquire

import (
	_ "embed"
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/gatevet/gatevet/internal/concurrency"
	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/gatepass"
	"github.com/gatevet/gatevet/internal/known"
)

// doc is the source of doc.go, whose package doc comment holds the
// analyzer's documentation.
//
//go:embed doc.go
var doc string

// Analyzer is the nestedacquire pass.
var Analyzer = gatepass.New("nestedacquire", doc, run, concurrency.Analyzer)

func run(pass *analysis.Pass, res *gate.Result, rep *directive.Reporter) {
	conc := pass.ResultOf[concurrency.Analyzer].(*concurrency.Result)
	var fs []finding
	for _, fi := range res.Funcs {
		for _, ap := range fi.Acquires {
			if ap.Element != nil && !handedOn(conc, fi, ap) {
				rep.Latent(elementHeld(pass, ap))
				continue
			}
			f := finding{fi: fi, ap: ap}
			switch {
			case !nested(ap), handedOn(conc, fi, ap):
				continue
			case recursiveRead(ap):
				w, ok := readWriter(conc, fi, ap)
				if !ok {
					continue
				}
				f.w = &w
			case ap.GateOp.Kind.Counting():
			case anyLocker(fi, ap):
				f.iface = true
			case ap.Partial, ap.Flag != nil, ap.Sometimes:
			default:
				f.certain = true
			}
			fs = append(fs, f)
		}
		excluded(pass, res, fi, rep)
	}
	reportAll(pass, res, fs, rep)
}

// carried says what a hold carried round a loop does: the second
// iteration blocks, when the gate is a mutex (iface: a sync.Locker,
// which may be something else).
func carried(iface bool) string {
	if iface {
		return "the second iteration blocks on the gate the first still holds when that sync.Locker is a mutex, which is not reentrant"
	}
	return "the second iteration blocks on the gate the first still holds"
}

// nested reports whether ap blocks on a gate its path already holds.
// A counting semaphore that the function never releases itself, taken
// directly or through a call, is a throttle handing its permits on (to
// a worker, or to the callee's package, whose receive loop frees a
// stream's slot), not a nested hold; a select that can
// end its wait on another case (a persistent error, a close) waits for
// that, not for ever.
func nested(ap gate.AcquirePoint) bool {
	if !ap.Blocking || ap.Holding == nil || ap.OrElse {
		return false
	}
	if ap.GateOp.Kind.Counting() && !ap.Owned {
		return false
	}
	return true
}

// handedOn reports whether something else than fi's known path may
// release ap's gate before ap (mu.Unlock given to a hook, a call that
// releases a lock of its class the model cannot name): the acquire
// waits for whoever calls it, which holdwait judges, or finds the gate
// free, and does not block for ever.
func handedOn(conc *concurrency.Result, fi *gate.FuncInfo, ap gate.AcquirePoint) bool {
	_, ok := conc.ReleasedElsewhere(fi, ap)
	return ok
}

// diagnose says what is wrong with ap; for a read lock taken again, w is
// the writer that can queue between the two; iface says the gate is a
// sync.Locker interface (anyLocker).
func diagnose(pass *analysis.Pass, ap gate.AcquirePoint, w *writer, iface bool) analysis.Diagnostic {
	pkg := pass.Pkg.Path()
	name := ap.GateOp.Gate.Spell(pkg)
	held := ap.Holding
	where := fmt.Sprintf("%s at %s", verb(held.GateOp), position(pass, held.Pos))
	switch {
	case held.Contract:
		where = fmt.Sprintf("callers hold it by the %s contract at %s", held.What, position(pass, held.Pos))
	case held.Via:
		where = fmt.Sprintf("%s through %s at %s", verb(held.GateOp), held.What, position(pass, held.Pos))
	}
	why := consequence(held.GateOp, ap.GateOp)
	if iface {
		why = "a sync.Locker that is a mutex is not reentrant, so this blocks forever when it is one (an RLocker's second lock waits only behind a writer)"
	}
	if w != nil {
		text, _ := w.text(pass)
		why += " (" + text + " takes the write lock)"
	}
	acquires := "acquires"
	if f := ap.Flag; f != nil {
		// The callee takes the gate only for one value of a parameter
		// this function passes on from its caller.
		name := "its flag"
		if v := f.In(ap.Instr.Parent()); v != nil {
			name = v.Name()
		}
		why = "when " + f.Text(name) + ", " + why
	}
	if ap.Partial {
		// The callee takes the gate on some of its paths only: the
		// block needs the call to take one of them.
		acquires = "can acquire"
		why = fmt.Sprintf("when %s takes one of its paths that acquires it (not all do), %s", ap.What, why)
	}
	var msg string
	if ap.GateOp.Kind == known.Once {
		return onceReentered(pass, ap, name)
	}
	if ap.AtReturn && len(ap.Chain) > 0 {
		at := "as the function returns"
		if ap.Return.IsValid() {
			at = "at the return at " + position(pass, ap.Return)
		}
		msg = fmt.Sprintf("deferred call to %s acquires %s (%s) %s, while %s is still held (%s): deferred calls run last deferred first, so it runs before the release deferred ahead of it; %s; "+
			"defer it before the release of %s, so that it runs after it, or call it once %s is released",
			ap.What, name, gate.ChainText(ap.Chain, true), at, name, where, why, name, name)
	} else if ap.AtReturn {
		at := "as it returns"
		if ap.Return.IsValid() {
			at = "at the return at " + position(pass, ap.Return)
		}
		effect, unlock := "the function blocks on its own gate "+at, "Unlock"
		if ap.GateOp.Mode == known.Shared {
			// A read lock taken again waits only behind a writer; but
			// neither is ever released, so every writer after waits
			// for good.
			effect, unlock = "the read lock is taken again and neither is released, so every later write lock blocks for good, and the function blocks "+at+" once a writer queues", "RUnlock"
		}
		msg = fmt.Sprintf("deferred %s runs at return while %s is still held (%s, not released before the return): %s; "+
			"release %s before that return, or, if the deferred call was meant to release it, defer %s.%s() (or the matching Release) instead", ap.What, name, where, effect, name, name, unlock)
	} else if ap.Sometimes {
		where = fmt.Sprintf("%s at %s and recorded in %s", verb(held.GateOp), position(pass, held.Pos), ap.Recorded)
		skip := "not released in the loop"
		if ap.Skipped.IsValid() {
			skip = fmt.Sprintf("released at %s only on some paths", position(pass, ap.Skipped))
		}
		msg = fmt.Sprintf("%s while %s may still be held from the loop's previous iteration (%s, %s): when an iteration that took it skips that release, the next blocks on the gate it still holds; "+
			"test %s before acquiring (if !%s { … })", ap.What, name, where, skip, ap.Recorded, ap.Recorded)
	} else if ap.Carried && ap.Continue.IsValid() {
		where = fmt.Sprintf("%s at %s; the continue at %s comes round without releasing it", verb(held.GateOp), position(pass, held.Pos), position(pass, ap.Continue))
		msg = fmt.Sprintf("%s while %s is still held from the loop's previous iteration (%s): %s; "+
			"release %s before that continue", ap.What, name, where, carried(iface), name)
	} else if ap.Carried {
		where = fmt.Sprintf("%s at %s, and not released before the loop comes round", verb(held.GateOp), position(pass, held.Pos))
		msg = fmt.Sprintf("%s while %s is still held from the loop's previous iteration (%s): %s; "+
			"release %s at the end of each iteration (not with defer, which runs at return), or move the body into a function that defers the release",
			ap.What, name, where, carried(iface), name)
	} else if len(ap.Chain) == 0 {
		msg = fmt.Sprintf("%s while %s is already held on this path (%s): %s; %s",
			ap.What, name, where, why, fix(name))
	} else {
		msg = fmt.Sprintf("call to %s %s %s (%s) while it is already held on this path (%s): %s; %s",
			ap.What, acquires, name, gate.ChainText(ap.Chain, true), where, why, fix(name))
	}
	d := analysis.Diagnostic{Pos: ap.Pos, End: ap.End, Message: msg, SuggestedFixes: lockedVariant(pass, ap)}
	if w != nil {
		_, pos := w.text(pass)
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: pos, Message: "a writer that can queue between the two read locks"})
	}
	d.Related = append(d.Related, analysis.RelatedInformation{Pos: held.Pos, Message: name + " acquired here"})
	if ap.AtReturn && ap.Return.IsValid() {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: ap.Return, Message: "the return reached with " + name + " held"})
	}
	if ap.Skipped.IsValid() {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: ap.Skipped, Message: "the release an iteration can skip, still holding " + name})
	}
	if ap.Carried && ap.Continue.IsValid() {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: ap.Continue, Message: "the continue that comes round with " + name + " held"})
	}
	d.Related = append(d.Related, gate.ChainRelated(ap.Chain, "then ")...)
	return d
}

func verb(op gate.GateOp) string {
	switch {
	case op.Mode == known.Shared:
		return "read-locked"
	case op.Kind.Counting():
		return "permit acquired"
	}
	return "locked"
}

// consequence says why acquiring want while holding have deadlocks.
func consequence(have, want gate.GateOp) string {
	switch {
	case have.Mode == known.Shared && want.Mode == known.Shared:
		return "recursive read locking deadlocks when a writer queues between the two RLocks"
	case have.Mode == known.Shared:
		return "the write lock waits for every reader, this path's own read lock included, so it blocks forever"
	case want.Mode == known.Shared:
		return "the read lock waits for the writer, which is this path, so it blocks forever"
	case want.Kind == known.Weighted:
		return "with one permit this deadlocks at once; with more, once every other permit is taken by holders that wait too (this path on as many goroutines as there are permits), or once a waiter queued first asks for more than is free (Weighted serves its waiters in order)"
	case want.Kind == known.ChanSem:
		return "the second slot deadlocks at once when the channel holds one; with more slots, once every other slot is taken by holders that wait too (this path on as many goroutines as there are slots)"
	}
	return fmt.Sprintf("%s is not reentrant, so this blocks forever", want.Kind)
}

// anyLocker reports whether ap's gate is a sync.Locker interface (or a
// type parameter of one), whose dynamic lock is not known here: a mutex
// blocks for ever on the second Lock, an RLocker's waits only behind a
// writer, a reentrant lock not at all.
func anyLocker(fi *gate.FuncInfo, ap gate.AcquirePoint) bool {
	if ap.GateOp.Kind != known.Locker {
		return false
	}
	t := fi.RootType(ap.GateOp.Gate)
	if t == nil {
		return false
	}
	for s := range ap.GateOp.Gate.Steps(t) {
		t = s.To
	}
	return t != nil && types.IsInterface(t)
}

func fix(name string) string {
	return fmt.Sprintf("release %s before this point, or call a variant that expects %s held (an xxxLocked helper)", name, name)
}

func position(pass *analysis.Pass, pos token.Pos) string {
	return gate.PosText(pass.Fset, pos)
}

// onceReentered says that ap calls Do on the Once whose Do is running:
// the inner Do waits for the outer one, which waits for the inner.
func onceReentered(pass *analysis.Pass, ap gate.AcquirePoint, name string) analysis.Diagnostic {
	held := ap.Holding
	how := name + ".Do"
	if len(ap.Chain) > 0 {
		how = fmt.Sprintf("call to %s calls %s.Do (%s)", ap.What, name, gate.ChainText(ap.Chain, true))
	}
	msg := fmt.Sprintf("%s while %s.Do is running on this path (entered at %s): Do waits for the call in progress, which waits for this one, so the goroutine blocks forever; "+
		"do not call %s.Do from the function it runs: move the work that needs it out of the Once, or give that work a Once of its own",
		how, name, position(pass, held.Pos), name)
	d := analysis.Diagnostic{Pos: ap.Pos, End: ap.End, Message: msg,
		Related: []analysis.RelatedInformation{{Pos: held.Pos, Message: name + ".Do entered here"}}}
	d.Related = append(d.Related, gate.ChainRelated(ap.Chain, "then ")...)
	return d
}
