package resource

import (
	"go/ast"
	"go/types"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/concurrency"
	"github.com/gatevet/gatevet/internal/naming"
)

// Entries are the functions a package can be entered by with nothing
// held: exported functions and methods, main, and every function whose
// value escapes (stored, returned, passed to code that is not known to
// run it under a gate). The others — unexported helpers with callers in
// the package, closures called in place, started as goroutines, or passed
// to a function whose summary runs them — are reached only through their
// callers, whose uses include theirs with the caller's gates held. So a
// pass that looks at the uses of entries sees each path once, with what
// it really holds: an xxxLocked helper is entered holding its caller's
// gate without an annotation. A goroutine's uses count at the go
// statement (Use.Started), also those of an object the starter made and
// otherwise owns: the goroutine runs beside the object's methods once
// the starter has returned.
//
// Functions that run before the package is published (init, package
// variable initialisers, and what only they call) are no entries, nor
// are unexported ones kept only in func fields the package alone calls,
// or handed to a runtime hook it links to (gate.Result.Kept):
// they run inside the package's own paths, or the runtime's, where
// the model cannot name what they touch, so their uses are not judged.

// Entry reports whether fn can be entered from outside the package or
// from unknown code.
func (r *Result) Entry(fn *ssa.Function) bool { return r.entry(fn, false) }

// ExcusedEntry reports whether fn is an entry that a convention alone
// keeps out of Entry: a lifecycle name (Init, Setup, Start, Close, Stop,
// Shutdown) or a calling contract in its doc comment. Those keep
// inference quiet; they do not excuse a use that violates an explicit
// //gatevet:guardedby.
func (r *Result) ExcusedEntry(fn *ssa.Function) bool {
	return !r.entry(fn, false) && r.entry(fn, true)
}

// entry is Entry; strict ignores lifecycle names and doc contracts.
func (r *Result) entry(fn *ssa.Function, strict bool) bool {
	if beforePublication(fn) || r.gates.Kept(fn) && !exported(fn) {
		return false
	}
	if r.gates.Escapes(fn) {
		// A closure of test code is test code. A returned closure whose
		// maker states a contract ("the returned function must be
		// called under the lock") is bound by it.
		maker := naming.Outermost(fn)
		return !r.testOnly(maker) && (strict || !statesContract(maker))
	}
	if fn.Parent() != nil {
		return false // called in place, started, or run by a callee
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok {
		return false
	}
	if naming.CallerLocks(obj.Name()) || r.testOnly(fn) || (!strict && (lifecycle(obj.Name(), fn.Signature.Recv() != nil) || statesContract(fn))) {
		return false
	}
	if recv := fn.Signature.Recv(); recv != nil {
		if tn := naming.TypeNameOf(recv.Type()); tn != nil && tn.Pkg() == obj.Pkg() && !r.gates.Escaping(tn) {
			return false // gate.Result.Escaping
		}
	}
	if obj.Exported() || (obj.Name() == "main" && obj.Pkg() != nil && obj.Pkg().Name() == "main") {
		return true
	}
	if fn.Signature.Recv() != nil && r.gates.Invoked(obj.Name()) {
		return false // called through an interface of the package's own
	}
	return len(r.gates.CallSites(fn)) == 0
}

// testOnly reports whether fn is test code: declared in a _test.go file,
// or a helper named for tests. Tests drive the code from one goroutine.
func (r *Result) testOnly(fn *ssa.Function) bool {
	name := fn.Name()
	if strings.HasSuffix(name, "ForTesting") || strings.HasSuffix(name, "ForTest") {
		return true
	}
	return strings.HasSuffix(r.pass.Fset.Position(fn.Pos()).Filename, "_test.go")
}

// contracts are phrases of doc comments that put a function under an
// ordering or locking contract the code cannot show: "must not be called
// until after WriteHeader", "must be called within a callback", "not
// safe for concurrent use", "callers must hold the lock".
var contracts = []string{
	"must be called", "must not be called", "must only be called", "should only be called",
	"only be called", "not thread-safe", "not thread safe", "not safe for concurrent",
	"not concurrency-safe", "must hold", "must be held", "with the lock held",
}

// A calling contract in other words is a sentence that says how the
// function is to be called (a modal and a verb of calling) and mentions
// what it is about: concurrency, locks, goroutines, or an order in time
// ("should be called on a database that is not running any other
// concurrent transactions").
var (
	modals           = []string{"must", "should", "only", "may not", "needs to", "need to", "has to", "have to"}
	callings         = []string{"call", "invok", "use", "run"}
	concurrencyWords = []string{"concurren", "lock", "held", "hold", "goroutine", "synchron", "exclusive", "serializ",
		"parallel", "at the same time", "race", "before", "after", "until", "once", "single-threaded", "callback"}
)

// statesContract reports whether fn's doc comment states such a contract.
// A doc comment that says the function is another's variant ("behaves
// exactly like SetLogger", "a more flexible version of SetLogger")
// states that function's contract too, and so does a function whose
// whole body is a call of one that states it (SetSlogLogger, which only
// calls SetLoggerWithOptions): it cannot keep the contract but by its
// callers keeping it, unless the contract is a lock to hold.
func statesContract(fn *ssa.Function) bool {
	if statesOwnContract(fn) || refersToContract(fn) {
		return true
	}
	// Not a lock the callee wants held: a wrapper that does not take it
	// breaks that contract (the contracts pass says so), it is not under
	// it.
	other := wrapped(fn)
	return other != nil && (statesOwnContract(other) || refersToContract(other)) && !wantsLock(other)
}

// wantsLock reports whether fn's doc comment speaks of a lock its
// callers hold: a word of locks or of holding, matched whole (blocks is
// no lock).
func wantsLock(fn *ssa.Function) bool {
	decl, ok := fn.Syntax().(*ast.FuncDecl)
	if !ok || decl.Doc == nil {
		return false
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(decl.Doc.Text()), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if slices.Contains(lockWords, w) || slices.Contains(holdWords, w) {
			return true
		}
	}
	return false
}

// paramNamed reports whether decl's receiver or parameters declare name.
func paramNamed(decl *ast.FuncDecl, name string) bool {
	for _, fl := range []*ast.FieldList{decl.Recv, decl.Type.Params} {
		if fl == nil {
			continue
		}
		for _, f := range fl.List {
			if slices.ContainsFunc(f.Names, func(id *ast.Ident) bool { return id.Name == name }) {
				return true
			}
		}
	}
	return false
}

// holdWords say that a gate is held.
var holdWords = []string{"hold", "holds", "holding"}

// refersToContract reports whether fn's doc comment names a function of
// the package, whose variant it says fn is, that states a contract.
func refersToContract(fn *ssa.Function) bool {
	decl, ok := fn.Syntax().(*ast.FuncDecl)
	if !ok || decl.Doc == nil || fn.Pkg == nil {
		return false
	}
	for _, m := range byReference.FindAllStringSubmatch(strings.Join(strings.Fields(decl.Doc.Text()), " "), -1) {
		if other := fn.Pkg.Func(m[1]); other != nil && other != fn && statesOwnContract(other) {
			return true
		}
	}
	return false
}

// wrapped returns the package-level function of fn's package that fn's
// body, one statement, calls and is: a thin wrapper's target.
func wrapped(fn *ssa.Function) *ssa.Function {
	decl, ok := fn.Syntax().(*ast.FuncDecl)
	if !ok || decl.Body == nil || len(decl.Body.List) != 1 || fn.Pkg == nil {
		return nil
	}
	var e ast.Expr
	switch st := decl.Body.List[0].(type) {
	case *ast.ExprStmt:
		e = st.X
	case *ast.ReturnStmt:
		if len(st.Results) == 1 {
			e = st.Results[0]
		}
	}
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return nil
	}
	id, ok := call.Fun.(*ast.Ident)
	if !ok || paramNamed(decl, id.Name) {
		return nil // a func parameter of that name, not the package's function
	}
	if other := fn.Pkg.Func(id.Name); other != fn {
		return other
	}
	return nil
}

// byReference finds the function a doc comment says this one is a
// variant of.
var byReference = regexp.MustCompile(`(?i:behaves (?:exactly )?like|works (?:exactly )?like|version of|variant of|same as|equivalent to|wrapper (?:around|for|of)) ([A-Za-z_]\w*)`)

// statesOwnContract reports whether fn's own doc comment states a
// calling contract.
func statesOwnContract(fn *ssa.Function) bool {
	decl, ok := fn.Syntax().(*ast.FuncDecl)
	if !ok || decl.Doc == nil {
		return false
	}
	doc := strings.ToLower(strings.Join(strings.Fields(decl.Doc.Text()), " "))
	if containsAny(doc, contracts) {
		return true
	}
	for _, sentence := range strings.FieldsFunc(doc, func(r rune) bool { return r == '.' || r == ';' || r == ':' }) {
		if containsAny(sentence, modals) && containsAny(sentence, callings) && containsAny(sentence, concurrencyWords) {
			return true
		}
		if containsAny(sentence, synchronised) && containsAny(sentence, outside) {
			return true
		}
		if presumesHeld(sentence) {
			return true
		}
	}
	return false
}

// A sentence that says synchronisation comes from outside the function
// is a contract too: "External synchronisation provided by
// commitPipeline.mu", "serialized by the caller".
var (
	synchronised = []string{"synchronis", "synchroniz", "serialis", "serializ"}
	outside      = []string{"external", "provided by", "by the caller", "by its caller", "by callers"}
)

// So is a sentence that presumes the locks are held when the function
// runs, without a modal: "Assumes you have acquired the required locks
// and will release them yourself", "expects c.mu to be locked". Words
// are matched whole (unexpected is no expect, blocks no lock), and a
// sentence that denies it ("does not require the caller to hold any
// lock", "no locking is required", "lock-free") states no contract.
var (
	presumes  = []string{"assume", "assumes", "assuming", "expect", "expects", "require", "requires", "presupposes"}
	lockWords = []string{"lock", "locks", "locked", "mutex", "held", "acquired"}
	denials   = []string{"not", "no", "never", "without", "free", "nothing", "neither", "nor"}
)

// presumesHeld reports whether sentence presumes the locks held.
func presumesHeld(sentence string) bool {
	var presumed, locks bool
	for _, w := range strings.FieldsFunc(sentence, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' }) {
		switch {
		case slices.Contains(denials, w) || strings.HasSuffix(w, "n't"):
			return false
		case slices.Contains(presumes, w):
			presumed = true
		case slices.Contains(lockWords, w):
			locks = true
		}
	}
	return presumed && locks
}

// containsAny reports whether s contains one of subs.
func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// lifecycle reports whether a function's name says that it belongs to a
// lifecycle phase in which the value is not shared (Init, Start, setup,
// Close, Stop, Shutdown). Names are matched by their words: Closest is no
// Close.
func lifecycle(name string, method bool) bool {
	words := naming.Words(name)
	switch words[0] {
	case "init", "setup", "close", "stop", "shutdown":
		return true
	case "initialize":
		// A package's Initialize… sets it up once; a method may set up
		// one of many sessions, per request.
		return !method
	}
	return len(words) == 1 && words[0] == "start"
}

// beforePublication reports whether fn is an init function, a package
// initialiser, or a closure inside one.
func beforePublication(fn *ssa.Function) bool {
	return concurrency.Initializer(naming.Outermost(fn))
}

// exported reports whether other packages can call fn by name.
func exported(fn *ssa.Function) bool {
	obj, ok := fn.Object().(*types.Func)
	return ok && fn.Parent() == nil && obj.Exported()
}
