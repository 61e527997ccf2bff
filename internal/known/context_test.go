package known_test

import (
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

const contextSrc = `package p

import (
	"context"
	"sync"
	"time"

	"golang.org/x/sync/semaphore"
)

func background() context.Context                    { return context.Background() }
func todo() context.Context                          { return context.TODO() }
func without(ctx context.Context) context.Context    { return context.WithoutCancel(ctx) }
func withCancel(ctx context.Context) context.Context { c, _ := context.WithCancel(ctx); return c }
func param(ctx context.Context) context.Context      { return ctx }
func Background() context.Context                    { return nil }
func local() context.Context                         { return Background() }

type doner interface{ Done() <-chan struct{} }

func done(ctx context.Context) <-chan struct{} { return ctx.Done() }
func otherDone(d doner) <-chan struct{}        { return d.Done() }

type myTimer struct{ C <-chan time.Time }

func after(d time.Duration) <-chan time.Time    { return time.After(d) }
func tick(d time.Duration) <-chan time.Time     { return time.Tick(d) }
func timer(t *time.Timer) <-chan time.Time      { return t.C }
func ticker(t *time.Ticker) <-chan time.Time    { return t.C }
func newTimer(d time.Duration) <-chan time.Time { return time.NewTimer(d).C }
func mine(t *myTimer) <-chan time.Time          { return t.C }
func made() chan struct{}                       { return make(chan struct{}) }

func weighted() *semaphore.Weighted           { return semaphore.NewWeighted(3) }
func NewWeighted(n int64) *semaphore.Weighted { return nil }
func notWeighted() *semaphore.Weighted        { return NewWeighted(3) }

func lock(mu *sync.Mutex) { mu.Lock() }

func kept() context.Context {
	ctx := context.Background()
	func() { _ = ctx }()
	return ctx
}

func reassigned(c context.Context) context.Context {
	ctx := context.Background()
	func() { ctx = c }()
	return ctx
}

func timeout(ctx context.Context) context.Context {
	c, cancel := context.WithTimeout(ctx, time.Second)
	_ = cancel
	return c
}

func deadline(ctx context.Context) context.Context {
	c, cancel := context.WithDeadline(ctx, time.Now())
	func() { _, _ = c, cancel }()
	return c
}
`

func TestNeverCancelled(t *testing.T) {
	p := build(t, contextSrc)
	for fn, want := range map[string]bool{
		"background": true,
		"todo":       true,
		"without":    true,
		"withCancel": false,
		"param":      false,
		"local":      false, // p.Background is not context's
		"kept":       true,  // a variable set once, captured (naming.Origin)
		"reassigned": false,
	} {
		if got := known.NeverCancelled(naming.Origin(p.returned(t, fn))); got != want {
			t.Errorf("NeverCancelled(%s's result) = %v, want %v", fn, got, want)
		}
	}
}

func TestDeadlined(t *testing.T) {
	p := build(t, contextSrc)
	for fn, want := range map[string]bool{
		"timeout":    true,
		"deadline":   true, // kept in a variable a closure captures
		"withCancel": false,
		"background": false,
		"param":      false,
	} {
		if got := known.Deadlined(naming.Origin(p.returned(t, fn))); got != want {
			t.Errorf("Deadlined(%s's result) = %v, want %v", fn, got, want)
		}
	}
}

func TestCancellation(t *testing.T) {
	p := build(t, contextSrc)
	for fn, want := range map[string]string{
		"done":      "ctx.Done()",
		"otherDone": "",
		"after":     "time.After",
		"tick":      "time.Tick",
		"timer":     "timer",
		"ticker":    "timer",
		"newTimer":  "timer",
		"mine":      "",
		"made":      "",
	} {
		v := p.returned(t, fn)
		if got := known.Cancellation(v); got != want {
			t.Errorf("Cancellation(%s's result) = %q, want %q", fn, got, want)
		}
		if got := known.IsContextDone(v); got != (want == "ctx.Done()") {
			t.Errorf("IsContextDone(%s's result) = %v", fn, got)
		}
	}
}

func TestNewWeighted(t *testing.T) {
	p := build(t, contextSrc)
	n, ok := known.NewWeighted(p.returned(t, "weighted"))
	if c, isConst := n.(*ssa.Const); !ok || !isConst || c.Value.String() != "3" {
		t.Errorf("NewWeighted(semaphore.NewWeighted(3)) = %v, %v; want 3, true", n, ok)
	}
	if n, ok := known.NewWeighted(p.returned(t, "notWeighted")); ok {
		t.Errorf("NewWeighted(p.NewWeighted(3)) = %v, true; want false", n)
	}
}

// TestPkgPath checks the package of a function of p, of an import the
// program created, and of a method of sync, which it did not create.
func TestPkgPath(t *testing.T) {
	p := build(t, contextSrc)
	callee := func(fn string) *ssa.Function {
		t.Helper()
		for _, b := range p.ssa.Func(fn).Blocks {
			for _, instr := range b.Instrs {
				if c, ok := instr.(ssa.CallInstruction); ok && c.Common().StaticCallee() != nil {
					return c.Common().StaticCallee()
				}
			}
		}
		t.Fatalf("%s calls no function", fn)
		return nil
	}
	lock := callee("lock")
	if lock.Pkg != nil {
		t.Fatalf("(*sync.Mutex).Lock has package %v: the test means a method of a package not created", lock.Pkg)
	}
	for fn, want := range map[*ssa.Function]string{
		p.ssa.Func("param"):  "p",
		callee("background"): "context",
		callee("weighted"):   "golang.org/x/sync/semaphore",
		lock:                 "sync",
	} {
		if got := known.PkgPath(fn); got != want {
			t.Errorf("PkgPath(%s) = %q, want %q", fn, got, want)
		}
	}
}

func TestIsNamed(t *testing.T) {
	p := build(t, contextSrc)
	for _, tc := range []struct {
		expr, path, name string
		want             bool
	}{
		{"context.Context", "context", "Context", true},
		{"*time.Timer", "time", "Timer", true},
		{"time.Timer", "time", "Timer", true},
		{"myTimer", "time", "Timer", false},
		{"**time.Timer", "time", "Timer", false},
		{"doner", "context", "Context", false},
	} {
		if got := known.IsNamed(p.typeOf(t, tc.expr), tc.path, tc.name); got != tc.want {
			t.Errorf("IsNamed(%s, %s.%s) = %v, want %v", tc.expr, tc.path, tc.name, got, tc.want)
		}
	}
	if !known.IsContext(p.typeOf(t, "context.Context")) || known.IsContext(p.typeOf(t, "doner")) {
		t.Error("IsContext: context.Context is not one, or p.doner is")
	}
}
