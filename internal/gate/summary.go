package gate

import (
	"cmp"
	"fmt"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/facts"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// maxChain bounds the call chains kept in summaries, so facts stay small
// however deep the calls go.
const maxChain = 8

// A Hop is one step of a call chain: a call, or the gate operation that
// ends the chain.
type Hop struct {
	What string // the callee, or the gate operation, as code spells it
	At   string // file:line, for messages about other packages

	pos, end token.Pos // in the package being analysed; lost in facts
}

// Pos is the position of the hop when it lies in the package being
// analysed, and token.NoPos when it came from a fact.
func (h Hop) Pos() token.Pos { return h.pos }

// GateOp is a gate with its kind and mode.
type GateOp struct {
	Gate naming.Ref
	Kind known.Kind
	Mode known.Mode
}

// Required is a gate a function's callers must hold: by a
// //gatevet:holds directive, or by its doc comment's words (Said, the
// sentence that says so), or by its name (flushLocked).
type Required struct {
	GateOp
	Said  string
	Named bool // Said is the function's name, which ends in Locked
}

// SumAcquire is an acquire a function performs on a gate it has not
// touched before on some path to it, so that a caller holding that gate
// would block on it.
type SumAcquire struct {
	GateOp
	Blocking bool
	// Partial is set when some path from the function's entry to a
	// return does not acquire the gate (a case of a switch, a branch on
	// its state): a caller holding the gate blocks only when the call
	// takes a path that does.
	Partial bool
	Chain   []Hop // from the callee's calls down to the gate operation
	Flag    *Flag // set when a bool parameter decides whether it happens
	// Each is set for a lock of some element of a container
	// (naming.AnyElem) that the function takes on every element in turn:
	// a range over the container, locking on each pass.
	Each bool
	// OrElse is set when every acquire of the gate is a case of a select
	// whose other cases can end the wait instead (a receive of an error,
	// a close): the select waits for the gate or for them.
	OrElse bool
}

// SumRelease is a gate a function releases that it had not acquired, and
// leaves released: an unlock helper.
type SumRelease struct {
	GateOp
	Flag *Flag
}

// A Flag says that an acquire happens only when bool parameter Param is
// When: the hasLock idiom, if !hasLock { mu.Lock() }. A caller passing
// the other constant does not acquire. With Eq set, the test is of a
// parameter of another basic type against a constant (if status ==
// closed, or a switch's case), and When says whether the block runs
// when the two are equal: a caller passing another constant, or that
// one, decides it the same way.
type Flag struct {
	Param int
	Free  bool   // Param indexes the closure's free variables instead
	When  bool   // the bool's value, or the test's outcome, that runs the block
	Eq    string // the constant tested against (its exact string), for a non-bool parameter
	Const string // that constant as the test spells it, for messages ("" if unknown)
	// Key is the constant key (its exact string) whose presence in a map
	// parameter a comma-ok lookup tests (if _, ok := p["token"]; !ok);
	// When is then whether the key is there.
	Key string
}

// Text says when the flag's block runs, for a parameter named name:
// "force is true", "status is closed", "mode is not \"ro\"".
func (g *Flag) Text(name string) string {
	if g.Key != "" {
		if g.When {
			return name + " has the key " + g.Key
		}
		return name + " has no key " + g.Key
	}
	if g.Eq == "" {
		return fmt.Sprintf("%s is %t", name, g.When)
	}
	k := cmp.Or(g.Const, g.Eq)
	if g.When {
		return name + " is " + k
	}
	return name + " is not " + k
}

// Summary tells a caller what a function does with gates, in terms of
// the function's parameters and package-level variables.
type Summary struct {
	Acquires []SumAcquire // acquires of gates untouched since entry on some path
	Holds    []GateOp     // held on every normal return
	// HoldsIfNil are held on every return of a nil error, when the
	// function's last result is an error and some return's is not nil:
	// an acquire helper, func (l *Limiter) Acquire(ctx) error, or one
	// that returns what it locked for, idle() (*idleCommand, error).
	HoldsIfNil []GateOp
	// Releases are released on the caller's behalf: left released on
	// some return. A caller's gate let go of on some paths and taken
	// again on each of them before returning (unlock, wait for the
	// uploader, lock) is held again on every return, so it is one of
	// Holds, not of Releases.
	Releases []SumRelease
	// Drops are the caller's gates it lets go of at some point, whether
	// or not it takes them back before returning (a handshake that
	// unlocks its caller's lock to take another and relocks it).
	Drops []GateOp
	// Retakes are the caller's gates it lets go of and holds again on
	// every return, itself or through a callee that does: a helper that
	// waits with its caller's lock let go of, whatever its callers hold
	// meanwhile, takes it back under them (lockgraph's drop-and-retake
	// edges).
	Retakes  []GateOp
	Requires []Required // //gatevet:holds: callers must hold these
	Excludes []GateOp   // //gatevet:excludes: callers must not hold these
	Runs     []SumRun   // func values it calls, with the gates held
	Spawns   []Spawn    // goroutines it starts and returns a channel of
}

func (s *Summary) empty() bool {
	return s == nil || len(s.Acquires)+len(s.Holds)+len(s.HoldsIfNil)+len(s.Releases)+len(s.Requires)+len(s.Excludes)+len(s.Drops)+len(s.Retakes)+len(s.Runs)+len(s.Spawns) == 0
}

// FuncFact carries a function's Summary to importing packages, in the
// package's FuncFacts (encoded by factcodec.go, with package facts).
type FuncFact struct {
	Summary
	lazy *facts.Lazy[Summary] // set when read from a file, until Load
}

// FuncFacts is the model's package fact: the FuncFacts of the package's
// exported functions that have a summary.
type FuncFacts struct{ facts.Book[FuncFact] }

// AFact marks FuncFacts as an analysis fact.
func (*FuncFacts) AFact() {}

func (f *FuncFact) String() string {
	f.Load()
	var parts []string
	for _, a := range f.Acquires {
		w := "acquires"
		if !a.Blocking {
			w = "tries"
		}
		parts = append(parts, w+" "+a.Gate.Key()+flagText(a.Flag))
	}
	for _, h := range f.Holds {
		parts = append(parts, "holds "+h.Gate.Key())
	}
	for _, h := range f.HoldsIfNil {
		parts = append(parts, "holds-if-nil "+h.Gate.Key())
	}
	for _, r := range f.Releases {
		parts = append(parts, "releases "+r.Gate.Key()+flagText(r.Flag))
	}
	for _, r := range f.Requires {
		parts = append(parts, "requires "+r.Gate.Key())
	}
	for _, r := range f.Excludes {
		parts = append(parts, "excludes "+r.Gate.Key())
	}
	for _, sp := range f.Spawns {
		parts = append(parts, "spawns r"+strconv.Itoa(sp.Result))
	}
	for _, r := range f.Runs {
		parts = append(parts, "runs "+paramText(r.Param, r.Free)+HeldText(r.Under))
	}
	return "gates(" + strings.Join(parts, ", ") + ")"
}

// In returns the parameter or free variable of fn the flag is about, or
// nil when fn has none at that index.
func (f *Flag) In(fn *ssa.Function) ssa.Value {
	switch {
	case f.Free && f.Param < len(fn.FreeVars):
		return fn.FreeVars[f.Param]
	case !f.Free && f.Param < len(fn.Params):
		return fn.Params[f.Param]
	}
	return nil
}

func flagText(g *Flag) string {
	if g == nil {
		return ""
	}
	switch {
	case g.Key != "":
		return fmt.Sprintf(" if %s[%s] present=%t", paramText(g.Param, g.Free), g.Key, g.When)
	case g.Eq == "":
		return fmt.Sprintf(" if %s=%t", paramText(g.Param, g.Free), g.When)
	case g.When:
		return " if " + paramText(g.Param, g.Free) + "==" + g.Eq
	}
	return " if " + paramText(g.Param, g.Free) + "!=" + g.Eq
}

func paramText(i int, free bool) string {
	if free {
		return "f" + strconv.Itoa(i)
	}
	return "p" + strconv.Itoa(i)
}

// HeldText renders gates held around an operation for a fact's String:
// " under g:pkg.mu+p0/mu".
func HeldText(held []GateOp) string {
	if len(held) == 0 {
		return ""
	}
	keys := make([]string, len(held))
	for i, h := range held {
		keys[i] = h.Gate.Key()
	}
	return " under " + strings.Join(keys, "+")
}

// PosText renders pos as file:line, short enough for messages.
func PosText(fset *token.FileSet, pos token.Pos) string {
	p := fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

// NewHop returns the hop of operation what at pos..end in the package
// being analysed.
func NewHop(fset *token.FileSet, what string, pos, end token.Pos) Hop {
	return Hop{What: what, At: PosText(fset, pos), pos: pos, end: end}
}

// FactChain is chain as a fact carries it: its last hop only, the gate
// operation with its file:line. The hops between were most of a fact's
// bytes, and go vet copies the facts about methods into the facts of
// every package above them, so each package read and wrote them all
// again; in another package they give no position either.
func FactChain(chain []Hop) []Hop {
	if len(chain) > 1 {
		return chain[len(chain)-1:]
	}
	return chain
}

// Prepend returns chain with h in front, bounded by maxChain.
func Prepend(h Hop, chain []Hop) []Hop {
	out := append([]Hop{h}, chain...)
	if len(out) > maxChain {
		// Keep the head, where the caller is, and the gate operation.
		out = append(out[:maxChain-1], out[len(out)-1])
	}
	return out
}
