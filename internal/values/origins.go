package values

import (
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Origins: which objects a value can hold, by the mode they were made
// with. A type whose objects are each made with a mode they keep (a
// fixed field that every allocation of the type in the package sets to
// a constant: a connection's kind, GATEWAY or LEAF) splits its objects
// into kinds that the code often keeps apart: the gateway connections
// in one map, the leaf connections in another, and the functions that
// lock one kind's connections never get the other's. Origins follows
// every value of the package that holds such objects (a pointer to
// one, or a slice, map, channel or variable of them) from the
// allocations that make them, through assignments, fields (each field
// one place, whatever its object), package variables, elements, calls
// and returns, to a set of modes per value: the kinds of object the
// value can hold.
//
// Code the package does not see (another package, through a call, an
// interface, an exported field or variable, a parameter of a function
// others can call) can only hand back objects it got from the package,
// or, of an exported type, made itself: what the package hands out
// flows into one node, the unknown, and what comes back in flows out of
// it. An object of an exported type that comes back may be of any
// mode (Modes says not known), and so may a value made in a way the
// flow does not follow. Containers (slices, maps,
// channels, pointers to a variable) are shared by whoever holds them:
// what is put in through one holder comes out through every other, so
// their flow runs both ways; an object pointer's runs one way.

// Origins holds the modes of a package's values.
type Origins struct {
	modes map[*types.TypeName][]*types.Var // a moded type's mode fields
	nodes map[any]*originNode
	// esc is the unknown: what the package hands to code it does not
	// see (another package, an interface, an exported field), which may
	// hand it back anywhere, with "T.*" for every moded type T another
	// package can make objects of (it is exported).
	esc *originNode
}

// An originNode is one place objects flow through: a value, a field, a
// package variable, a function's result.
type originNode struct {
	modes map[string]bool
	top   bool
	succs []originEdge
}

// An originEdge is a flow to a node; a narrowed flow lets through only
// the objects of one mode (a use under if c.kind == GATEWAY).
type originEdge struct {
	to     *originNode
	narrow *narrowing
}

// Modes returns the modes the objects that v (a pointer to an object of
// a moded type) can hold were made with, as "field=constant" lists,
// sorted; ok is false when the flow does not know them all.
func (o *Origins) Modes(v ssa.Value) ([]string, bool) {
	if o == nil {
		return nil, false
	}
	return o.modesIn(o.nodes[v], v.Type())
}

// FieldModes returns, as Modes does, the modes of the objects of type t
// (a pointer to an object of a moded type) that field f holds, itself
// or as elements of the container it is: the connections a map of them
// can hold.
func (o *Origins) FieldModes(f *types.Var, t types.Type) ([]string, bool) {
	if o == nil {
		return nil, false
	}
	return o.modesIn(o.nodes[f], t)
}

// modesIn returns the modes of the objects of type t that node n holds.
func (o *Origins) modesIn(n *originNode, t types.Type) ([]string, bool) {
	if n == nil || n.top || len(n.modes) == 0 {
		return nil, false
	}
	prefix := ""
	if p, ok := t.Underlying().(*types.Pointer); ok {
		if tn := o.modedType(p.Elem()); tn != nil {
			prefix = tn.Name() + "."
		}
	}
	if prefix == "" {
		return nil, false
	}
	out := make([]string, 0, len(n.modes))
	for m := range n.modes {
		if m == prefix+"*" {
			return nil, false // made by another package: any mode
		}
		if strings.HasPrefix(m, prefix) {
			out = append(out, m)
		}
	}
	if len(out) == 0 {
		return nil, false
	}
	sort.Strings(out)
	return out, true
}

// Moded reports whether t points to an object of a moded type.
func (o *Origins) Moded(t types.Type) bool {
	if o == nil {
		return false
	}
	p, ok := t.Underlying().(*types.Pointer)
	return ok && o.modedType(p.Elem()) != nil
}

func (o *Origins) modedType(t types.Type) *types.TypeName {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	if _, ok := o.modes[n.Obj()]; ok {
		return n.Obj()
	}
	return nil
}

// FindOrigins returns the origins of the values of the package whose
// source functions (closures and initializer included) are funcs, for
// its types that made fixes a mode of; nil when it has none. A mode set
// from a parameter that every call passes a constant for (paths'
// settled parameters: createInternalClient(SYSTEM)) takes each of them.
func FindOrigins(pkg *ssa.Package, funcs []*ssa.Function, made *Made, paths *Paths) *Origins {
	if pkg == nil || made == nil {
		return nil
	}
	o := &Origins{modes: make(map[*types.TypeName][]*types.Var), nodes: make(map[any]*originNode), esc: &originNode{modes: make(map[string]bool)}}
	allocs := o.modedAllocs(pkg, funcs, made, paths)
	if len(o.modes) == 0 {
		return nil
	}
	for tn := range o.modes {
		if tn.Exported() {
			o.esc.modes[tn.Name()+".*"] = true
		}
	}
	b := &originBuilder{o: o, pkg: pkg, carriers: make(map[types.Type]bool), known: make(map[*ssa.Function]bool), funcs: make(map[*ssa.Function]bool),
		narrow: make(map[*ssa.Function]map[ssa.Value][]*narrowing), exposed: make(map[*originNode]bool)}
	for _, fn := range funcs {
		b.funcs[fn] = true
	}
	b.openings(funcs)
	for _, fn := range funcs {
		b.function(fn, allocs)
	}
	o.solve()
	return o
}

// modedAllocs finds the moded types (a named struct type of pkg with
// fixed fields of a basic type that every allocation of it sets to a
// constant) and returns each allocation's mode.
func (o *Origins) modedAllocs(pkg *ssa.Package, funcs []*ssa.Function, made *Made, paths *Paths) map[*ssa.Alloc][]string {
	type site struct {
		a    *ssa.Alloc
		vals map[*types.Var][]string
	}
	byType := make(map[*types.TypeName][]site)
	notConst := make(map[*types.Var]bool) // a fixed field some allocation sets to a value not constant
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				a, ok := instr.(*ssa.Alloc)
				if !ok {
					continue
				}
				n, ok := types.Unalias(a.Type().(*types.Pointer).Elem()).(*types.Named)
				if !ok || n.Obj().Pkg() != pkg.Pkg || n.TypeParams().Len() > 0 {
					continue
				}
				st, ok := n.Underlying().(*types.Struct)
				if !ok {
					continue
				}
				s := site{a, make(map[*types.Var][]string)}
				for f := range st.Fields() {
					if b, basic := f.Type().Underlying().(*types.Basic); !basic || b.Info()&(types.IsInteger|types.IsString|types.IsBoolean) == 0 || !made.Fixed(f) {
						continue
					}
					s.vals[f] = []string{"0"} // unset: the zero value
					for _, st := range backStores(a, f) {
						vals, ok := constants(st.Val, paths)
						if !ok {
							notConst[f] = true
						}
						s.vals[f] = vals
					}
				}
				if len(s.vals) > 0 {
					byType[n.Obj()] = append(byType[n.Obj()], s)
				}
			}
		}
	}
	out := make(map[*ssa.Alloc][]string)
	for tn, sites := range byType {
		var fields []*types.Var
		for f := range sites[0].vals {
			if !notConst[f] {
				fields = append(fields, f)
			}
		}
		if len(fields) == 0 {
			continue
		}
		slices.SortFunc(fields, func(a, b *types.Var) int { return int(a.Pos() - b.Pos()) })
		o.modes[tn] = fields
		for _, s := range sites {
			combos := []string{""}
			for _, f := range fields {
				var next []string
				for _, c := range combos {
					for _, v := range s.vals[f] {
						part := tn.Name() + "." + f.Name() + "=" + v
						if c != "" {
							part = c + "," + part
						}
						next = append(next, part)
					}
				}
				combos = next
			}
			out[s.a] = combos
		}
	}
	return out
}

// constants returns the constants v can be, exactly: a constant, or a
// settled parameter's constants.
func constants(v ssa.Value, paths *Paths) ([]string, bool) {
	switch v := v.(type) {
	case *ssa.Const:
		if v.Value != nil {
			return []string{v.Value.ExactString()}, true
		}
	case *ssa.Parameter:
		if paths == nil {
			return nil, false
		}
		var out []string
		for _, k := range paths.params[v] {
			out = append(out, k.ExactString())
		}
		return out, len(out) > 0
	}
	return nil, false
}

// solve spreads modes and tops along the flows to a fixpoint. A
// narrowed flow lets through the modes it keeps; an object not known
// (top) that passes a test of a type's only mode field has that mode.
func (o *Origins) solve() {
	work := []*originNode{o.esc}
	for _, n := range o.nodes {
		if n.top || len(n.modes) > 0 {
			work = append(work, n)
		}
	}
	add := func(s *originNode, m string) bool {
		if s.top || s.modes[m] {
			return false
		}
		if s.modes == nil {
			s.modes = make(map[string]bool)
		}
		s.modes[m] = true
		return true
	}
	for len(work) > 0 {
		n := work[len(work)-1]
		work = work[:len(work)-1]
		for _, e := range n.succs {
			s, changed := e.to, false
			switch {
			case n.top && e.narrow != nil && len(o.modes[e.narrow.tn]) == 1:
				changed = add(s, e.narrow.mode())
			case n.top && !s.top:
				s.top, changed = true, true
			}
			for m := range n.modes {
				switch {
				case e.narrow == nil || e.narrow.keeps(m):
					changed = add(s, m) || changed
				case m == e.narrow.tn.Name()+".*" && len(o.modes[e.narrow.tn]) == 1:
					// Made elsewhere, but of the mode tested.
					changed = add(s, e.narrow.mode()) || changed
				}
			}
			if changed {
				work = append(work, s)
			}
		}
	}
}
