package directive

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"testing"
)

// TestSaid reads the contracts doc comments state, and only those.
func TestSaid(t *testing.T) {
	for doc, want := range map[string][]string{
		"// Caller must hold m.mu (read or write).":                                             {"m.mu"},
		"// callers should hold s.state.mu while calling it.":                                   {"s.state.mu"},
		"// It must be called with c.mu held.":                                                  {"c.mu"},
		"// must be called while holding db.lock":                                               {"db.lock"},
		"// r.mu must be held.":                                                                 {"r.mu"},
		"// Requires s.mu to be locked; expects s.wmu locked.":                                  {"s.mu", "s.wmu"},
		"// Caller must hold the lock.":                                                         {OwnLock},
		"// Callers must hold a lock.":                                                          nil, // which one?
		"// flush writes s.buf; it takes s.mu itself.":                                          nil,
		"// Callers must not hold s.mu.":                                                        nil, // the opposite
		"// s.mu is held by the loop.":                                                          nil, // a description, not a contract
		"//gatevet:holds s.mu":                                                                  nil, // a directive, read as one
		"// Inc calls a helper that expects s.mu to be held.":                                   nil, // about the helper
		"// ac.mu must be held by the caller, and this function will guarantee it is released.": nil, // a release
	} {
		src := "package p\n\n" + doc + "\nfunc f() {}\n"
		f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, d := range said(f.Decls[0].(*ast.FuncDecl).Doc) {
			got = append(got, d.Args[0])
			if d.Kind != Holds || d.Said == "" {
				t.Errorf("%q: %+v is not a said Holds", doc, d)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q: said %q, want %q", doc, got, want)
		}
	}
}

// TestNamed reads the contract a method's name states.
func TestNamed(t *testing.T) {
	for src, want := range map[string]bool{
		"func (s *S) flushLocked() {}":                 true,
		"func (s *S) isLocked() bool { return false }": false,
		"func (s *S) flushUnlocked() {}":               false,
		"func flushLocked() {}":                        false, // no receiver
		"func (s *S) Locked() {}":                      false,
	} {
		f, err := parser.ParseFile(token.NewFileSet(), "p.go", "package p\n\ntype S struct{}\n\n"+src+"\n", 0)
		if err != nil {
			t.Fatal(err)
		}
		d := named(f.Decls[1].(*ast.FuncDecl))
		if got := d != nil; got != want {
			t.Errorf("%s: named %v, want %v", src, got, want)
		}
		if d != nil && (d.Args[0] != OwnLock || !d.Named || d.Said != "flushLocked") {
			t.Errorf("%s: %+v", src, d)
		}
	}
}
