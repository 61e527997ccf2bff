package concurrency

import (
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// Test fixtures. The testing package runs each top-level test on a
// goroutine of its own, and each run makes its own objects: what a test
// makes (a local, what a helper returns to it, what its literals
// capture of it) is another instance from what any other test makes.
// Only package-level variables join two tests' objects. So a point of
// one test on its own objects never meets a point of another test, on
// any goroutine: not idiom 5's object graph in general, the part of it
// that the test runner's structure proves.

// Fixture returns the top-level test function (TestXxx, BenchmarkXxx,
// FuzzXxx, in a _test.go file) whose run made the objects at the roots
// of refs, in fi's terms: fi is the test or a literal nested in it, and
// every ref is rooted at a value fi made or a variable it captured. Nil
// otherwise.
func (r *Result) Fixture(fi *gate.FuncInfo, refs ...naming.Ref) *ssa.Function {
	test := testOf(fi.Fn)
	if test == nil || !r.gates.InTest(fi) {
		return nil
	}
	for _, ref := range refs {
		if ref.Root != naming.Local && ref.Root != naming.FreeVar {
			return nil
		}
	}
	return test
}

// InOtherTest reports whether fb's function is, or is nested in, a
// top-level test function other than test: it cannot reach test's
// fixtures.
func (r *Result) InOtherTest(test *ssa.Function, fb *gate.FuncInfo) bool {
	other := testOf(fb.Fn)
	return test != nil && other != nil && other != test
}

// testOf returns the top-level test function fn is or is nested in,
// or nil.
func testOf(fn *ssa.Function) *ssa.Function {
	out := naming.Outermost(fn)
	if out.Signature.Recv() != nil || out.Signature.Params().Len() != 1 {
		return nil
	}
	t := out.Signature.Params().At(0).Type()
	for prefix, typ := range map[string]string{"Test": "T", "Benchmark": "B", "Fuzz": "F"} {
		if strings.HasPrefix(out.Name(), prefix) && known.IsNamed(t, "testing", typ) {
			return out
		}
	}
	return nil
}
