package directive

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"
)

const src = `package p

import "sync"

//gatevet:gate
type Lock struct{}

type S struct {
	mu sync.Mutex
	//gatevet:guardedby s.mu
	items []int
	n int //gatevet:guardedby s.mu // trailing words are a comment
}

// locked needs s.mu.
//
//gatevet:holds s.mu
func (s *S) locked() {}

var (
	a = 1 //gatevet:gate
	b = 2
)

func f() {
	//gatevet:ignore nestedacquire a reason given here
	//gatevet:ignore nestedacquire
	//gatevet:ignore
	//gatevet:holds
	//gatevet:gate extra
	//gatevet:nope
	// gatevet:gate is prose, not a directive
}
`

func TestParse(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	set := Parse([]*ast.File{f}, info)

	obj := func(path string) types.Object {
		parts := strings.Split(path, ".")
		o := pkg.Scope().Lookup(parts[0])
		if len(parts) == 2 {
			o, _, _ = types.LookupFieldOrMethod(types.NewPointer(o.Type()), true, pkg, parts[1])
		}
		return o
	}
	for _, tc := range []struct {
		obj  string
		kind Kind
		args string
	}{
		{"Lock", Gate, ""},
		{"S.items", GuardedBy, "s.mu"},
		{"S.n", GuardedBy, "s.mu"},
		{"S.locked", Holds, "s.mu"},
		{"a", Gate, ""},
	} {
		ds := set.Of(obj(tc.obj), tc.kind)
		if len(ds) != 1 || strings.Join(ds[0].Args, " ") != tc.args {
			t.Errorf("%s: got %v, want one directive with args %q", tc.obj, ds, tc.args)
		}
	}
	if ds := set.ByObject[obj("b")]; len(ds) != 0 {
		t.Errorf("b: got %v, want no directives (the group has two specs)", ds)
	}

	var ignores []string
	for _, d := range set.Ignores {
		ignores = append(ignores, strings.Join(d.Args, " "))
	}
	if got, want := strings.Join(ignores, "|"), "nestedacquire a reason given here|nestedacquire"; got != want {
		t.Errorf("ignores = %q, want %q", got, want)
	}

	var problems []string
	for _, p := range set.Problems {
		problems = append(problems, p.Message)
	}
	want := []string{
		"//gatevet:ignore needs an analyzer name and a reason",
		"//gatevet:holds takes exactly one gate",
		"//gatevet:gate takes no arguments",
		"unknown directive //gatevet:nope",
	}
	if len(problems) != len(want) {
		t.Fatalf("problems = %q, want %d", problems, len(want))
	}
	for i, w := range want {
		if !strings.HasPrefix(problems[i], w) {
			t.Errorf("problem %d = %q, want prefix %q", i, problems[i], w)
		}
	}
}
