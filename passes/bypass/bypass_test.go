package bypass_test

import (
	"testing"

	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/passes/bypass"
)

// TestBypass runs the suite with -bypass.fields, which reports fields
// whose guard is inferred.
func TestBypass(t *testing.T) {
	setFields(t, "true")
	gatetest.Run(t, bypass.Analyzer, "bypass")
}

// TestDefault runs bypass as it is configured by default: a field whose
// guard is inferred is not reported, an annotated field and a
// package-level variable are.
func TestDefault(t *testing.T) {
	setFields(t, "false")
	gatetest.Run(t, bypass.Analyzer, "bypassdefault")
}

func setFields(t *testing.T, v string) {
	t.Helper()
	f := bypass.Analyzer.Flags.Lookup("fields")
	old := f.Value.String()
	if err := f.Value.Set(v); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Value.Set(old) })
}
