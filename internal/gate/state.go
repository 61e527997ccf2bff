package gate

import "golang.org/x/tools/go/ssa"

// state is the dataflow fact at one program point. Gates are small ints,
// interned per function, so that states are cheap to copy: the must-held
// set is a short slice of pointers to immutable Holdings, and the touched
// set a bitset.
type state struct {
	held    []heldGate // must-held: held on every path here, by id
	touched bitset     // may have been acquired or released since entry
	// everyPath holds the gates acquired or released since entry on
	// every path here: an acquire of any other gate is, on some path,
	// the function's first, which its callers' holdings meet.
	everyPath bitset
	deferred  []*ssa.Defer // defers that may be pending
}

type heldGate struct {
	id int
	h  *Holding
}

type bitset []uint64

func (b *bitset) set(i int) {
	for len(*b) <= i/64 {
		*b = append(*b, 0)
	}
	(*b)[i/64] |= 1 << (i % 64)
}

// touch notes that gate id is acquired or released here.
func (s *state) touch(id int) {
	s.touched.set(id)
	s.everyPath.set(id)
}

func (b bitset) has(i int) bool { return i/64 < len(b) && b[i/64]&(1<<(i%64)) != 0 }

// all yields the members of b.
func (b bitset) all(yield func(int) bool) {
	for w, bits := range b {
		for i := 0; bits != 0; i, bits = i+1, bits>>1 {
			if bits&1 != 0 && !yield(w*64+i) {
				return
			}
		}
	}
}

func (s *state) clone() *state {
	return &state{
		held:      append([]heldGate(nil), s.held...),
		touched:   append(bitset(nil), s.touched...),
		everyPath: append(bitset(nil), s.everyPath...),
		deferred:  append([]*ssa.Defer(nil), s.deferred...),
	}
}

func (s *state) get(id int) *Holding {
	for _, g := range s.held {
		if g.id == id {
			return g.h
		}
	}
	return nil
}

func (s *state) hold(id int, h *Holding) {
	for i, g := range s.held {
		if g.id == id {
			s.held[i].h = h
			return
		}
	}
	s.held = append(s.held, heldGate{id, h})
}

func (s *state) drop(id int) {
	for i, g := range s.held {
		if g.id == id {
			s.held = append(s.held[:i:i], s.held[i+1:]...)
			return
		}
	}
}

// join merges o into s; it reports whether s changed.
func (s *state) join(o *state) bool {
	changed := false
	kept := s.held[:0]
	for _, g := range s.held {
		if oh := o.get(g.id); oh != nil && oh.Mode == g.h.Mode {
			kept = append(kept, g)
		} else {
			changed = true
		}
	}
	s.held = kept
	for i, w := range o.touched {
		if i >= len(s.touched) {
			s.touched = append(s.touched, 0)
		}
		if s.touched[i]|w != s.touched[i] {
			s.touched[i] |= w
			changed = true
		}
	}
	for i, w := range s.everyPath {
		if i >= len(o.everyPath) {
			w = 0
		} else {
			w &= o.everyPath[i]
		}
		if w != s.everyPath[i] {
			s.everyPath[i] = w
			changed = true
		}
	}
	for _, d := range o.deferred {
		if !hasDefer(s.deferred, d) {
			s.deferred = append(s.deferred, d)
			changed = true
		}
	}
	return changed
}

// intern gives a gate its id in fs.
func (fs *funcState) intern(op GateOp) int {
	k := op.Gate.Key()
	if id, ok := fs.gateIDs[k]; ok {
		return id
	}
	id := len(fs.gates)
	fs.gates = append(fs.gates, op)
	fs.gateIDs[k] = id
	return id
}

// Held is the set of gates held on every path to one point.
type Held struct {
	st  *state
	ids map[string]int // the function's gates, by key
}

// Untouched reports whether no path to the point acquires or releases
// the gate of key (Ref.Key) since the function's entry: it is held there
// only if it is held on entry.
func (h Held) Untouched(key string) bool {
	id, ok := h.ids[key]
	return !ok || !h.st.touched.has(id)
}

// All returns the held gates.
func (h Held) All() []*Holding {
	out := make([]*Holding, len(h.st.held))
	for i, g := range h.st.held {
		out[i] = g.h
	}
	return out
}

// Has reports whether the gate of key (Ref.Key) is held.
func (h Held) Has(key string) bool {
	for _, g := range h.st.held {
		if g.h.Gate.Key() == key {
			return true
		}
	}
	return false
}
