package known_test

import (
	"go/types"
	"testing"

	"github.com/gatevet/gatevet/internal/known"
)

const servedSrc = `package p

import "net/http"

type page struct{}

func (page) ServeHTTP(w http.ResponseWriter, r *http.Request) {}

var _ = http.StatusOK
`

func TestHTTPHandler(t *testing.T) {
	p := build(t, servedSrc)
	for expr, want := range map[string]bool{
		"http.Handler":     true,
		"http.HandlerFunc": true,
		"func(http.ResponseWriter, *http.Request)":                   true,
		"func(w http.ResponseWriter, r *http.Request)":               true,
		"func(http.ResponseWriter, http.Request)":                    false,
		"func(http.ResponseWriter, *http.Request) error":             false,
		"func(*http.ResponseWriter, *http.Request)":                  false,
		"func(http.ResponseWriter, *http.Request, int)":              false,
		"interface{ ServeHTTP(http.ResponseWriter, *http.Request) }": false,
		"page":        false, // a handler's type: the value is one once converted
		"*page":       false,
		"http.Client": false,
	} {
		if got := known.HTTPHandler(p.typeOf(t, expr)); got != want {
			t.Errorf("HTTPHandler(%s) = %v, want %v", expr, got, want)
		}
	}
}

const laterSrc = `package p

import (
	"net/http"
	"runtime"
	"time"
)

var (
	_ = http.StatusOK
	_ = runtime.GC
	_ = time.Now
)
`

func TestRunsLater(t *testing.T) {
	p := build(t, laterSrc)
	fn := func(path, name string) *types.Func {
		for _, imp := range p.pkg.Imports() {
			if imp.Path() == path {
				return imp.Scope().Lookup(name).(*types.Func)
			}
		}
		t.Fatalf("no %s.%s", path, name)
		return nil
	}
	shutdown := p.method(t, "*http.Server", "RegisterOnShutdown")
	for _, tc := range []struct {
		fn   *types.Func
		arg  int
		want bool
	}{
		{fn("time", "AfterFunc"), 1, true},
		{fn("time", "AfterFunc"), 0, false},
		{fn("runtime", "SetFinalizer"), 1, true},
		{fn("runtime", "AddCleanup"), 1, true}, // generic
		{fn("runtime", "AddCleanup"), 2, false},
		{shutdown, 1, true}, // the receiver is argument 0
		{shutdown, 0, false},
		{fn("time", "Sleep"), 0, false},
		{p.method(t, "*http.Server", "Shutdown"), 1, false},
	} {
		if _, got := known.RunsLater(tc.fn, tc.arg); got != tc.want {
			t.Errorf("RunsLater(%s, %d) = %v, want %v", tc.fn.FullName(), tc.arg, got, tc.want)
		}
	}
}
