package resource

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// Atomic locations. A field or package-level variable whose address the
// package passes to a sync/atomic function (atomic.LoadInt32(&m.n)) is
// synchronised by the atomics, as an atomic.Int32 is: it is no resource
// a lock guards, and what two instances' gates do around it is no race.
// A plain access beside the atomic ones (an init phase, a Close) is the
// race detector's business, not a gate's.

// atomicLocations returns the fields and variables whose address funcs
// pass to a function of sync/atomic.
func atomicLocations(funcs []*ssa.Function) map[types.Object]bool {
	out := make(map[types.Object]bool)
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				f := call.Call.StaticCallee()
				if f == nil || known.PkgPath(f) != "sync/atomic" {
					continue
				}
				for _, a := range call.Call.Args {
					if obj := naming.AddrObject(a); obj != nil {
						out[obj] = true
					}
				}
			}
		}
	}
	return out
}
