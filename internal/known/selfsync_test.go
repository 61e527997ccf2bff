package known_test

import (
	"go/types"
	"testing"

	"github.com/gatevet/gatevet/internal/known"
)

const selfSyncSrc = `package p

import (
	"bytes"
	"context"
	"log"
	"net/http"
	"os"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/semaphore"
)

type Counter struct {
	mu  sync.Mutex
	n   int
	sub *Counter
	Inner
}

type Inner struct{ depth int }

// Two embedded structs with one field name: Go selects neither, unless
// the outer type has its own.
type left struct{ x int }
type right struct{ x int }
type both struct {
	left
	right
}
type shadowed struct {
	both
	x string
}

type Stats = Counter

type Hook func()

type Named interface{ Name() string }

var (
	_ *bytes.Buffer
	_ context.Context
	_ *log.Logger
	_ *http.Client
	_ *http.Request
	_ *os.File
	_ *regexp.Regexp
	_ *strings.Builder
	_ atomic.Int64
	_ *semaphore.Weighted
)
`

func TestSelfSynced(t *testing.T) {
	p := build(t, selfSyncSrc)
	for expr, want := range map[string]bool{
		"sync.Mutex":          true,
		"*sync.WaitGroup":     true,
		"**sync.Map":          true,
		"atomic.Int64":        true,
		"context.Context":     true,
		"chan int":            true,
		"func()":              true,
		"Hook":                true,
		"Named":               true,
		"*log.Logger":         true,
		"*http.Client":        true,
		"*os.File":            true,
		"*regexp.Regexp":      true,
		"*semaphore.Weighted": true,
		"*http.Request":       false,
		"*bytes.Buffer":       false,
		"strings.Builder":     false,
		"Counter":             false,
		"*Stats":              false,
		"map[string]int":      false,
		"[]int":               false,
		"int":                 false,
	} {
		if got := known.SelfSynced(p.typeOf(t, expr)); got != want {
			t.Errorf("SelfSynced(%s) = %v, want %v", expr, got, want)
		}
	}
	if known.SelfSynced(nil) {
		t.Error("SelfSynced(nil) = true")
	}
}

func TestField(t *testing.T) {
	p := build(t, selfSyncSrc)
	field, promoted := known.Field, known.PromotedField
	for _, tc := range []struct {
		lookup     func(types.Type, string) *types.Var
		expr, name string
		want       string // the field's type, "" for none
	}{
		{field, "Counter", "n", "int"},
		{field, "*Counter", "mu", "sync.Mutex"},
		{field, "*Stats", "sub", "*p.Counter"},
		{field, "Counter", "Inner", "p.Inner"},
		{field, "Counter", "depth", ""}, // promoted, not Counter's own
		{field, "Counter", "missing", ""},
		{field, "**Counter", "n", ""},
		{field, "int", "n", ""},
		{promoted, "Counter", "n", "int"},
		{promoted, "*Counter", "depth", "int"},     // promoted from Inner
		{promoted, "*Counter", "Inner", "p.Inner"}, // the embedded field itself
		{promoted, "*Counter", "sync", ""},
		{promoted, "both", "x", ""},            // ambiguous
		{promoted, "*shadowed", "x", "string"}, // its own, shallower
		{promoted, "*shadowed", "left", "p.left"},
		{promoted, "int", "n", ""},
	} {
		f := tc.lookup(p.typeOf(t, tc.expr), tc.name)
		got := ""
		if f != nil {
			got = f.Type().String()
		}
		if got != tc.want {
			t.Errorf("Field or PromotedField(%s, %s) has type %q, want %q", tc.expr, tc.name, got, tc.want)
		}
	}
}

func TestPointerElemAndElemType(t *testing.T) {
	p := build(t, selfSyncSrc)
	for _, tc := range []struct {
		expr, elem, item string // item "" for no ElemType
	}{
		{"*Counter", "p.Counter", ""},
		{"**Counter", "*p.Counter", ""},
		{"Counter", "p.Counter", ""},
		{"[]int", "[]int", "int"},
		{"[3]*Counter", "[3]*p.Counter", "*p.Counter"},
		{"*[2]string", "[2]string", "string"},
		{"map[string]int", "map[string]int", ""},
	} {
		typ := p.typeOf(t, tc.expr)
		if got := known.PointerElem(typ).String(); got != tc.elem {
			t.Errorf("PointerElem(%s) = %s, want %s", tc.expr, got, tc.elem)
		}
		got := ""
		if e := known.ElemType(typ); e != nil {
			got = e.String()
		}
		if got != tc.item {
			t.Errorf("ElemType(%s) = %q, want %q", tc.expr, got, tc.item)
		}
	}
}
