package nestedacquire_test

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/passes/nestedacquire"
)

func TestNestedAcquire(t *testing.T) {
	gatetest.RunWithSuggestedFixes(t, nestedacquire.Analyzer, "nestedacquire")
}

// TestBuildTags runs the invariants case under -tags largepool, where
// the build's limit is not 0: the trim under Put's lock, dead on the
// default build, runs, and is the one finding the default build's
// wants do not expect.
func TestBuildTags(t *testing.T) {
	dir := gatetest.Dir(t, "nestedacquire")
	t.Setenv("GOFLAGS", "-tags=largepool")
	rec := &recorder{T: t}
	analysistest.Run(rec, dir, nestedacquire.Analyzer, "./invariants")
	if len(rec.errs) != 1 || !strings.Contains(rec.errs[0], "limits.go:29") || !strings.Contains(rec.errs[0], "unexpected diagnostic: certain: call to (*idlePool).trim acquires p.mu") {
		t.Errorf("under -tags largepool, want only the trim in idlePool.Put reported beyond the default build's findings; got %q", rec.errs)
	}
}

// recorder keeps what analysistest reports instead of failing on it.
type recorder struct {
	*testing.T
	errs []string
}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
