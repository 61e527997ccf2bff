package concurrency

import (
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/naming"
)

// ReleasedElsewhere returns where fi hands on, before instr, a func
// value that releases gate g (gate.FuncInfo.Handed): whoever keeps it
// may release g meanwhile, so an acquire of g at instr, with g held,
// waits for that call rather than for ever. False when nothing but fi's
// own path can release g there.
func (r *Result) ReleasedElsewhere(fi *gate.FuncInfo, instr ssa.Instruction, g naming.Ref) (ssa.Instruction, bool) {
	for _, h := range fi.Handed {
		if h.Gate.Gate.Key() == g.Key() && (h.Instr == instr || cfg.After(h.Instr, instr)) {
			return h.Instr, true
		}
	}
	return nil, false
}
