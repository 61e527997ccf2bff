package naming_test

import (
	"fmt"
	"go/types"
	"strings"
	"testing"

	"github.com/gatevet/gatevet/internal/naming"
)

const pathSrc = `package p

type Mutex struct{}

func (*Mutex) Lock() {}

type Inner struct {
	mu Mutex
	n  int
}

type Outer struct {
	Inner
	p    *Inner
	ch   chan int
	list [2]Inner
	anon struct{ x Inner }
}

func (o *Outer) Get() int { return 0 }

func f() {}
`

// stepText renders a step as "key obj to", with the flags that are set.
func stepText(s naming.Step) string {
	q := func(p *types.Package) string { return p.Name() }
	var b strings.Builder
	if s.Obj != nil {
		fmt.Fprintf(&b, "%s %s ", s.Key, s.Obj.Name())
	}
	if s.To == nil {
		b.WriteString("-")
	} else {
		b.WriteString(types.TypeString(s.To, q))
	}
	for _, f := range []struct {
		set  bool
		name string
	}{{s.Ptr, "ptr"}, {s.Promoted, "promoted"}, {s.Hidden, "hidden"}} {
		if f.set {
			b.WriteString(" " + f.name)
		}
	}
	return b.String()
}

func TestRefSteps(t *testing.T) {
	pkg := buildF(t, pathSrc).Pkg.Pkg
	root := types.NewPointer(pkg.Scope().Lookup("Outer").Type())
	for _, tc := range []struct {
		path []string
		want []string
	}{
		{[]string{"p", naming.Deref, "mu"}, []string{"p.Outer.p p *p.Inner ptr", "p.Inner ptr", "p.Inner.mu mu p.Mutex"}},
		{[]string{"mu"}, []string{"p.Outer.mu mu p.Mutex ptr promoted"}},
		{[]string{"Inner", "n"}, []string{"p.Outer.Inner Inner p.Inner ptr", "p.Inner.n n int"}},
		{[]string{"ch", naming.Deref}, []string{"p.Outer.ch ch chan int ptr", "chan int"}},
		{[]string{"list", naming.ElemStep("0"), "n"}, []string{"p.Outer.list list [2]p.Inner ptr", "p.Inner", "p.Inner.n n int"}},
		{[]string{"Get()"}, []string{"p.Outer.Get Get func() int ptr"}},
		{[]string{"mu", "Lock()"}, []string{"p.Outer.mu mu p.Mutex ptr promoted", "p.Mutex.Lock Lock func()"}},
		{[]string{"anon", "x", "n"}, []string{"p.Outer.anon anon struct{x p.Inner} ptr", " x p.Inner hidden", "p.Inner.n n int"}},
		{[]string{"nope", "mu"}, []string{"- ptr"}},
		{[]string{"Get"}, []string{"- ptr"}},
		{[]string{"n", naming.ElemStep("0")}, []string{"p.Outer.n n int ptr promoted", "-"}},
	} {
		r := naming.Ref{Root: naming.Param, Name: "o", Path: tc.path}
		var got []string
		for s := range r.Steps(root) {
			if s.I != len(got) {
				t.Errorf("%v: step %d has I %d", tc.path, len(got), s.I)
			}
			got = append(got, stepText(s))
		}
		if strings.Join(got, "; ") != strings.Join(tc.want, "; ") {
			t.Errorf("steps of %v:\n got %q\nwant %q", tc.path, got, tc.want)
		}
	}
	// Breaking out of the loop ends the walk.
	n := 0
	for range (naming.Ref{Root: naming.Param, Path: []string{"p", naming.Deref, "mu"}}).Steps(root) {
		n++
		break
	}
	if n != 1 {
		t.Errorf("a loop that breaks at once saw %d steps", n)
	}
}
