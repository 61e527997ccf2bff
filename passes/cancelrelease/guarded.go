package cancelrelease

import (
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/gate"
)

// worksUnder reports whether goroutine s does work that gate h admits. A
// permit (a semaphore or channel slot) admits whatever runs while it is
// held; a mutex only guards state, so the goroutine must use the state
// the mutex belongs to: a package-level variable for a package-level
// mutex, or what the mutex's own root (the receiver, a parameter)
// reaches. When that cannot be told, the goroutine is not reported.
func worksUnder(res *gate.Result, fi *gate.FuncInfo, s gate.Start, h *gate.Holding) bool {
	if h.Kind.Counting() {
		return true
	}
	if s.Fn == nil {
		return false
	}
	info := res.Info(s.Fn)
	if info == nil {
		return false
	}
	gateRoot := rootValue(fi.Fn, h.Gate)
	for _, t := range info.Summary.Touches {
		switch t.Res.Root {
		case gate.Global:
			if h.Gate.Root == gate.Global {
				return true
			}
		case gate.Param:
			if t.Res.Index < s.Args && gateRoot != nil && baseOf(s.Values[t.Res.Index]) == gateRoot {
				return true
			}
		case gate.FreeVar:
			if i := s.Args + t.Res.Index; i < len(s.Values) && gateRoot != nil && baseOf(s.Values[i]) == gateRoot {
				return true
			}
		}
	}
	return false
}

// rootValue is the SSA value a gate's ref starts from in fn.
func rootValue(fn *ssa.Function, r gate.Ref) ssa.Value {
	switch r.Root {
	case gate.Param:
		if r.Index < len(fn.Params) {
			return fn.Params[r.Index]
		}
	case gate.FreeVar:
		if r.Index < len(fn.FreeVars) {
			return fn.FreeVars[r.Index]
		}
	}
	return nil
}

// baseOf walks a value down to the parameter, free variable or global
// it is reached from.
func baseOf(v ssa.Value) ssa.Value {
	for i := 0; i < 16; i++ {
		switch x := v.(type) {
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.Field:
			v = x.X
		case *ssa.UnOp:
			v = x.X
		case *ssa.IndexAddr:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		default:
			return v
		}
	}
	return v
}
