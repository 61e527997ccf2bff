package directive

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

// TestConcurrent reads the claims of concurrent use types' doc comments
// make, and only those.
func TestConcurrent(t *testing.T) {
	for doc, want := range map[string]string{
		"// A Client is safe for concurrent use by multiple goroutines.":                "A Client is safe for concurrent use by multiple goroutines.",
		"// Session is goroutine-safe; use one per cluster.":                            "Session is goroutine-safe;",
		"// A Cache holds entries.\n// Its methods may be called concurrently.":         "Its methods may be called concurrently.",
		"// Pool is thread safe.":                                                       "Pool is thread safe.",
		"// It is safe to use concurrently from multiple goroutines.":                   "It is safe to use concurrently from multiple goroutines.",
		"// A Buffer is not safe for concurrent use.":                                   "",
		"// Conn isn't thread-safe: callers must serialise.":                            "",
		"// Builder builds a Reader. The Reader it returns is safe for concurrent use.": "",
		"// Writer writes records.":                                                     "",
		"//gatevet:guardedby mu":                                                        "",
	} {
		src := "package p\n\n" + doc + "\ntype T struct{}\n"
		f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if d := concurrent(f.Decls[0].(*ast.GenDecl).Doc); d != nil {
			got = d.Said
			if d.Kind != Concurrent || !d.Pos.IsValid() {
				t.Errorf("%q: %+v is not a Concurrent claim with a position", doc, d)
			}
		}
		if got != want {
			t.Errorf("%q: said %q, want %q", doc, got, want)
		}
	}
}
