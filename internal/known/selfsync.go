package known

import (
	"go/types"
)

// SelfSynced reports whether values of type t synchronise themselves, so
// that using one is never a use of a resource: sync and sync/atomic
// types, channels, gates, and standard-library values documented as safe
// for concurrent use.
func SelfSynced(t types.Type) bool {
	if t == nil {
		return false
	}
	for {
		p, ok := types.Unalias(t).(*types.Pointer)
		if !ok {
			break
		}
		t = p.Elem()
	}
	switch t.Underlying().(type) {
	case *types.Chan, *types.Signature, *types.Interface:
		// Channels synchronise; funcs and interfaces are used through
		// calls whose bodies are not known here.
		return true
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	path, name := n.Obj().Pkg().Path(), n.Obj().Name()
	switch path {
	case "sync", "sync/atomic", "expvar", "context":
		return true
	}
	return safeStd[path+"."+name]
}

// safeStd are standard-library types documented as safe for concurrent
// use by multiple goroutines.
var safeStd = map[string]bool{
	"log.Logger":                           true,
	"log/slog.Logger":                      true,
	"net/http.Client":                      true,
	"net/http.Transport":                   true,
	"net/http.ServeMux":                    true,
	"database/sql.DB":                      true,
	"database/sql.Stmt":                    true,
	"regexp.Regexp":                        true,
	"text/template.Template":               true,
	"html/template.Template":               true,
	"os.File":                              true,
	"golang.org/x/sync/semaphore.Weighted": true,
}

// PointerElem returns what t points to, or t itself.
func PointerElem(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// Field returns the field named name of the struct t is, or points to;
// nil when there is none.
func Field(t types.Type, name string) *types.Var {
	st, ok := PointerElem(t).Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() == name {
			return st.Field(i)
		}
	}
	return nil
}

// PromotedField returns the field name selects on a value of type t (or
// of the struct t points to): one of its own, or one promoted from a
// struct it embeds, whatever package declares it, the shallowest as in
// Go; nil when there is none, or when two are at the shallowest depth
// (Go selects neither).
func PromotedField(t types.Type, name string) *types.Var {
	level := []types.Type{t}
	for depth := 0; depth < 8 && len(level) > 0; depth++ {
		var found *types.Var
		var next []types.Type
		for _, t := range level {
			st, ok := PointerElem(t).Underlying().(*types.Struct)
			if !ok {
				continue
			}
			for i := 0; i < st.NumFields(); i++ {
				f := st.Field(i)
				if f.Name() == name {
					if found != nil {
						return nil
					}
					found = f
				}
				if f.Embedded() {
					next = append(next, f.Type())
				}
			}
		}
		if found != nil {
			return found
		}
		level = next
	}
	return nil
}

// ElemType returns the element type of slice or array t, or of the
// array t points to; nil for other types.
func ElemType(t types.Type) types.Type {
	switch u := PointerElem(t).Underlying().(type) {
	case *types.Slice:
		return u.Elem()
	case *types.Array:
		return u.Elem()
	}
	return nil
}
