package directive

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"testing"
)

// TestWaived reads the sentences that say a function need not hold a
// gate, in its doc comment or its body, and only those.
func TestWaived(t *testing.T) {
	for body, want := range map[string][]string{
		"// This is outside of the scope of puts, so we don’t need to hold s.lock.":          {"s.lock"},
		"// We don't need to\n\t// hold s.mu here.":                                          {"s.mu"},
		"// No need to lock c.mu: the conn is not shared yet.":                               {"c.mu"},
		"// r.mu need not be held; the loop is the only writer.":                             {"r.mu"},
		"// d.mu does not need to be locked, and neither does d.wmu.":                        {"d.mu"},
		"// We need not take the lock.":                                                      {OwnLock},
		"// We need to hold s.mu here.":                                                      nil, // the opposite
		"// We don't need s.buf any more.":                                                   nil, // no lock named
		"// No need to check s.closed.":                                                      nil, // not a lock verb
		"// Callers don't need to hold s.mu: Update takes it itself.":                        nil, // about its callers
		"// s.mu need not be held by the caller; Reset locks it.":                            nil,
		"// Unlike Stop, which doesn't need to hold s.mu, we must.":                          nil, // about another
		"// We used to think we didn't need to hold s.mu here.":                              nil, // past
		"// Before Put could run at once there was no need to hold s.mu here; now there is.": nil, // past
		"// It is wrong to think we don't need to hold s.mu here.":                           nil, // corrected
		"// We checked under the lock above; no need to take s.mu again.":                    nil, // held already
		"go func() {\n\t\t// No need to hold s.mu in here.\n\t}()":                           nil, // the literal's
	} {
		src := "package p\n\nfunc f() {\n\t" + body + "\n\t_ = 0\n}\n"
		f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, d := range waived(bodyComments(f, f.Decls[0].(*ast.FuncDecl))) {
			got = append(got, d.Args[0])
			if d.Kind != Waives || d.Said == "" {
				t.Errorf("%q: %+v is not a said Waives", body, d)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q: waived %q, want %q", body, got, want)
		}
	}
}
