package naming_test

import (
	"strings"
	"testing"

	"github.com/gatevet/gatevet/internal/naming"
)

func TestRefSpellAndKey(t *testing.T) {
	for _, tc := range []struct {
		ref        naming.Ref
		spell, key string
	}{
		{naming.Ref{Root: naming.Global, Pkg: "example.com/p", Name: "mu"}, "mu", "g:example.com/p.mu"},
		{naming.Ref{Root: naming.Global, Pkg: "example.com/q", Name: "Mu"}, "q.Mu", "g:example.com/q.Mu"},
		{naming.Ref{Root: naming.Param, Index: 0, Name: "s", Path: []string{"inner", naming.Deref, "mu"}}, "s.inner.mu", "p0/inner/*/mu"},
		{naming.Ref{Root: naming.Param, Index: 1, Name: "b", Path: []string{"mu"}}, "b.mu", "p1/mu"},
	} {
		if got := tc.ref.Spell("example.com/p"); got != tc.spell {
			t.Errorf("Spell(%v) = %q, want %q", tc.ref, got, tc.spell)
		}
		if got := tc.ref.Key(); got != tc.key {
			t.Errorf("Key(%v) = %q, want %q", tc.ref, got, tc.key)
		}
	}
	a := naming.Ref{Root: naming.Param, Index: 0, Name: "a", Path: []string{"mu"}}
	b := naming.Ref{Root: naming.Param, Index: 1, Name: "b", Path: []string{"mu"}}
	if a.Key() == b.Key() {
		t.Errorf("a.mu and b.mu of two parameters share key %q", a.Key())
	}
}

func TestWords(t *testing.T) {
	for name, want := range map[string]string{
		"GracefulStop":   "graceful stop",
		"closeAllLocked": "close all locked",
		"Closest":        "closest",
		"UnsafeLoad":     "unsafe load",
		"init":           "init",
		"HTTPServer":     "httpserver",
		"stop_now":       "stop now",
	} {
		if got := strings.Join(naming.Words(name), " "); got != want {
			t.Errorf("naming.Words(%q) = %q, want %q", name, got, want)
		}
	}
}
