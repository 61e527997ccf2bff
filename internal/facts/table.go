package facts

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// A Table holds one model's summary (S) of each function it is asked
// about, and carries those of the package's exported functions to other
// packages as facts (F) in books.
type Table[S, F any] struct {
	pass    *analysis.Pass
	spec    Spec[S, F]
	newBook func() Kind[F]
	sums    map[*ssa.Function]S
	busy    map[*ssa.Function]bool
	// cuts counts the calls of Of that met a function on the current
	// call cycle; short holds the functions whose derivation met one.
	cuts  int
	short map[*ssa.Function]bool
	// reads counts the calls of Of that returned the summary of a
	// function cut short; stale holds the functions whose derivation
	// read one. prev holds, while Settle derives those again, their
	// first summaries, which a function on the call cycle stands for.
	reads  int
	stale  map[*ssa.Function]bool
	prev   map[*ssa.Function]S
	sealed bool
}

// Spec says how a model derives, exports and imports its summaries.
type Spec[S, F any] struct {
	// Derive computes the summary of fn, a generic origin, calling the
	// Table's Of for the callees it needs; false when fn is not one the
	// model summarises here (another package's, one without a body),
	// which is then neither memoised nor exported. Nil when the model
	// records its summaries with Set.
	Derive func(fn *ssa.Function) (S, bool)
	// Export returns the fact that carries an exported function's
	// summary to other packages; false when it has nothing to say.
	Export func(s S) (*F, bool)
	// Import returns the summary another package's fact carries.
	Import func(f *F) S
}

// NewTable returns an empty table whose facts travel in books of type
// B, the analyzer's package fact (a struct embedding Book[F]).
func NewTable[B any, S, F any, PB interface {
	*B
	Kind[F]
}](pass *analysis.Pass, spec Spec[S, F]) *Table[S, F] {
	return &Table[S, F]{
		pass:    pass,
		spec:    spec,
		newBook: func() Kind[F] { return PB(new(B)) },
		sums:    make(map[*ssa.Function]S),
		busy:    make(map[*ssa.Function]bool),
		short:   make(map[*ssa.Function]bool),
		stale:   make(map[*ssa.Function]bool),
	}
}

// Of returns fn's summary: derived once for the package's own functions
// (the zero summary while fn is on the current call cycle, so recursion
// ends; its first summary instead while Settle derives it again), or
// imported from the fact of another package's function (the
// zero summary when there is none). After Finish it derives nothing, so
// passes may call it at once.
func (t *Table[S, F]) Of(fn *ssa.Function) S {
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	if s, done := t.sums[fn]; done {
		if t.short[fn] || t.stale[fn] {
			t.reads++
		}
		return s
	}
	var zero S
	if !t.sealed && t.spec.Derive != nil {
		if t.busy[fn] {
			t.cuts++
			return t.prev[fn]
		}
		t.busy[fn] = true
		cuts, reads := t.cuts, t.reads
		s, ok := t.spec.Derive(fn)
		delete(t.busy, fn)
		if t.cuts != cuts {
			t.short[fn] = true
		}
		if t.cuts != cuts || t.reads != reads {
			t.stale[fn] = true
		}
		if ok {
			t.sums[fn] = s
			return s
		}
	}
	if f, ok := lookup(t.pass, fn, t.newBook()); ok {
		return t.spec.Import(f)
	}
	return zero
}

// CutShort reports whether fn's summary was derived while a summary it
// read, its own or a callee's, was cut short by recursion (the zero
// summary of a function on the current call cycle): what the derivation
// saw of its callees may be less than their final summaries.
func (t *Table[S, F]) CutShort(fn *ssa.Function) bool {
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	return t.short[fn]
}

// Settle derives the summaries of fns, then derives again those whose
// derivation met a function on its call cycle or read the summary of one
// that did: on the second round a function on the cycle stands for its
// first summary instead of the zero summary, so what the cycle does
// reaches the functions on it (a sync.Once's function that calls back the
// method that entered its Do) and their callers. A model that reads its
// functions' summaries only after Settle sees them so; CutShort still
// says which derivations met the cycle.
func (t *Table[S, F]) Settle(fns []*ssa.Function) {
	for _, fn := range fns {
		t.Of(fn)
	}
	if len(t.stale) == 0 {
		return
	}
	t.prev = make(map[*ssa.Function]S, len(t.stale))
	for fn := range t.stale {
		if s, ok := t.sums[fn]; ok {
			t.prev[fn] = s
			delete(t.sums, fn)
		}
	}
	clear(t.stale)
	for _, fn := range fns {
		t.Of(fn)
	}
	for fn := range t.prev {
		t.Of(fn) // one fns does not list, read by a function on it
	}
	t.prev = nil
	clear(t.stale)
}

// Set records s as the summary of fn, a function of the package under
// analysis, for a model that derives its summaries on its own.
func (t *Table[S, F]) Set(fn *ssa.Function, s S) {
	if !t.sealed {
		t.sums[fn] = s
	}
}

// Finish derives the summaries of fns, exports those of the package's
// exported functions as the package's book, and seals the table: from
// then on it only reads. Call it once, at the end of the model's run.
func (t *Table[S, F]) Finish(fns []*ssa.Function) {
	for _, fn := range fns {
		t.Of(fn)
	}
	t.sealed = true
	book := t.newBook()
	for fn, s := range t.sums {
		obj, ok := Exported(t.pass, fn)
		if !ok {
			continue
		}
		if f, ok := t.spec.Export(s); ok {
			book.book().add(obj, f)
		}
	}
	export(t.pass, book)
}

// Exported returns fn's object when other packages can call it: a
// named, exported function or method of pass's package. The summaries of
// unexported helpers reach other packages inside their callers'.
func Exported(pass *analysis.Pass, fn *ssa.Function) (*types.Func, bool) {
	obj, ok := fn.Object().(*types.Func)
	if !ok || fn.Parent() != nil || obj.Pkg() != pass.Pkg || !obj.Exported() {
		return nil, false
	}
	return obj, true
}
