package gate

import (
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// Channel semaphores have no type of their own, so the model recognises
// them by use. A function that sends on a channel and receives from it in
// a deferred call (sem <- token; defer func() { <-sem }()) uses it as a
// semaphore whose send acquires; the pre-filled variant receives first
// and sends back in the defer. Without a defer, a send on a chan struct{}
// that dominates a receive from it counts too. A package-level variable
// or struct field so used anywhere in its package is a semaphore in every
// function, and in importing packages through ChanFact; //gatevet:gate
// marks one explicitly. A channel the package closes is none: a close
// opens a one-shot gate for good, and a receive from it then takes
// nothing (closedChans).

// chanDir says which channel operation acquires a channel semaphore.
type chanDir uint8

const (
	sendAcquires chanDir = iota + 1
	recvAcquires
)

// ChanFact marks a package-level variable or struct field holding a
// channel semaphore.
type ChanFact struct {
	RecvAcquires bool // tokens are pre-filled: receiving takes a permit
}

// AFact marks ChanFact as an analysis fact.
func (*ChanFact) AFact() {}

func (f *ChanFact) String() string {
	if f.RecvAcquires {
		return "chansem(recv acquires)"
	}
	return "chansem(send acquires)"
}

func (d chanDir) fact() *ChanFact { return &ChanFact{RecvAcquires: d == recvAcquires} }

// chanOp is one send or receive on a channel, in a function's own terms.
type chanOp struct {
	key      string
	obj      types.Object // the variable or field holding the channel
	send     bool
	deferred bool
	block    *ssa.BasicBlock
	index    int
	token    bool // a buffered chan struct{}: semaphore-shaped
}

// scanChans lists fn's channel operations, including those of closures
// it defers, translated into fn's terms.
func (m *model) scanChans(fn *ssa.Function) []chanOp {
	rs := m.namer(fn)
	var ops []chanOp
	add := func(ch ssa.Value, send, deferred bool, b *ssa.BasicBlock, i int, ref naming.Ref) {
		elem, _ := ch.Type().Underlying().(*types.Chan)
		tok := false
		if elem != nil {
			s, ok := elem.Elem().Underlying().(*types.Struct)
			tok = ok && s.NumFields() == 0 && m.buffered(ch)
		}
		ops = append(ops, chanOp{key: ref.Key(), obj: chanObject(ch), send: send, deferred: deferred, block: b, index: i, token: tok})
	}
	for _, b := range fn.Blocks {
		for i, instr := range b.Instrs {
			for _, o := range ChanOps(instr) {
				if ref, ok := rs.Of(o.Chan); ok {
					add(o.Chan, o.Send, false, b, i, ref)
				}
			}
			d, ok := instr.(*ssa.Defer)
			if !ok {
				continue
			}
			cal, ok := naming.Resolve(&d.Call)
			if !ok || cal.Fn.Parent() != fn {
				continue
			}
			inner := m.namer(cal.Fn)
			for _, ib := range cal.Fn.Blocks {
				for _, iinstr := range ib.Instrs {
					for _, o := range ChanOps(iinstr) {
						r, ok := inner.Of(o.Chan)
						if !ok {
							continue
						}
						if r, ok = rs.Translate(r, cal); ok {
							add(o.Chan, o.Send, true, b, i, r)
						}
					}
				}
			}
		}
	}
	return ops
}

// A ChanOp is one channel operation of an instruction: a send, a
// receive, or one case of a select, with the value sent or received
// (the value a v, ok := <-ch or a range over ch extracts; nil when
// nothing uses it).
type ChanOp struct {
	Chan  ssa.Value
	Send  bool
	Value ssa.Value
}

// ChanOps returns instr's channel operations.
func ChanOps(instr ssa.Instruction) []ChanOp {
	switch in := instr.(type) {
	case *ssa.Send:
		return []ChanOp{{in.Chan, true, in.X}}
	case *ssa.UnOp:
		if in.Op != token.ARROW {
			return nil
		}
		if !in.CommaOk {
			return []ChanOp{{in.X, false, in}}
		}
		return []ChanOp{{in.X, false, extracted(in, 0)}}
	case *ssa.Select:
		var out []ChanOp
		recv := 0
		for _, st := range in.States {
			if st.Dir == types.SendOnly {
				out = append(out, ChanOp{st.Chan, true, st.Send})
				continue
			}
			recv++ // the select's tuple is (index, recvOk, r0, r1, …)
			out = append(out, ChanOp{st.Chan, false, extracted(in, 1+recv)})
		}
		return out
	}
	return nil
}

// extracted returns the Extract of component i of tuple v, or nil.
func extracted(v ssa.Value, i int) ssa.Value {
	for _, u := range *v.Referrers() {
		if ex, ok := u.(*ssa.Extract); ok && ex.Index == i {
			return ex
		}
	}
	return nil
}

// buffered reports whether ch is known to be made with a buffer: by a
// make in this function, or stored into its variable or field by one
// somewhere in the package. An unbuffered channel is a handshake.
func (m *model) buffered(ch ssa.Value) bool {
	if mc, ok := ch.(*ssa.MakeChan); ok {
		return nonZero(mc.Size)
	}
	obj := chanObject(ch)
	return obj != nil && m.bufferedObjs[obj]
}

func nonZero(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	return !ok || k.Value == nil || k.Value.String() != "0"
}

// noteBuffered records the variables and fields that a buffered make is
// stored into in fn, and the capacities of the counting gates stored
// into them (a make, or semaphore.NewWeighted).
func (m *model) noteBuffered(fn *ssa.Function) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok {
				continue
			}
			var obj types.Object
			switch addr := st.Addr.(type) {
			case *ssa.Global:
				obj = addr.Object()
			case *ssa.FieldAddr:
				if f := fieldVar(addr.X.Type(), addr.Field); f != nil {
					obj = f
				}
			}
			if obj == nil {
				continue
			}
			if mc, ok := st.Val.(*ssa.MakeChan); ok {
				m.noteCapacity(obj, mc.Size)
				if nonZero(mc.Size) {
					m.bufferedObjs[obj] = true
				}
			} else if size, ok := known.NewWeighted(st.Val); ok {
				m.noteCapacity(obj, size)
			} else if _, isChan := st.Val.Type().Underlying().(*types.Chan); isChan || known.IsNamed(st.Val.Type(), "golang.org/x/sync/semaphore", "Weighted") {
				m.capacity[obj] = -1 // given one from elsewhere: its size is not known
			}
		}
	}
}

// chanObject returns the package-level variable or field a channel value
// was loaded from.
func chanObject(v ssa.Value) types.Object {
	switch v := v.(type) {
	case *ssa.UnOp:
		switch x := v.X.(type) {
		case *ssa.Global:
			return x.Object()
		case *ssa.FieldAddr:
			return fieldVar(x.X.Type(), x.Field)
		}
	case *ssa.Field:
		return fieldVar(v.X.Type(), v.Field)
	}
	return nil
}

func fieldVar(t types.Type, i int) *types.Var {
	if s, ok := known.PointerElem(t).Underlying().(*types.Struct); ok && i < s.NumFields() {
		return s.Field(i)
	}
	return nil
}

// classify decides, per channel key, which operation acquires in fn.
func classify(ops []chanOp, dom func(a, b *ssa.BasicBlock) bool) map[string]chanDir {
	out := make(map[string]chanDir)
	byKey := make(map[string][]chanOp)
	for _, o := range ops {
		byKey[o.key] = append(byKey[o.key], o)
	}
	for key, ops := range byKey {
		var send, recv, dsend, drecv bool
		for _, o := range ops {
			switch {
			case o.send && o.deferred:
				dsend = true
			case o.deferred:
				drecv = true
			case o.send:
				send = true
			default:
				recv = true
			}
		}
		switch {
		case send && drecv && !dsend:
			out[key] = sendAcquires
		case recv && dsend && !drecv:
			out[key] = recvAcquires
		case !dsend && !drecv:
			if d := dominanceDir(ops, dom); d != 0 {
				out[key] = d
			}
		}
	}
	return out
}

// dominanceDir classifies a token channel without defers: the operation
// that comes first on every path acquires.
func dominanceDir(ops []chanOp, dom func(a, b *ssa.BasicBlock) bool) chanDir {
	before := func(a, b chanOp) bool {
		if a.block == b.block {
			return a.index < b.index
		}
		return dom(a.block, b.block)
	}
	var dir chanDir
	for _, a := range ops {
		if !a.token {
			return 0
		}
		for _, b := range ops {
			if a.send == b.send || !before(a, b) {
				continue
			}
			d := sendAcquires
			if !a.send {
				d = recvAcquires
			}
			if dir != 0 && dir != d {
				return 0
			}
			dir = d
		}
	}
	return dir
}

// chanEffects returns the effect of a send (or receive) on ch.
func (m *model) chanEffects(fs *funcState, ch ssa.Value, send bool, at token.Pos) []effect {
	pos, end := fs.refs.Span(at)
	ref, ok := fs.refs.Of(ch)
	if !ok {
		return nil
	}
	dir := m.chanDirOf(fs, ref, ch)
	if dir == 0 {
		return nil
	}
	acquire := send == (dir == sendAcquires)
	what := "<-" + ref.Spell(m.pkgPath)
	if send {
		what = ref.Spell(m.pkgPath) + " <-"
	}
	e := effect{gate: GateOp{Gate: ref, Kind: known.ChanSem}, pos: pos, end: end, what: what}
	if acquire {
		e.op, e.blocking, e.check, e.hold = known.Acquire, true, true, true
	} else {
		e.op = known.Release
	}
	return []effect{e}
}

// selectEffects returns the effects of a select's semaphore cases: an
// acquiring case holds the gate on the branch that chose it. When some
// other case acquires nothing and is no way of giving up, the select may
// end its wait there instead (OrElse): a receive of an error that a
// read-only mode keeps offering, a send to a goroutine that merges the
// work. Giving up is no way on: a cancellation (ctx.Done(), a timer) or
// a channel the package closes (a quit signal) ends the wait only when
// the caller stops waiting for the gate.
func (m *model) selectEffects(fs *funcState, sel *ssa.Select) []effect {
	var out []effect
	others := 0 // the cases that acquire nothing and do not give up
	for i, st := range sel.States {
		acquires := false
		for _, e := range m.chanEffects(fs, st.Chan, st.Dir == types.SendOnly, st.Pos) {
			if e.op == known.Acquire {
				acquires = true
				e.blocking = sel.Blocking
				e.cond, e.condVal, e.index = known.IfIndex, sel, i
			}
			out = append(out, e)
		}
		obj := chanObject(st.Chan)
		if !acquires && known.Cancellation(st.Chan) == "" && (obj == nil || !m.closedChans[obj]) {
			others++
		}
	}
	for i := range out {
		out[i].orElse = out[i].op == known.Acquire && others > 0
	}
	return out
}

func (m *model) chanDirOf(fs *funcState, ref naming.Ref, ch ssa.Value) chanDir {
	obj := chanObject(ch)
	if obj != nil && m.closedChans[obj] {
		return 0
	}
	if d, ok := fs.chans[ref.Key()]; ok {
		return d
	}
	if obj == nil {
		return 0
	}
	if d, ok := m.chanObjs[obj]; ok {
		return d
	}
	if obj.Pkg() != nil && obj.Pkg() != m.pass.Pkg {
		var f ChanFact
		if m.pass.ImportObjectFact(obj, &f) {
			d := sendAcquires
			if f.RecvAcquires {
				d = recvAcquires
			}
			m.chanObjs[obj] = d
			return d
		}
	}
	return 0
}

// closedChans returns the channel variables and fields funcs close. A
// channel the package closes is a signal, not a semaphore: a close
// opens it for good (a one-shot gate that lets every later receive
// through, with nothing taken), so its sends and receives neither
// acquire nor release.
func closedChans(funcs []*ssa.Function) map[types.Object]bool {
	out := make(map[types.Object]bool)
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				if bi, ok := call.Call.Value.(*ssa.Builtin); ok && bi.Name() == "close" && len(call.Call.Args) == 1 {
					if obj := chanObject(call.Call.Args[0]); obj != nil {
						out[obj] = true
					}
				}
			}
		}
	}
	return out
}

// classifyChans finds the package's channel semaphores before any
// function is analysed, and exports them as facts.
func (m *model) classifyChans(funcs []*ssa.Function) {
	// Package-level initialisers live in the synthetic init function.
	if init := m.ssaPkg.Func("init"); init != nil {
		m.noteBuffered(init)
	}
	for _, fn := range funcs {
		m.noteBuffered(fn)
	}
	m.closedChans = closedChans(funcs)
	votes := make(map[types.Object][3]int)
	for _, fn := range funcs {
		if len(fn.Blocks) == 0 || len(fn.Blocks) > maxBlocks {
			continue
		}
		ops := m.scanChans(fn)
		dirs := classify(ops, dominates)
		for _, o := range ops {
			if d, ok := dirs[o.key]; ok && o.obj != nil && o.obj.Pkg() == m.pass.Pkg {
				v := votes[o.obj]
				v[d]++
				votes[o.obj] = v
			}
		}
	}
	for obj, v := range votes {
		switch {
		case m.closedChans[obj]:
		case v[sendAcquires] > v[recvAcquires]:
			m.chanObjs[obj] = sendAcquires
		case v[recvAcquires] > v[sendAcquires]:
			m.chanObjs[obj] = recvAcquires
		}
	}
	for obj, ds := range m.dirs.ByObject {
		if _, isChan := obj.Type().Underlying().(*types.Chan); !isChan {
			continue
		}
		for _, d := range ds {
			if _, done := m.chanObjs[obj]; d.Kind == directive.Gate && !done {
				m.chanObjs[obj] = sendAcquires
			}
		}
	}
	objs := make([]types.Object, 0, len(m.chanObjs))
	for obj := range m.chanObjs {
		objs = append(objs, obj)
	}
	sort.Slice(objs, func(i, j int) bool { return objs[i].Pos() < objs[j].Pos() })
	for _, obj := range objs {
		if _, isVar := obj.(*types.Var); isVar {
			m.pass.ExportObjectFact(obj, m.chanObjs[obj].fact())
		}
	}
}

func dominates(a, b *ssa.BasicBlock) bool { return a.Dominates(b) }
