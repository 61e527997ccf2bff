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
		want string // the name it gives; "" for none
	}{
		{fn("time", "AfterFunc"), 1, "time.AfterFunc"},
		{fn("time", "AfterFunc"), 0, ""},
		{fn("runtime", "SetFinalizer"), 1, "runtime.SetFinalizer"},
		{fn("runtime", "AddCleanup"), 1, "runtime.AddCleanup"}, // generic
		{fn("runtime", "AddCleanup"), 2, ""},
		{shutdown, 1, "(*http.Server).RegisterOnShutdown"}, // the receiver is argument 0
		{shutdown, 0, ""},
		{fn("time", "Sleep"), 0, ""},
		{p.method(t, "*http.Server", "Shutdown"), 1, ""},
	} {
		got, ok := known.RunsLater(tc.fn, tc.arg)
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("RunsLater(%s, %d) = %q, %v, want %q", tc.fn.FullName(), tc.arg, got, ok, tc.want)
		}
	}
}
