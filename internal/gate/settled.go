package gate

import (
	"golang.org/x/tools/go/ssa"
)

// Flag parameters: a bool parameter that decides whether the function
// acquires or releases a gate (if needLock { mu.RLock() }) makes two
// functions in one, told apart by what each call passes. A caller that
// passes a constant runs one of them: FlagParams names the parameters,
// and WalkSettled replays the function as that call runs it, with the
// branch the constant rules out dead (the resource model summarises the
// uses of each, so that load(seq, true) holds the lock its callee takes
// under the flag).

// FlagParams returns the indices of fi's bool parameters that decide one
// of its acquires or releases, and that the package's calls do not
// settle already.
func (fi *FuncInfo) FlagParams() []int {
	if fi.fs == nil || fi.Summary == nil {
		return nil
	}
	var out []int
	add := func(g *Flag) {
		if g == nil || g.Free || g.Key != "" || g.Param >= len(fi.Fn.Params) {
			return
		}
		if _, settled := fi.fs.paths.Settled(fi.Fn.Params[g.Param]); settled {
			return
		}
		for _, i := range out {
			if i == g.Param {
				return
			}
		}
		out = append(out, g.Param)
	}
	for _, a := range fi.Summary.Acquires {
		add(a.Flag)
	}
	for _, r := range fi.Summary.Releases {
		add(r.Flag)
	}
	return out
}

// WalkSettled walks fi as Walk does, as a call that passes val for
// parameter i runs it: the branches val rules out are dead.
func (fi *FuncInfo) WalkSettled(i int, val bool, visit func(instr ssa.Instruction, held Held)) {
	fs := fi.fs
	if fs == nil || i >= len(fs.fn.Params) {
		return
	}
	fs.replay(fs.solveWith(fs.paths.Settle(fs.fn.Params[i], val)), visit)
}
