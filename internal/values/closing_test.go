package values_test

import (
	"go/types"
	"slices"
	"testing"

	"github.com/gatevet/gatevet/internal/ssatest"
	"github.com/gatevet/gatevet/internal/values"
)

func TestFindClosing(t *testing.T) {
	pkg := ssatest.Build(t, `package p

// DB.mem is closing: made with a table, cleared only by Close.
type DB struct {
	mem  []byte
	log  *int
	buf  []byte
	tail *int
	gone *int
}

func Open() *DB {
	n := 0
	return &DB{mem: make([]byte, 0, 8), log: &n, buf: make([]byte, 4), tail: &n}
}

func (db *DB) Close() { db.mem = nil; db.log = nil; db.gone = nil }

// log is also set from a value that may be nil.
func (db *DB) setLog(p *int) { db.log = p }

// buf is never cleared: nothing to close.
func (db *DB) grow() { db.buf = append(db.buf, 0) }

// tail is cleared on an object still being built as well.
func reopen() *DB {
	db := &DB{mem: make([]byte, 0, 8), log: new(int), buf: nil, tail: nil}
	return db
}

// Zero values of Idle exist beside its construction: nothing closes.
type Idle struct{ mem []byte }

var idle Idle

func NewIdle() *Idle { return &Idle{mem: make([]byte, 8)} }

func (i *Idle) Close() { i.mem = nil }
`)
	funcs := ssatest.Funcs(pkg)
	c := values.FindClosing(pkg, funcs)
	var got []string
	for _, fn := range funcs {
		for _, name := range []string{"mem", "log", "buf", "tail", "gone"} {
			for _, typ := range []string{"DB", "Idle"} {
				obj := pkg.Pkg.Scope().Lookup(typ)
				if obj == nil {
					continue
				}
				f, _, _ := types.LookupFieldOrMethod(obj.Type(), false, pkg.Pkg, name)
				if v, ok := f.(*types.Var); ok && len(c.Stores(v, fn)) > 0 && !slices.Contains(got, typ+"."+name) {
					got = append(got, typ+"."+name)
				}
			}
		}
	}
	slices.Sort(got)
	if want := []string{"DB.mem"}; !slices.Equal(got, want) {
		t.Errorf("FindClosing: closing fields %v, want %v", got, want)
	}
}
