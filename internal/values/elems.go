package values

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// List element types. A container/list.List kept in an unexported field
// holds only what the package puts in it: when every insertion into the
// field's list (PushBack, PushFront, InsertBefore, InsertAfter) gives a
// value of one dynamic type T, a comma-ok assertion to T of the Value of
// an element taken from that list (its Front or Back, an insertion's
// result, and Next or Prev from there) succeeds, and the branch that
// handles its failure never runs:
//
//	req, ok := q.items.Front().Value.(*request)
//	if !ok { … } // dead
//
// (An element that is nil panics before the assertion.) The list must be
// used only through its methods, called on the field, and made by
// list.New, stored straight into the field, or not at all; anything
// else (the list passed on or copied, seeded before it is stored, used
// through Init's result, another list pushed in, a value pushed as an
// interface, any element's Value stored) leaves its element type
// unknown, and so does an assertion to a type parameter.
type elemTypes struct {
	of map[*types.Var]types.Type // nil: unknown
}

// findElemTypes reads the list fields of the package's functions funcs.
func findElemTypes(funcs []*ssa.Function) *elemTypes {
	t := &elemTypes{of: make(map[*types.Var]types.Type)}
	valueStored := false
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				fa, ok := instr.(*ssa.FieldAddr)
				if !ok {
					continue
				}
				f := naming.FieldOf(fa)
				switch {
				case isListElemValue(f):
					for _, ref := range *fa.Referrers() {
						if st, ok := ref.(*ssa.Store); ok && st.Addr == fa {
							valueStored = true
						}
					}
				case listField(f):
					t.readField(fa, f)
				}
			}
		}
	}
	if valueStored {
		clear(t.of)
	}
	return t
}

// readField reads one use of list field f's address fa: it keeps what
// the field's list holds known only while every use is a list method
// called on the field, an insertion of a concrete value, or a store of
// a new list.
func (t *elemTypes) readField(fa *ssa.FieldAddr, f *types.Var) {
	if cur, has := t.of[f]; has && cur == nil {
		return
	}
	unknown := func() { t.of[f] = nil }
	insert := func(v ssa.Value) {
		mi, ok := v.(*ssa.MakeInterface)
		if cur, has := t.of[f]; !ok || has && (cur == nil || !types.Identical(cur, mi.X.Type())) {
			unknown()
			return
		}
		t.of[f] = mi.X.Type()
	}
	lists := []ssa.Value{fa}
	if _, ptr := f.Type().Underlying().(*types.Pointer); ptr {
		lists = nil
		for _, ref := range *fa.Referrers() {
			switch ref := ref.(type) {
			case *ssa.UnOp:
				if ref.Op != token.MUL {
					unknown()
					return
				}
				lists = append(lists, ref)
			case *ssa.Store:
				// A new list, stored and used nowhere else: nothing was
				// pushed into it first.
				if c, ok := ref.Val.(*ssa.Call); !ok || !isFunc(c.Call.StaticCallee(), "New") || len(*c.Referrers()) != 1 {
					unknown()
					return
				}
			default:
				unknown()
				return
			}
		}
	}
	for _, l := range lists {
		for _, ref := range *l.Referrers() {
			c, ok := ref.(*ssa.Call)
			if !ok || !isFunc(c.Call.StaticCallee(), "") || len(c.Call.Args) == 0 || c.Call.Args[0] != l {
				if bin, ok := ref.(*ssa.BinOp); ok && (bin.Op == token.EQL || bin.Op == token.NEQ) {
					continue
				}
				unknown()
				return
			}
			for _, a := range c.Call.Args[1:] {
				if a == l {
					unknown()
					return
				}
			}
			switch c.Call.StaticCallee().Name() {
			case "PushBack", "PushFront", "InsertBefore", "InsertAfter":
				insert(c.Call.Args[1])
			case "PushBackList", "PushFrontList":
				unknown()
			case "Init":
				// Init returns the list itself: what is done through
				// its result is not followed.
				if len(*c.Referrers()) > 0 {
					unknown()
				}
			}
		}
	}
}

// decides returns true for the ok result of a comma-ok assertion that
// a list field's element type makes certain.
func (t *elemTypes) decides(c ssa.Value) (val, ok bool) {
	if t == nil || len(t.of) == 0 {
		return false, false
	}
	ex, isEx := c.(*ssa.Extract)
	if !isEx || ex.Index != 1 {
		return false, false
	}
	ta, isTA := ex.Tuple.(*ssa.TypeAssert)
	if !isTA || !ta.CommaOk {
		return false, false
	}
	load, isLoad := ta.X.(*ssa.UnOp)
	if !isLoad || load.Op != token.MUL {
		return false, false
	}
	fa, isFA := load.X.(*ssa.FieldAddr)
	if !isFA || !isListElemValue(naming.FieldOf(fa)) {
		return false, false
	}
	f, _ := t.listOf(fa.X, make(map[ssa.Value]bool))
	elem := t.of[f]
	if f == nil || elem == nil {
		return false, false
	}
	if _, param := types.Unalias(ta.AssertedType).(*types.TypeParam); param {
		return false, false // whatever the instance asks for
	}
	if types.IsInterface(ta.AssertedType) {
		return true, types.Implements(elem, ta.AssertedType.Underlying().(*types.Interface))
	}
	return true, types.Identical(elem, ta.AssertedType)
}

// listOf returns the list field whose list element e comes from; ok is
// false when it is unknown, and f nil when e only goes round a loop
// (the Next of a phi that is being followed) or is nil.
func (t *elemTypes) listOf(e ssa.Value, seen map[ssa.Value]bool) (f *types.Var, ok bool) {
	if seen[e] {
		return nil, true
	}
	seen[e] = true
	switch e := e.(type) {
	case *ssa.Const:
		return nil, e.IsNil()
	case *ssa.Phi:
		for _, in := range e.Edges {
			g, ok := t.listOf(in, seen)
			if !ok || g != nil && f != nil && g != f {
				return nil, false
			}
			if g != nil {
				f = g
			}
		}
		return f, true
	case *ssa.Call:
		callee := e.Call.StaticCallee()
		if !isFunc(callee, "") || len(e.Call.Args) == 0 {
			return nil, false
		}
		switch callee.Name() {
		case "Next", "Prev":
			return t.listOf(e.Call.Args[0], seen)
		case "Front", "Back", "PushBack", "PushFront", "InsertBefore", "InsertAfter":
			l := e.Call.Args[0]
			if load, ok := l.(*ssa.UnOp); ok && load.Op == token.MUL {
				l = load.X
			}
			if fa, ok := l.(*ssa.FieldAddr); ok && listField(naming.FieldOf(fa)) {
				return naming.FieldOf(fa), true
			}
		}
	}
	return nil, false
}

// listField reports whether f is an unexported field that holds a
// container/list.List or a pointer to one.
func listField(f *types.Var) bool {
	return f != nil && !f.Exported() && known.IsNamed(f.Type(), "container/list", "List")
}

// isListElemValue reports whether f is list.Element's Value.
func isListElemValue(f *types.Var) bool {
	return f != nil && f.Name() == "Value" && f.Pkg() != nil && f.Pkg().Path() == "container/list"
}

// isFunc reports whether fn is a function or method of container/list
// named name (any, for "").
func isFunc(fn *ssa.Function, name string) bool {
	return fn != nil && known.PkgPath(fn) == "container/list" && (name == "" || fn.Name() == name)
}
