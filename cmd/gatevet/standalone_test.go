package main

import (
	"flag"
	"os"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/gatevet/gatevet/internal/directive"
)

// TestKeyCache checks that lintcmd's cache key (through GODEBUG) changes
// with every setting that changes what the analyzers report, keeps the
// user's own GODEBUG, and is stable otherwise.
func TestKeyCache(t *testing.T) {
	t.Setenv("GODEBUG", "gctrace=0")
	t.Setenv("STATICCHECK_CACHE", "")
	t.Setenv("GATEVET_CACHE", t.TempDir())
	a := &analysis.Analyzer{Name: "x", Flags: *flag.NewFlagSet("x", flag.ContinueOnError)}
	a.Flags.Bool("wide", false, "")
	key := func() string {
		t.Helper()
		if err := keyCache([]*analysis.Analyzer{a}); err != nil {
			t.Fatal(err)
		}
		k := os.Getenv("GODEBUG")
		os.Setenv("GODEBUG", "gctrace=0")
		return k
	}
	defer func(old bool) { directive.ReportLatent = old }(directive.ReportLatent)
	base := key()
	if !strings.HasPrefix(base, "gctrace=0,gatevetsettings=") {
		t.Errorf("GODEBUG=%s, want the user's setting followed by gatevetsettings", base)
	}
	if again := key(); again != base {
		t.Errorf("the same settings keyed %s, then %s", base, again)
	}
	a.Flags.Set("wide", "true")
	wide := key()
	directive.ReportLatent = false
	certain := key() // -x.wide and -latent=false
	if wide == base || certain == wide || certain == base {
		t.Errorf("keys %s (defaults), %s (-x.wide), %s (-x.wide -latent=false): want three", base, wide, certain)
	}
	for _, k := range []string{wide, certain} {
		if !strings.HasPrefix(k, "gctrace=0,gatevetsettings=") {
			t.Errorf("GODEBUG=%s, want the user's setting followed by gatevetsettings", k)
		}
	}
	a.Flags.Set("wide", "false")
	directive.ReportLatent = true
	if back := key(); back != base {
		t.Errorf("the default settings keyed %s, then %s after other settings", base, back)
	}
	if got := os.Getenv("STATICCHECK_CACHE"); got != os.Getenv("GATEVET_CACHE") {
		t.Errorf("STATICCHECK_CACHE=%q, want GATEVET_CACHE's %q", got, os.Getenv("GATEVET_CACHE"))
	}
}
