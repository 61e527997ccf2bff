package gate

import (
	"fmt"
	"strings"
)

// Lock flags. A bool parameter whose name speaks of the lock (locked,
// hasLock, needLock) and that decides whether the function takes a gate
// itself (if !locked { m.Lock(); defer m.Unlock() }, if needLock {
// m.Lock() }) says that its caller holds the gate when it does not: the code after the test runs
// under the gate either way, taken here or by the caller, as a name
// ending in Locked says for a whole function. Walk replays such a
// function as the join of its two runs, the flag settled each way, the
// caller's gate held on entry (as a contract) of the run that does not
// take it. Summaries and WalkSettled stay as the code is: a call that
// passes the constant is judged by what its caller holds.

// lockFlagStates returns the entry states Walk replays fi's function
// from when it has a lock flag, or nil.
func (fs *funcState) lockFlagStates(sum *Summary) []*state {
	for _, a := range sum.Acquires {
		g := a.Flag
		if g == nil || g.Free || g.Key != "" || g.Eq != "" || g.Param >= len(fs.fn.Params) || a.Kind.Counting() || !a.Gate.Crosses() {
			continue
		}
		p := fs.fn.Params[g.Param]
		if !lockFlag(p.Name(), g.When) { // Eq unset: a bool's test
			continue
		}
		if _, settled := fs.paths.Settled(p); settled {
			continue
		}
		entry := fs.initial.clone()
		entry.hold(fs.intern(a.GateOp), &Holding{GateOp: a.GateOp, Pos: p.Pos(),
			What: fmt.Sprintf("%s flag's (when %v)", p.Name(), !g.When), Contract: true})
		skip := fs.solveFrom(entry, fs.paths.Settle(p, !g.When))
		take := fs.solveWith(fs.paths.Settle(p, g.When))
		for i, st := range skip {
			switch {
			case st == nil:
				skip[i] = take[i]
			case take[i] != nil:
				st.join(take[i]) // the contract's holding is kept: callers' own held sets decide
			}
		}
		return skip
	}
	return nil
}

// lockFlag reports whether a bool parameter's name says, consistently
// with the code, that its caller holds the lock when the function does
// not take it: a name for the caller's state (locked, hasLock, held)
// when the function takes the lock on false, a name for an instruction
// (needLock, withLock) when it takes it on true. "if locked { Lock() }"
// reads either way, and is left to the code.
func lockFlag(name string, takesWhen bool) bool {
	name = strings.ToLower(name)
	for _, w := range []string{"locked", "held", "hold", "haslock", "havelock"} {
		if strings.Contains(name, w) {
			return !takesWhen
		}
	}
	return strings.Contains(name, "lock") && takesWhen
}
