package cfg

import (
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/ssatest"
)

const nilnessSrc = `package p

func dial() error { return nil }
func mark()       {}

// begin: mark runs where err is nil, and the return can give nil back.
func begin() error {
	err := dial()
	defer func() { _ = err }()
	if err == nil {
		mark()
	}
	return err
}

// failed: mark runs where err is not nil, and the return never gives
// the nil back.
func failed() error {
	if err := dial(); err != nil {
		mark()
		return err
	}
	return nil
}

// reset: err is stored again after the test.
func reset() error {
	err := dial()
	if err == nil {
		mark()
	}
	f := func() { err = dial() }
	f()
	return err
}

// named: a deferred closure may still change the named result.
func named() (err error) {
	err = dial()
	defer func() { err = dial() }()
	if err == nil {
		mark()
	}
	return err
}
`

// TestNilness checks NilAt at each function's call of mark and
// NilReaching at its last return.
func TestNilness(t *testing.T) {
	pkg := ssatest.Build(t, nilnessSrc)
	for _, c := range []struct {
		fn           string
		at, reaching bool
	}{
		{"begin", true, true},
		{"failed", false, false},
		{"reset", false, false},
		{"named", false, false},
	} {
		fn := pkg.Func(c.fn)
		var mark ssa.Instruction
		var ret *ssa.Return
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(*ssa.Call); ok && call.Call.StaticCallee() != nil && call.Call.StaticCallee().Name() == "mark" {
					mark = call
				}
				if r, ok := instr.(*ssa.Return); ok {
					ret = r
				}
			}
		}
		v := ret.Results[0]
		if got := NilAt(v, mark); got != c.at {
			t.Errorf("%s: NilAt at mark = %v, want %v", c.fn, got, c.at)
		}
		if got := NilReaching(v, ret); got != c.reaching {
			t.Errorf("%s: NilReaching at the last return = %v, want %v", c.fn, got, c.reaching)
		}
	}
}
