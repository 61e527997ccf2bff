package gate

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// onceEffects returns the effects of once.Do(f), and whether c is such a
// call: Do holds the Once while f runs, so the call acquires the Once,
// performs f's effects under it, and releases it. f calling Do on the
// same Once, at any depth, is then an acquire of a held gate, and a lock
// f takes is ordered after the Once. A Once the function cannot name
// has no effects, and neither has f: as before the Once was a gate.
func (m *model) onceEffects(fs *funcState, c *ssa.CallCommon, at token.Pos) ([]effect, bool) {
	cal, ok := naming.Resolve(c)
	if !ok || len(cal.Args) != 2 {
		return nil, false
	}
	obj, _ := cal.Fn.Object().(*types.Func)
	if obj == nil || !known.IsOnceDo(obj) {
		return nil, false
	}
	ref, ok := fs.refs.Of(cal.Args[0])
	if !ok {
		return nil, true
	}
	pos, end := fs.refs.Span(at)
	op := GateOp{Gate: ref, Kind: known.Once}
	what := ref.Spell(m.pkgPath) + ".Do"
	acquire := effect{op: known.Acquire, gate: op, blocking: true, check: true, hold: true, pos: pos, end: end, what: what}
	under := holding(acquire)
	out := []effect{acquire}
	for _, e := range m.callEffects(fs, &ssa.CallCommon{Value: cal.Args[1]}, nil, at) {
		e.under = &under
		out = append(out, e)
	}
	return append(out, effect{op: known.Release, gate: op, pos: pos, end: end, what: what}), true
}
