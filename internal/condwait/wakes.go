package condwait

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/naming"
)

// wakeIndex indexes the package's Signal and Broadcast calls by the Cond
// field they wake; passes run concurrently, so it is built once.
type wakeIndex struct {
	byField map[*types.Var][]*ssa.Call
}

// Wakes returns the package's Signal and Broadcast calls on Cond field
// f (a sync.Cond field, or a *sync.Cond one), in the order of the code.
func (r *Result) Wakes(f *types.Var) []*ssa.Call {
	r.wakesOnce.Do(func() {
		r.wakes.byField = make(map[*types.Var][]*ssa.Call)
		for _, fi := range r.gates.Funcs {
			for _, b := range fi.Fn.Blocks {
				for _, instr := range b.Instrs {
					c, ok := instr.(*ssa.Call)
					if !ok || !IsWake(&c.Call) {
						continue
					}
					if f, ok := naming.ValueField(c.Call.Args[0]); ok {
						r.wakes.byField[f] = append(r.wakes.byField[f], c)
					}
				}
			}
		}
	})
	return r.wakes.byField[f]
}
