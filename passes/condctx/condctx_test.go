package condctx_test

import (
	"testing"

	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/passes/condctx"
)

func TestCondCtx(t *testing.T) {
	gatetest.RunWithSuggestedFixes(t, condctx.Analyzer, "condctx")
}
