package known

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// IsNamed reports whether t is, or points to, the named type path.name.
func IsNamed(t types.Type, path, name string) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path && n.Obj().Name() == name
}

// PkgPath returns the import path of the package that declares fn, or
// "" for a synthetic function. It does not need fn.Pkg, which is nil for
// a method of a package the SSA program did not create (the gate model
// creates only the imports whose functions or variables the package
// names; their methods are made on demand).
func PkgPath(fn *ssa.Function) string {
	if fn.Pkg != nil {
		return fn.Pkg.Pkg.Path()
	}
	if obj := fn.Object(); obj != nil && obj.Pkg() != nil {
		return obj.Pkg().Path()
	}
	if o := fn.Origin(); o != nil && o != fn {
		return PkgPath(o)
	}
	return ""
}

// NewWeighted returns the size given to semaphore.NewWeighted, when v is
// such a call.
func NewWeighted(v ssa.Value) (ssa.Value, bool) {
	c, ok := v.(*ssa.Call)
	if !ok || len(c.Call.Args) != 1 {
		return nil, false
	}
	f := c.Call.StaticCallee()
	if f == nil || f.Name() != "NewWeighted" || PkgPath(f) != "golang.org/x/sync/semaphore" {
		return nil, false
	}
	return c.Call.Args[0], true
}

// NeverCancelled reports whether v is a context nothing can cancel:
// context.Background(), context.TODO() or context.WithoutCancel(ctx).
// Callers pass what a variable holds (naming.Origin).
func NeverCancelled(v ssa.Value) bool {
	switch contextMaker(v) {
	case "Background", "TODO", "WithoutCancel":
		return true
	}
	return false
}

// Deadlined reports whether v is a context with a deadline of its own,
// the first result of context.WithTimeout or WithDeadline (or their
// Cause variants): a wait on it ends by then.
func Deadlined(v ssa.Value) bool {
	switch contextMaker(v) {
	case "WithTimeout", "WithDeadline", "WithTimeoutCause", "WithDeadlineCause":
		return true
	}
	return false
}

// contextMaker returns the name of the function of package context that
// made context v (its first result, for the With functions that return
// a cancel func too); "" when v comes from anywhere else.
func contextMaker(v ssa.Value) string {
	if x, ok := v.(*ssa.Extract); ok && x.Index == 0 {
		v = x.Tuple
	}
	if c, ok := v.(*ssa.Call); ok {
		if f := c.Call.StaticCallee(); f != nil && PkgPath(f) == "context" {
			return f.Name()
		}
	}
	return ""
}

// IsContextDone reports whether v is ctx.Done() on a context.Context.
func IsContextDone(v ssa.Value) bool {
	c, ok := v.(*ssa.Call)
	return ok && c.Call.IsInvoke() && c.Call.Method.Name() == "Done" && IsContext(c.Call.Value.Type())
}

// Cancellation names the cancellation channel ch is, or returns "":
// ctx.Done(), time.After, time.Tick, or a Timer's or Ticker's C.
func Cancellation(ch ssa.Value) string {
	if IsContextDone(ch) {
		return "ctx.Done()"
	}
	switch v := ch.(type) {
	case *ssa.Call:
		c := v.Common()
		if f := c.StaticCallee(); f != nil && PkgPath(f) == "time" && (f.Name() == "After" || f.Name() == "Tick") {
			return "time." + f.Name()
		}
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL {
			if st, ok := fa.X.Type().Underlying().(*types.Pointer); ok && fa.Field == 0 {
				if isTimeType(st.Elem()) {
					return "timer"
				}
			}
		}
	}
	return ""
}

// isTimeType reports whether t is time.Timer or time.Ticker, whose
// first field is the channel C.
func isTimeType(t types.Type) bool {
	return IsNamed(t, "time", "Timer") || IsNamed(t, "time", "Ticker")
}

// IsContext reports whether t is context.Context.
func IsContext(t types.Type) bool { return IsNamed(t, "context", "Context") }
