package values

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/naming"
)

// Field invariants. Only its own package can build, copy or write an
// unexported field of an unexported struct type, so the package's code
// decides what the field can hold. Two invariants are read off it:
//
//   - Non-nil: a field of a type that can be nil is never nil on an
//     object that has been built when every allocation of the type in
//     the package stores it in the allocating function (&T{f: make(…)},
//     or t := &T{…}; t.f = x before t is returned), every store to it
//     stores a value that is not nil (an allocation, a make, a closure
//     or function, an address, an interface, a type assertion, a result
//     whose error was checked to be nil, a value tested non-nil on the
//     way), and no zero value of the type exists that skips the
//     allocations (a package variable, an element of a slice, array,
//     map or channel, part of another struct, a conversion or a comma-ok
//     assertion).
//   - Constant: a field of a basic type that every store sets to the
//     same constant (pool{max: maxOpenFiles}, where the constant depends
//     on the build's GOOS) holds that constant: its zero value too when
//     the constant is zero, else only when no zero value of the type
//     exists, as for non-nil fields.
//
// Either way the field's address must only be loaded from and stored to.
// The functions an object can reach before the stores that build it (a
// method called in its constructor before the field is set, a closure
// that captures it) are early: a test there of a field whose invariant
// needs the construction's store is left alone. Elsewhere the test has
// one live branch: if x.f == nil { … } never runs its nil branch, and
// if p.max != 0 { … } with max always 0 never runs its body.

// invariants holds the field invariants of a package.
type invariants struct {
	nonNil map[*types.Var]bool
	consts map[*types.Var]constant.Value
	// built are the fields whose invariant needs the construction's
	// store: a test in an early function does not decide them.
	built map[*types.Var]bool
	// early are the functions that may see an object before it is
	// built.
	early map[*ssa.Function]bool
}

// decides returns the value of condition c (a test of a field's loaded
// value against a constant, or a bool field's value) when a field
// invariant fixes it.
func (n *invariants) decides(c ssa.Value) (val, ok bool) {
	if n == nil {
		return false, false
	}
	if v, fn := n.field(c); v != nil {
		if k, ok := n.consts[v]; ok && k.Kind() == constant.Bool && n.live(v, fn) {
			return constant.BoolVal(k), true
		}
		return false, false
	}
	cmp, ok := c.(*ssa.BinOp)
	if !ok {
		return false, false
	}
	x, y, op := cmp.X, cmp.Y, cmp.Op
	if _, ok := x.(*ssa.Const); ok {
		x, y, op = y, x, Mirror(op)
	}
	k, ok := y.(*ssa.Const)
	if !ok {
		return false, false
	}
	v, fn := n.field(x)
	if v == nil || !n.live(v, fn) {
		return false, false
	}
	switch {
	case k.IsNil() && n.nonNil[v] && (op == token.EQL || op == token.NEQ):
		return op == token.NEQ, true
	case k.Value != nil && n.consts[v] != nil:
		fv := n.consts[v]
		if fv.Kind() != k.Value.Kind() && !(numeric(fv) && numeric(k.Value)) ||
			fv.Kind() == constant.Bool && op != token.EQL && op != token.NEQ {
			return false, false
		}
		switch op {
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			return constant.Compare(fv, op, k.Value), true
		}
	}
	return false, false
}

// field returns the invariant field whose value x loads, and the
// function the load is in; nil when x loads none, or loads it from an
// object still being built in that function.
func (n *invariants) field(x ssa.Value) (*types.Var, *ssa.Function) {
	obj, v := loadedField(x)
	if v == nil {
		return nil, nil
	}
	if _, building := obj.(*ssa.Alloc); building {
		return nil, nil
	}
	if _, isConst := n.consts[v]; !n.nonNil[v] && !isConst {
		return nil, nil
	}
	return v, x.Parent()
}

// live reports whether v's invariant holds in fn: fn is not early, or
// the invariant does not need the construction's store.
func (n *invariants) live(v *types.Var, fn *ssa.Function) bool {
	return !n.built[v] || !n.early[fn]
}

func numeric(v constant.Value) bool {
	switch v.Kind() {
	case constant.Int, constant.Float:
		return true
	}
	return false
}

// Mirror returns the operator that compares y with x as op compares x
// with y: 0 < f is f > 0.
func Mirror(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.GTR:
		return token.LSS
	case token.LEQ:
		return token.GEQ
	case token.GEQ:
		return token.LEQ
	}
	return op
}

// fieldInvariants finds the package's field invariants.
func fieldInvariants(pkg *ssa.Package, funcs []*ssa.Function, params settled) *invariants {
	f, work := scanFields(pkg, funcs, false, params)
	if f == nil {
		return nil
	}
	n := &invariants{
		nonNil: make(map[*types.Var]bool),
		consts: make(map[*types.Var]constant.Value),
		built:  make(map[*types.Var]bool),
	}
	for v, tn := range f.owner {
		if f.bad[v] || !f.allocated[tn] {
			continue
		}
		zero := f.zeroed[tn] || f.unset[v]
		if k, ok := f.consts[v]; ok {
			switch {
			case k == nil:
				// Never stored: always its zero value.
				n.consts[v] = zeroOf(v.Type())
			case isZero(k):
				n.consts[v] = k
			case !zero:
				n.consts[v] = k
				n.built[v] = true
			}
			if n.consts[v] == nil {
				delete(n.consts, v)
			}
			continue
		}
		if !zero {
			n.nonNil[v] = true
			n.built[v] = true
		}
	}
	if len(n.nonNil) == 0 && len(n.consts) == 0 {
		return nil
	}
	n.early = earlyFuncs(pkg, work)
	return n
}

// scanFields reads the package's candidate fields off funcs, and
// returns the scan with the functions an object reaches before its
// construction sets a field (see before); nil when the package has no
// candidate. With closing, exported struct types are candidates too,
// and the nil stores into objects not being built are kept apart
// (fieldScan.closing) instead of spoiling the field.
func scanFields(pkg *ssa.Package, funcs []*ssa.Function, closing bool, params settled) (*fieldScan, []*ssa.Function) {
	if pkg == nil {
		return nil, nil
	}
	f := &fieldScan{
		owner:     make(map[*types.Var]*types.TypeName),
		of:        make(map[*types.TypeName][]*types.Var),
		bad:       make(map[*types.Var]bool),
		zeroed:    make(map[*types.TypeName]bool),
		unset:     make(map[*types.Var]bool),
		consts:    make(map[*types.Var]constant.Value),
		allocated: make(map[*types.TypeName]bool),
		sets:      make(map[*ssa.Alloc]map[*types.Var][]*ssa.Store),
		seenTypes: make(map[types.Type]bool),
		params:    params,
	}
	if closing {
		f.closing = make(map[*types.Var][]*ssa.Store)
	}
	f.candidates(pkg.Pkg)
	if len(f.owner) == 0 {
		return nil, nil
	}
	for _, m := range pkg.Members {
		if g, ok := m.(*ssa.Global); ok {
			f.noZero(g.Type().(*types.Pointer).Elem(), false)
		}
	}
	for _, fn := range funcs {
		f.scan(fn)
	}
	var work []*ssa.Function
	for _, a := range f.allocs {
		for _, v := range f.of[f.typeOf(a)] {
			stores := f.sets[a][v]
			if len(stores) == 0 {
				f.unset[v] = true
				continue
			}
			work = f.before(a, stores, v, work)
		}
	}
	return f, work
}

// earlyFuncs returns the functions in work and what they call or start
// in pkg, transitively: what an object may reach before it is built.
func earlyFuncs(pkg *ssa.Package, work []*ssa.Function) map[*ssa.Function]bool {
	early := make(map[*ssa.Function]bool)
	for len(work) > 0 {
		fn := work[len(work)-1]
		work = work[:len(work)-1]
		if early[fn] {
			continue
		}
		early[fn] = true
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch in := instr.(type) {
				case ssa.CallInstruction:
					if callee := in.Common().StaticCallee(); callee != nil && callee.Pkg == pkg {
						work = append(work, callee)
					}
				case *ssa.MakeClosure:
					work = append(work, in.Fn.(*ssa.Function))
				}
			}
		}
	}
	return early
}

// fieldScan is the state of fieldInvariants' one pass over the package.
type fieldScan struct {
	owner map[*types.Var]*types.TypeName   // candidate field -> its type
	of    map[*types.TypeName][]*types.Var // type -> its candidate fields
	// bad are the fields that hold what no invariant says: a nil, a
	// value that is not constant, or any write through an address.
	bad map[*types.Var]bool
	// zeroed are the types a zero value of which exists outside the
	// allocations; unset the fields an allocation does not set.
	zeroed map[*types.TypeName]bool
	unset  map[*types.Var]bool
	// consts are the constant stored to each basic field (nil until a
	// store), for the fields not bad.
	consts    map[*types.Var]constant.Value
	allocated map[*types.TypeName]bool
	allocs    []*ssa.Alloc
	// params are the package's settled parameters: a store of one that
	// every call passes the same constant for stores that constant.
	params settled
	// closing, when the scan keeps them, are the stores of nil into
	// each field of an object not being built.
	closing   map[*types.Var][]*ssa.Store
	sets      map[*ssa.Alloc]map[*types.Var][]*ssa.Store
	seenTypes map[types.Type]bool
	// order answers before's dominance questions: an initializer's
	// composite literals put thousands of stores in one block.
	order cfg.Order
}

// candidates lists the unexported fields of pkg's unexported struct
// types that can be nil or are of a basic type.
func (f *fieldScan) candidates(pkg *types.Package) {
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.Exported() && f.closing == nil || tn.IsAlias() {
			continue
		}
		st, ok := tn.Type().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for i := range st.NumFields() {
			v := st.Field(i)
			if v.Exported() {
				continue
			}
			if _, param := v.Type().(*types.TypeParam); param {
				continue
			}
			switch u := v.Type().Underlying().(type) {
			case *types.Pointer, *types.Map, *types.Chan, *types.Signature, *types.Interface, *types.Slice:
			case *types.Basic:
				if u.Info()&(types.IsBoolean|types.IsInteger|types.IsString) == 0 {
					continue
				}
				f.consts[v] = nil
			default:
				continue
			}
			f.owner[v] = tn
			f.of[tn] = append(f.of[tn], v)
		}
	}
}

// typeOf returns the candidate type that a allocates, or nil.
func (f *fieldScan) typeOf(a *ssa.Alloc) *types.TypeName {
	return f.candidate(a.Type().(*types.Pointer).Elem())
}

// candidate returns the candidate type t is (an instance of), or nil.
func (f *fieldScan) candidate(t types.Type) *types.TypeName {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	tn := named.Origin().Obj()
	if len(f.of[tn]) == 0 {
		return nil
	}
	return tn
}

// zero notes that a zero value of t exists outside the allocations.
func (f *fieldScan) zero(t types.Type) {
	if tn := f.candidate(t); tn != nil {
		f.zeroed[tn] = true
	}
}

// noZero notes the candidate types that t holds by value, so that a
// zero value of t holds zero candidates (t itself too unless top).
func (f *fieldScan) noZero(t types.Type, top bool) {
	if !top {
		f.zero(t)
	}
	if f.seenTypes[t] {
		return
	}
	f.seenTypes[t] = true
	switch u := t.Underlying().(type) {
	case *types.Struct:
		for i := range u.NumFields() {
			f.noZero(u.Field(i).Type(), false)
		}
	case *types.Array:
		f.noZero(u.Elem(), false)
	case *types.Slice:
		f.noZero(u.Elem(), false)
	case *types.Map:
		f.noZero(u.Key(), false)
		f.noZero(u.Elem(), false)
	case *types.Chan:
		f.noZero(u.Elem(), false)
	case *types.Tuple:
		for i := range u.Len() {
			f.noZero(u.At(i).Type(), true)
		}
	}
}

// scan reads fn's allocations of, stores to and zero values of the
// candidate types.
func (f *fieldScan) scan(fn *ssa.Function) {
	for _, p := range fn.Params {
		f.noZero(p.Type(), true)
	}
	for _, fv := range fn.FreeVars {
		f.noZero(fv.Type(), true)
	}
	var ops []*ssa.Value
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if v, ok := instr.(ssa.Value); ok {
				f.noZero(v.Type(), true)
			}
			for _, op := range instr.Operands(ops[:0]) {
				if k, ok := (*op).(*ssa.Const); ok {
					f.zero(k.Type()) // a zero value of the type
				}
			}
			switch in := instr.(type) {
			case *ssa.Alloc:
				if tn := f.typeOf(in); tn != nil {
					f.allocated[tn] = true
					f.allocs = append(f.allocs, in)
				}
			case *ssa.Store:
				f.store(in)
			case *ssa.FieldAddr:
				f.address(in)
			case *ssa.ChangeType:
				f.made(in.Type(), in.X.Type())
			case *ssa.Convert:
				f.made(in.Type(), in.X.Type())
			case *ssa.TypeAssert:
				if in.CommaOk {
					f.zero(in.AssertedType)
				}
			}
		}
	}
}

// made notes the candidate type a conversion from from to t makes (t or
// *t) out of another type: whatever it holds, no allocation set.
func (f *fieldScan) made(t, from types.Type) {
	if types.Identical(t, from) {
		return
	}
	f.spoil(t)
	if p, ok := t.Underlying().(*types.Pointer); ok {
		f.spoil(p.Elem())
	}
}

// spoil marks bad every candidate field of the type t is.
func (f *fieldScan) spoil(t types.Type) {
	if tn := f.candidate(t); tn != nil {
		for _, v := range f.of[tn] {
			f.bad[v] = true
		}
	}
}

// store notes a store to a candidate field, or of a whole candidate
// value.
func (f *fieldScan) store(s *ssa.Store) {
	fa, ok := s.Addr.(*ssa.FieldAddr)
	if !ok {
		// *p = v replaces every field of *p; a copy of a value just
		// built (an allocation's load) keeps what the allocation set.
		if load, ok := s.Val.(*ssa.UnOp); ok && load.Op == token.MUL {
			if _, built := load.X.(*ssa.Alloc); built {
				return
			}
		}
		f.spoil(s.Val.Type())
		return
	}
	v := naming.FieldOf(fa)
	if _, ok := f.owner[v]; !ok {
		return
	}
	if k, basic := f.consts[v]; basic {
		sk := f.constant(s.Val)
		switch {
		case sk == nil:
			f.bad[v] = true
		case k == nil:
			f.consts[v] = sk
		case !constant.Compare(k, token.EQL, sk):
			f.bad[v] = true
		}
	} else if k, ok := s.Val.(*ssa.Const); ok && k.IsNil() && f.closing != nil && !isAlloc(fa.X) {
		f.closing[v] = append(f.closing[v], s)
		return
	} else if !nonNilValue(s.Val, s.Block(), 0) {
		f.bad[v] = true
		return
	}
	if a, ok := fa.X.(*ssa.Alloc); ok {
		if f.sets[a] == nil {
			f.sets[a] = make(map[*types.Var][]*ssa.Store)
		}
		f.sets[a][v] = append(f.sets[a][v], s)
	}
}

// constant returns the one constant v is: a constant, or a parameter
// every call passes the same constant for (newPool(maxIdle)); nil when
// there is none.
func (f *fieldScan) constant(v ssa.Value) constant.Value {
	switch v := v.(type) {
	case *ssa.Const:
		return v.Value
	case *ssa.Parameter:
		if vals := f.params[v]; len(vals) == 1 {
			return vals[0]
		}
	}
	return nil
}

func isAlloc(v ssa.Value) bool {
	_, ok := v.(*ssa.Alloc)
	return ok
}

// address marks bad a candidate field whose address is used other than
// to load from or store to it (passed on, *p = nil may clear it).
func (f *fieldScan) address(fa *ssa.FieldAddr) {
	v := naming.FieldOf(fa)
	if _, ok := f.owner[v]; !ok {
		return
	}
	for _, r := range *fa.Referrers() {
		switch r := r.(type) {
		case *ssa.UnOp:
			if r.Op == token.MUL {
				continue
			}
		case *ssa.Store:
			if r.Addr == fa && r.Val != fa {
				continue
			}
		case *ssa.DebugRef:
			continue
		}
		f.bad[v] = true
		return
	}
}

// before adds to work the functions that allocation a reaches before
// one of stores sets field v: a use of a that no store dominates is a
// call (its callee), a closure (its function), or a publication, which
// leaves v unset for whoever sees the object.
func (f *fieldScan) before(a *ssa.Alloc, stores []*ssa.Store, v *types.Var, work []*ssa.Function) []*ssa.Function {
	for _, r := range *a.Referrers() {
		switch r.(type) {
		case *ssa.FieldAddr, *ssa.DebugRef:
			continue
		}
		set := false
		for _, s := range stores {
			if f.order.Dominates(s, r) {
				set = true
				break
			}
		}
		if set {
			continue
		}
		switch r := r.(type) {
		case ssa.CallInstruction:
			if callee := r.Common().StaticCallee(); callee != nil {
				work = append(work, callee)
				continue
			}
		case *ssa.MakeClosure:
			if !storedInto(r, a) {
				work = append(work, r.Fn.(*ssa.Function))
			}
			continue
		}
		f.unset[v] = true
	}
	return work
}

// storedInto reports whether closure c is only stored into fields of a
// (k.fn = k.run): the object keeps it, nothing runs it yet.
func storedInto(c *ssa.MakeClosure, a *ssa.Alloc) bool {
	for _, r := range *c.Referrers() {
		s, ok := r.(*ssa.Store)
		if !ok || s.Val != c {
			return false
		}
		if fa, ok := s.Addr.(*ssa.FieldAddr); !ok || fa.X != a {
			return false
		}
	}
	return true
}

// nonNilValue reports whether v, stored in block b, is not nil.
func nonNilValue(v ssa.Value, b *ssa.BasicBlock, depth int) bool {
	switch v := v.(type) {
	case *ssa.Alloc, *ssa.MakeMap, *ssa.MakeChan, *ssa.MakeSlice, *ssa.MakeClosure,
		*ssa.Function, *ssa.MakeInterface, *ssa.FieldAddr, *ssa.IndexAddr, *ssa.Global:
		return true
	case *ssa.Const:
		return !v.IsNil()
	case *ssa.TypeAssert:
		// x.(*T) panics unless x holds a *T: by the convention the
		// assertion of a constructor's result relies on, a usable one.
		return !v.CommaOk
	case *ssa.ChangeType:
		return nonNilValue(v.X, b, depth)
	case *ssa.Slice:
		// A slice of an array (make([]T, n) with a constant n) or of a
		// slice that is not nil.
		if _, arr := v.X.(*ssa.Alloc); arr {
			return true
		}
		return nonNilValue(v.X, b, depth+1)
	case *ssa.Phi:
		if depth > 4 {
			return false
		}
		for _, e := range v.Edges {
			if !nonNilValue(e, b, depth+1) {
				return false
			}
		}
		return true
	case *ssa.Extract:
		if checkedResult(v, b) {
			return true
		}
	}
	return cfg.NonNilOn(b, v)
}

// checkedResult reports whether x is a result of a call whose last
// result, an error, is nil in block b (the code after if err != nil {
// return }).
func checkedResult(x *ssa.Extract, b *ssa.BasicBlock) bool {
	call, ok := x.Tuple.(*ssa.Call)
	if !ok {
		return false
	}
	res := call.Call.Signature().Results()
	last := res.Len() - 1
	if x.Index == last || !types.Identical(res.At(last).Type(), types.Universe.Lookup("error").Type()) {
		return false
	}
	for _, r := range *call.Referrers() {
		if e, ok := r.(*ssa.Extract); ok && e.Index == last && cfg.NilOn(b, e) {
			return true
		}
	}
	return false
}

// zeroOf returns the zero value of basic type t.
func zeroOf(t types.Type) constant.Value {
	b := t.Underlying().(*types.Basic)
	switch {
	case b.Info()&types.IsBoolean != 0:
		return constant.MakeBool(false)
	case b.Info()&types.IsString != 0:
		return constant.MakeString("")
	}
	return constant.MakeInt64(0)
}

func isZero(k constant.Value) bool {
	switch k.Kind() {
	case constant.Bool:
		return !constant.BoolVal(k)
	case constant.String:
		return constant.StringVal(k) == ""
	case constant.Int, constant.Float:
		return constant.Sign(k) == 0
	}
	return false
}
