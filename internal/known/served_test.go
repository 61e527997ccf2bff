package known_test

import (
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
