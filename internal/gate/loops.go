package gate

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// A hold can be carried around a loop: "for … { mu.Lock(); defer
// mu.Unlock(); … }" keeps mu until the function returns, and a body that
// continues on one branch without unlocking carries it to the next
// iteration. The must-held join at the loop's head forgets such a hold
// (the loop is also entered without it), so each back edge is followed
// on its own: from the state it carries, through the loop's blocks, to an
// acquire of the gate it still holds. A back edge carries only what every
// path to it holds, so a lock taken once under a flag ("if !locked {
// mu.Lock(); locked = true }") is not carried: the path that skips it
// holds nothing.

// carried records fi's acquires that a previous iteration of their loop
// still holds, as acquire points with Carried set.
func (m *model) carried(fi *FuncInfo) {
	fs := fi.fs
	for _, h := range fs.fn.Blocks {
		if fs.in[h.Index] == nil {
			continue
		}
		for _, p := range h.Preds {
			if !h.Dominates(p) || fs.in[p.Index] == nil {
				continue
			}
			out := fs.outTo(p, h)
			if out == nil {
				continue
			}
			var extra bool
			for _, g := range out.held {
				if fs.in[h.Index].get(g.id) == nil {
					extra = true
				}
			}
			if extra {
				m.followBack(fi, h, out, continueAt(fs.fn, p, h))
			}
		}
	}
}

// outTo returns the state block p passes to its successor s.
func (fs *funcState) outTo(p, s *ssa.BasicBlock) *state {
	outs := fs.transfer(p, fs.in[p.Index].clone(), nil)
	for i, succ := range p.Succs {
		if succ == s && cfg.Taken(p, i) {
			if len(outs) > 1 {
				return outs[i]
			}
			return outs[0]
		}
	}
	return nil
}

// followBack runs the loop headed by h from the state st that one of its
// back edges carries, once round (not back to h), and records the
// blocking acquires of gates that state still holds; back is the
// continue statement of the edge, if it has one.
func (m *model) followBack(fi *FuncInfo, h *ssa.BasicBlock, st *state, back token.Pos) {
	fs := fi.fs
	loop := cfg.LoopOf(h)
	seen := make(map[ssa.Instruction]bool)
	visit := func(instr ssa.Instruction, s *state) {
		if _, deferred := instr.(*ssa.Defer); deferred || starts(instr) || seen[instr] {
			return
		}
		for _, e := range fs.effects[instr] {
			if e.op != known.Acquire || !e.blocking || !e.check || e.gate.Kind.Counting() {
				// A counting semaphore taken once per iteration is a
				// throttle: its permits run out only under load, and
				// handing them on is how producers work.
				continue
			}
			if held := s.get(e.id); held != nil && st.get(e.id) != nil && fs.in[instr.Block().Index].get(e.id) == nil &&
				fs.invariant(e.gate.Gate, loop) {
				seen[instr] = true
				ap := newAcquirePoint(instr, e, held)
				ap.Owned, ap.Carried, ap.Continue = true, true, back
				fi.Acquires = append(fi.Acquires, ap)
			}
		}
	}
	cfg.Dataflow[*state]{
		Entry:    st,
		Start:    h,
		Follow:   func(_, to *ssa.BasicBlock) bool { return to != h && loop[to] },
		Transfer: func(b *ssa.BasicBlock, in *state) []*state { return fs.transfer(b, in, visit) },
		Join:     (*state).join,
		Clone:    (*state).clone,
	}.Solve(fs.fn)
}

// invariant reports whether gate r names the same gate in every
// iteration of loop: a package-level variable, a parameter or a free
// variable, or a local made before the loop and not assigned in it. A
// range variable's lock (for _, mb := range blks { mb.mu.Lock() }) is
// another instance each time round.
func (fs *funcState) invariant(r naming.Ref, loop map[*ssa.BasicBlock]bool) bool {
	if r.Root != naming.Local {
		return true
	}
	v := fs.refs.LocalValue(r)
	instr, ok := v.(ssa.Instruction)
	if v == nil || !ok || loop[instr.Block()] {
		return false
	}
	if a, isAlloc := v.(*ssa.Alloc); isAlloc {
		for _, ref := range *a.Referrers() {
			if st, isStore := ref.(*ssa.Store); isStore && st.Addr == a && loop[st.Block()] {
				return false
			}
		}
	}
	return true
}

// continueAt returns the position of the continue statement of the edge
// from p back to its loop's head h: the continue a branch of an if
// starts with (if done { continue }), when the edge is that branch's,
// or the statement right after the simple statement of p's last
// instruction with a position, in the innermost list of statements that
// holds it. NoPos when the
// edge ends the loop's body, or it cannot be told.
func continueAt(fn *ssa.Function, p, h *ssa.BasicBlock) token.Pos {
	syn := fn.Syntax()
	if syn == nil {
		return token.NoPos
	}
	if br, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If); ok {
		return continueOfBranch(syn, br, p.Succs[1] == h)
	}
	last := token.NoPos
	for _, instr := range p.Instrs {
		if instr.Pos().IsValid() {
			last = instr.Pos()
		}
	}
	if !last.IsValid() {
		// A block of its jump alone: the branch of the if before it.
		if len(p.Preds) != 1 {
			return token.NoPos
		}
		br, ok := p.Preds[0].Instrs[len(p.Preds[0].Instrs)-1].(*ssa.If)
		if !ok {
			return token.NoPos
		}
		return continueOfBranch(syn, br, p.Preds[0].Succs[1] == p)
	}
	found := token.NoPos
	ast.Inspect(syn, func(n ast.Node) bool {
		if n == nil || last < n.Pos() || last >= n.End() {
			return false
		}
		list, ok := stmtList(n)
		if !ok {
			return true
		}
		// The lists holding last are visited outermost first: the
		// innermost one decides.
		found = token.NoPos
		for i, stmt := range list {
			if stmt.Pos() <= last && last < stmt.End() && simple(stmt) && i+1 < len(list) {
				found = continuePos(list[i+1])
			}
		}
		return true
	})
	return found
}

// continueOfBranch returns the position of the continue that the then
// branch of the if br stands for (its else, with elseBranch) starts with.
func continueOfBranch(syn ast.Node, br *ssa.If, elseBranch bool) token.Pos {
	if !br.Cond.Pos().IsValid() {
		return token.NoPos
	}
	found := token.NoPos
	ast.Inspect(syn, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || found.IsValid() {
			return !found.IsValid()
		}
		if br.Cond.Pos() < ifs.Cond.Pos() || br.Cond.Pos() >= ifs.Cond.End() {
			return true
		}
		var body ast.Stmt = ifs.Body
		if elseBranch {
			body = ifs.Else
		}
		if b, ok := body.(*ast.BlockStmt); ok && len(b.List) > 0 {
			found = continuePos(b.List[0])
		}
		return false
	})
	return found
}

// stmtList returns the statements n lists, if it is a block or a case.
func stmtList(n ast.Node) ([]ast.Stmt, bool) {
	switch n := n.(type) {
	case *ast.BlockStmt:
		return n.List, true
	case *ast.CaseClause:
		return n.Body, true
	case *ast.CommClause:
		return n.Body, true
	}
	return nil, false
}

// simple reports whether stmt holds no statements of its own, so that
// what runs in it is followed by the next statement.
func simple(stmt ast.Stmt) bool {
	switch stmt.(type) {
	case *ast.ExprStmt, *ast.AssignStmt, *ast.SendStmt, *ast.IncDecStmt, *ast.DeclStmt, *ast.DeferStmt, *ast.GoStmt:
		return true
	}
	return false
}

// continuePos returns stmt's position if it is a continue, or NoPos.
func continuePos(stmt ast.Stmt) token.Pos {
	if b, ok := stmt.(*ast.BranchStmt); ok && b.Tok == token.CONTINUE {
		return b.Pos()
	}
	return token.NoPos
}
