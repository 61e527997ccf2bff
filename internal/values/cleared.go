package values

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/naming"
)

// Fields cleared with a flag. A bool field the package sets to true
// only on objects already built, and to anything else only on objects
// being built, is a one-way flag: once true it stays true. When every
// store that sets it also clears a field on the same object just before
// (the clearing store dominates it: a finished transfer's account = nil,
// then done = true), and that field is set to something other than nil
// only as its object is made (Made.Assigned), then on an object whose
// flag has been seen set the field is nil for good: a test of the field
// against nil that the flag's true branch dominates has one live
// branch, and a lock reached through the field on the other is never
// taken (read by Paths.Follow).

// flagStores gathers the stores into bool fields during FindMade's scan.
type flagStores struct {
	sets map[*types.Var][]*ssa.Store // flag = true, into built objects
	bad  map[*types.Var]bool         // set true while built, or else after
}

// note records the stores sts into field f, on an object being built
// (fresh) or not.
func (fl *flagStores) note(f *types.Var, fresh bool, sts []*ssa.Store) {
	if b, ok := f.Type().Underlying().(*types.Basic); !ok || b.Kind() != types.Bool {
		return
	}
	if fl.sets == nil {
		fl.sets, fl.bad = make(map[*types.Var][]*ssa.Store), make(map[*types.Var]bool)
	}
	for _, st := range sts {
		if isTrue(st.Val) != !fresh {
			fl.bad[f] = true
			continue
		}
		if !fresh {
			fl.sets[f] = append(fl.sets[f], st)
		}
	}
}

// isTrue reports whether v is the constant true.
func isTrue(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	return ok && k.Value != nil && k.Value.Kind() == constant.Bool && constant.BoolVal(k.Value)
}

// cleared returns, for each one-way flag that ok accepts, the assigned
// fields every store setting it clears beside it.
func (fl *flagStores) cleared(ok func(*types.Var) bool, assigned map[*types.Var]bool) map[*types.Var][]*types.Var {
	out := make(map[*types.Var][]*types.Var)
	for f, sets := range fl.sets {
		if fl.bad[f] || !ok(f) {
			continue
		}
		var common []*types.Var
		for i, st := range sets {
			here := clearedBeside(st, assigned)
			if i == 0 {
				common = here
				continue
			}
			common = intersect(common, here)
		}
		if len(common) > 0 {
			out[f] = common
		}
	}
	return out
}

// clearedBeside returns the assigned fields that a store of nil into the
// object set sets a flag of clears first: the clearing store dominates
// the flag's, so whoever sees the flag set sees the field cleared.
func clearedBeside(set *ssa.Store, assigned map[*types.Var]bool) []*types.Var {
	base := set.Addr.(*ssa.FieldAddr).X
	refs := base.Referrers()
	if refs == nil {
		return nil // a package-level variable's: no referrers kept
	}
	var out []*types.Var
	for _, r := range *refs {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || !assigned[naming.FieldOf(fa)] {
			continue
		}
		for _, st := range stores(fa) {
			if k, ok := st.Val.(*ssa.Const); ok && k.IsNil() && cfg.Dominates(st, set) {
				out = append(out, naming.FieldOf(fa))
			}
		}
	}
	return out
}

func intersect(a, b []*types.Var) []*types.Var {
	var out []*types.Var
	for _, x := range a {
		for _, y := range b {
			if x == y {
				out = append(out, x)
				break
			}
		}
	}
	return out
}

// clearedNil decides cond, a test of a field against nil in block b,
// when a test b's paths passed on the same object found a flag set that
// clears the field.
func (m *Made) clearedNil(b *ssa.BasicBlock, cond ssa.Value) (val, ok bool) {
	if m == nil || len(m.cleared) == 0 {
		return false, false
	}
	x, eq, isNilTest := nilTest(cond)
	if !isNilTest {
		return false, false
	}
	obj, field := loadedField(x)
	if field == nil {
		return false, false
	}
	for c, taken := range cfg.Known(b) {
		if u, ok := c.(*ssa.UnOp); ok && u.Op == token.NOT {
			c, taken = u.X, !taken
		}
		if o, flag := loadedField(c); taken && o == obj && flag != nil {
			for _, f := range m.cleared[flag] {
				if f == field {
					return eq, true
				}
			}
		}
	}
	return false, false
}

// nilTest returns the operand that comparison c tests against nil, and
// whether the test is == (not !=); ok is false for any other value.
func nilTest(c ssa.Value) (x ssa.Value, eq, ok bool) {
	cmp, isCmp := c.(*ssa.BinOp)
	if !isCmp || cmp.Op != token.EQL && cmp.Op != token.NEQ {
		return nil, false, false
	}
	x, k := cmp.X, cmp.Y
	if _, isConst := x.(*ssa.Const); isConst {
		x, k = k, x
	}
	if kc, isConst := k.(*ssa.Const); !isConst || !kc.IsNil() {
		return nil, false, false
	}
	return x, cmp.Op == token.EQL, true
}

// loadedField returns the object and field whose value v loads (v =
// *(&obj.f)), or nil.
func loadedField(v ssa.Value) (ssa.Value, *types.Var) {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil, nil
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok {
		return nil, nil
	}
	return fa.X, naming.FieldOf(fa)
}
