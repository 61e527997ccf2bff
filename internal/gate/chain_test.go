package gate

import (
	"go/token"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// chainOf returns a chain of three hops, the middle one from a fact
// (no position).
func chainOf() []Hop {
	return []Hop{
		{What: "s.flush", At: "a.go:3", pos: token.Pos(10)},
		{What: "pkg.Write", At: "b.go:7"},
		{What: "s.mu.Lock", At: "a.go:9", pos: token.Pos(30)},
	}
}

func TestChainRelated(t *testing.T) {
	got := ChainRelated(chainOf(), "then ")
	want := []analysis.RelatedInformation{
		{Pos: token.Pos(10), Message: "then s.flush"},
		{Pos: token.Pos(30), Message: "then s.mu.Lock"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ChainRelated = %v, want %v", got, want)
	}
	if got := ChainRelated(nil, "then "); len(got) != 0 {
		t.Errorf("ChainRelated(nil) = %v, want none", got)
	}
}

func TestChainText(t *testing.T) {
	for _, tc := range []struct {
		chain []Hop
		at    bool
		want  string
	}{
		{chainOf(), true, "s.flush → pkg.Write → s.mu.Lock at a.go:9"},
		{chainOf(), false, "s.flush → pkg.Write → s.mu.Lock"},
		{chainOf()[2:], true, "s.mu.Lock at a.go:9"},
		{append([]Hop{{What: "s.get"}}, chainOf()[:1]...), false, "s.get → s.flush"},
		{nil, true, ""},
		{nil, false, ""},
	} {
		if got := ChainText(tc.chain, tc.at); got != tc.want {
			t.Errorf("ChainText(%v, %v) = %q, want %q", tc.chain, tc.at, got, tc.want)
		}
	}
}
