package condctx_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/passes/condctx"
)

func TestCondCtx(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, gatetest.Dir(t, "condctx"), condctx.Analyzer, "./...")
}
