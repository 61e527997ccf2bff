package doublerelease

import (
	"fmt"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
)

func diagnose(pass *analysis.Pass, fi *gate.FuncInfo, d *finding) analysis.Diagnostic {
	name := d.rel.Gate.Spell(pass.Pkg.Path())
	at := func(pos token.Pos) string { return gate.PosText(pass.Fset, pos) }
	took, _, _ := verbs(d.acq)
	_, releases, _ := verbs(d.rel)
	subject := d.rel.What + "()"
	var ret token.Pos
	if d.rel.Deferred {
		ret = returnPos(fi, d.at)
		subject = fmt.Sprintf("the deferred %s(), run at the return at %s,", d.rel.What, at(ret))
	}
	diag := analysis.Diagnostic{
		Pos: d.rel.Pos, End: d.rel.End,
		Related: []analysis.RelatedInformation{{Pos: d.acq.Pos, End: d.acq.End, Message: fmt.Sprintf("%s %s here: %s", name, took, d.acq.What)}},
	}
	if d.firsts == nil {
		diag.Message = fmt.Sprintf("%s %s %s, which this function %s at %s and still holds so on this path: %s; use %s to match the %s",
			subject, releases, name, took, at(d.acq.Pos), consequence(d.rel), matching(d.acq), method(d.acq))
	} else {
		_, _, released := verbs(d.firsts[0])
		var firsts []string
		for _, f := range d.firsts {
			firsts = append(firsts, at(f.Pos))
			diag.Related = append(diag.Related, analysis.RelatedInformation{Pos: f.Pos, End: f.End, Message: fmt.Sprintf("%s %s first here: %s", name, released, f.What)})
		}
		fix := fmt.Sprintf("remove this %s, or return after the first one", method(d.rel))
		if d.rel.Deferred {
			fix = fmt.Sprintf("remove the earlier %s, or %s again before returning", method(d.firsts[0]), method(d.acq))
		}
		diag.Message = fmt.Sprintf("%s %s %s a second time on this path: this function %s it at %s and %s it already at %s, with no %s since; %s; %s",
			subject, releases, name, took, at(d.acq.Pos), released, strings.Join(firsts, " or "), method(d.acq), consequence(d.rel), fix)
	}
	if d.rel.Deferred {
		diag.Related = append(diag.Related, analysis.RelatedInformation{Pos: ret, Message: "the deferred " + method(d.rel) + " runs at this return"})
		diag.SuggestedFixes = dropFirst(pass, fi, d)
	}
	return diag
}

// returnPos is the position of the return that the RunDefers at runs
// before: the closing brace for a function that falls off its end.
func returnPos(fi *gate.FuncInfo, at ssa.Instruction) token.Pos {
	instrs := at.Block().Instrs
	if ret, ok := instrs[len(instrs)-1].(*ssa.Return); ok && ret.Pos().IsValid() {
		return ret.Pos()
	}
	if syn := fi.Fn.Syntax(); syn != nil {
		return syn.End() - 1
	}
	return fi.Fn.Pos()
}

// method is the name of e's gate method: Lock, RUnlock, Release; for a
// TryLock, TryRLock or TryAcquire, the blocking method's.
func method(e *gate.Event) string {
	return strings.TrimPrefix(e.What[strings.LastIndex(e.What, ".")+1:], "Try")
}

// matching is the release that pairs with acquire e.
func matching(e *gate.Event) string {
	if e.Mode == known.Shared {
		return "RUnlock"
	}
	return "Unlock"
}

// verbs says how a message speaks of e's gate in e's mode: the acquire
// done, the release being done, the release done.
func verbs(e *gate.Event) (took, releases, released string) {
	switch {
	case e.Kind == known.Weighted:
		return "acquired", "releases", "released"
	case e.Mode == known.Shared:
		return "read-locked", "read-unlocks", "read-unlocked"
	}
	return "locked", "unlocks", "unlocked"
}

// consequence says what release e does on a gate it cannot release.
func consequence(e *gate.Event) string {
	switch {
	case e.Kind == known.Weighted:
		return `the semaphore panics with "semaphore: released more than held", or, while others hold permits, gives back one of theirs and the limit no longer holds`
	case e.Kind == known.Mutex:
		return `the process dies with "fatal error: sync: unlock of unlocked mutex", which no recover catches (or, if another goroutine locked it in between, this unlocks theirs)`
	case e.Mode == known.Shared:
		return `the process dies with "fatal error: sync: RUnlock of unlocked RWMutex", which no recover catches (or, while other goroutines hold read locks, this releases one of theirs)`
	}
	return `the process dies with "fatal error: sync: Unlock of unlocked RWMutex", which no recover catches (or, if another goroutine locked it in between, this unlocks theirs)`
}
