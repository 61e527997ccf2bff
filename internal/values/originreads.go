package values

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Reads. Containers are shared by whoever holds them, so a flow between
// two holders runs both ways; a holder that only reads (ranges over the
// container, looks up, measures) puts nothing in, and gets its flow one
// way: reading two maps through one helper mixes nothing into either.

// into adds the flow of a container or object of type t from node from
// into value v: one way when v is a container that is only read (a
// range over it, a lookup, a length), since nothing is put in through
// it; both ways otherwise.
func (b *originBuilder) into(t types.Type, from *originNode, v ssa.Value) {
	if !b.object(t) && readOnly(v) {
		from.succs = append(from.succs, originEdge{to: b.val(v)})
		return
	}
	b.flow(t, from, b.val(v))
}

// readOnly reports whether container value v is only read where it is
// used: ranged over, looked up, indexed to load, measured.
func readOnly(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.Range, *ssa.Lookup, *ssa.Index, *ssa.DebugRef:
		case *ssa.IndexAddr:
			for _, u := range *r.Referrers() {
				if load, ok := u.(*ssa.UnOp); !ok || load.Op != token.MUL {
					return false
				}
			}
		case *ssa.Call:
			if bi, ok := r.Call.Value.(*ssa.Builtin); !ok || bi.Name() != "len" && bi.Name() != "cap" {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// onlyIterated reports whether x, a local array (a slice or array
// literal's), is only filled in place and read, and what is read out of
// it only read in turn: []map[uint64]*client{s.clients, s.leafs}, ranged
// over to range over each map.
func onlyIterated(x ssa.Value) bool {
	a, ok := x.(*ssa.Alloc)
	if !ok {
		return false
	}
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.IndexAddr:
			for _, u := range *r.Referrers() {
				switch u := u.(type) {
				case *ssa.Store:
					if u.Addr != r {
						return false
					}
				case *ssa.UnOp:
					if u.Op != token.MUL || !readOnly(u) {
						return false
					}
				default:
					return false
				}
			}
		case *ssa.Slice:
			if !elementsRead(r) {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// elementsRead reports whether slice s is only read, and its elements
// loaded only to be read.
func elementsRead(s ssa.Value) bool {
	for _, r := range *s.Referrers() {
		switch r := r.(type) {
		case *ssa.IndexAddr:
			for _, u := range *r.Referrers() {
				if load, ok := u.(*ssa.UnOp); !ok || load.Op != token.MUL || !readOnly(load) {
					return false
				}
			}
		case *ssa.Call:
			if bi, ok := r.Call.Value.(*ssa.Builtin); !ok || bi.Name() != "len" {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}
