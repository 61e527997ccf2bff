package values

import (
	"go/constant"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/ssatest"
)

const globalsSrc = `package p

import "flag"

// Set by the tests only.
var noPanic bool
var testHook func()

// Set while the package initialises.
var fromDecl = true
var fromInit bool

func init() { fromInit = true }

// Set again to the value they hold.
var reset = false

func Reset() { reset = false }

// Not settled: set at run time, by address, to a function, exported.
var lenient bool
var verbose bool
var hook func()
var Exported bool

func Lenient()   { lenient = true }
func Register()  { flag.BoolVar(&verbose, "v", false, "") }
func SetHook()   { hook = Reset }

func Use() int {
	n := 0
	if noPanic || fromDecl || fromInit || reset || lenient || verbose || Exported {
		n++
	}
	if testHook != nil {
		testHook()
	}
	if hook != nil {
		hook()
	}
	return n
}
`

const globalsTest = `package p

func setAll() {
	noPanic = true
	testHook = func() {}
	fromDecl = false
	reset = true
}

// A test file's variable whose initial value sets the switch.
var _ = func() bool { noPanic = true; return true }()

func onInTest() int {
	if noPanic {
		return 1
	}
	return 0
}
`

func TestSettledGlobals(t *testing.T) {
	pkg := ssatest.BuildFiles(t, map[string]string{"p.go": globalsSrc, "p_test.go": globalsTest})
	funcs := append(ssatest.Funcs(pkg), pkg.Func("init"))
	gs := settledGlobals(pkg, funcs)
	want := map[string]constant.Value{
		"noPanic":  constant.MakeBool(false),
		"testHook": nil,
		"fromDecl": constant.MakeBool(true),
		"fromInit": constant.MakeBool(true),
		"reset":    constant.MakeBool(false),
	}
	got := make(map[string]constant.Value)
	for g, v := range gs {
		got[g.Name()] = v
	}
	for name, v := range want {
		w, ok := got[name]
		if !ok {
			t.Errorf("%s not settled, want %v", name, v)
			continue
		}
		if (v == nil) != (w == nil) || v != nil && v.String() != w.String() {
			t.Errorf("%s settled to %v, want %v", name, w, v)
		}
	}
	for _, name := range []string{"lenient", "verbose", "hook", "Exported"} {
		if v, ok := got[name]; ok {
			t.Errorf("%s settled to %v, want not settled", name, v)
		}
	}
}

func TestSettledGlobalsDecide(t *testing.T) {
	pkg := ssatest.BuildFiles(t, map[string]string{"p.go": globalsSrc, "p_test.go": globalsTest})
	funcs := append(ssatest.Funcs(pkg), pkg.Func("init"))
	gs := settledGlobals(pkg, funcs)
	decided := make(map[string]bool) // the variable each decided test reads, by name
	for _, b := range pkg.Func("Use").Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		val, ok := gs.decides(b, ifi.Cond)
		if !ok {
			continue
		}
		name := globalRead(ifi.Cond)
		if name == "testHook" && val {
			t.Errorf("testHook != nil decided true, want false")
		}
		decided[name] = true
	}
	for _, name := range []string{"noPanic", "fromDecl", "fromInit", "reset", "testHook"} {
		if !decided[name] {
			t.Errorf("the test of %s is not decided", name)
		}
	}
	for _, name := range []string{"lenient", "verbose", "Exported", "hook"} {
		if decided[name] {
			t.Errorf("the test of %s is decided", name)
		}
	}
	// A test's own reads are not decided: there the switch may be on.
	for _, b := range pkg.Func("onInTest").Blocks {
		if ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
			if _, ok := gs.decides(b, ifi.Cond); ok {
				t.Errorf("%v decided in a test", ifi.Cond)
			}
		}
	}
}

// globalRead names the variable condition c loads, through a comparison.
func globalRead(c ssa.Value) string {
	if cmp, ok := c.(*ssa.BinOp); ok {
		c = cmp.X
	}
	if load, ok := c.(*ssa.UnOp); ok {
		if g, ok := load.X.(*ssa.Global); ok {
			return g.Name()
		}
	}
	return ""
}
