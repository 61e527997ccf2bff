package config

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/gatevet/gatevet/internal/directive"
)

func analyzers() []*analysis.Analyzer {
	a := &analysis.Analyzer{Name: "a", Flags: *flag.NewFlagSet("a", flag.ContinueOnError)}
	a.Flags.Bool("wide", false, "")
	return []*analysis.Analyzer{a, {Name: "b"}, {Name: "c"}}
}

func TestDecode(t *testing.T) {
	s, err := Decode([]byte(`{"enable": ["a"], "latent": false, "flags": {"a": {"wide": "true"}}}`))
	if err != nil || len(s.Enable) != 1 || s.Latent == nil || *s.Latent || s.Flags["a"]["wide"] != "true" {
		t.Errorf("Decode: %+v, %v", s, err)
	}
	for _, bad := range []string{`{"enabled": ["a"]}`, `{"latent": "no"}`, `{} {}`, `[`} {
		if _, err := Decode([]byte(bad)); err == nil {
			t.Errorf("Decode(%s): no error", bad)
		}
	}
}

func TestApply(t *testing.T) {
	defer func(old bool) { directive.ReportLatent = old }(directive.ReportLatent)
	names := func(s Settings) string {
		t.Helper()
		as, err := s.Apply(analyzers())
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, a := range as {
			out = append(out, a.Name)
		}
		return strings.Join(out, ",")
	}
	if got := names(Settings{}); got != "a,b,c" {
		t.Errorf("no settings: %s", got)
	}
	if got := names(Settings{Enable: []string{"c", "a"}, Disable: []string{"a"}}); got != "c" {
		t.Errorf("enable c, a, disable a: %s", got)
	}
	no := false
	names(Settings{Latent: &no})
	if directive.ReportLatent {
		t.Error("latent: false left latent findings on")
	}
	as := analyzers()
	if _, err := (Settings{Flags: map[string]map[string]string{"a": {"wide": "true"}}}).Apply(as); err != nil || as[0].Flags.Lookup("wide").Value.String() != "true" {
		t.Errorf("flags a.wide=true: %v, value %s", err, as[0].Flags.Lookup("wide").Value)
	}
	for _, bad := range []Settings{
		{Enable: []string{"d"}},
		{Disable: []string{"d"}},
		{Flags: map[string]map[string]string{"d": {"x": "1"}}},
		{Flags: map[string]map[string]string{"a": {"narrow": "1"}}},
		{Flags: map[string]map[string]string{"a": {"wide": "maybe"}}},
	} {
		if _, err := bad.Apply(analyzers()); err == nil {
			t.Errorf("Apply(%+v): no error", bad)
		}
	}
}

func TestFind(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "x", "y")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	if got, err := Find(deep); err != nil || (got != "" && strings.HasPrefix(got, root)) {
		t.Errorf("Find without a file under %s: %q, %v", root, got, err)
	}
	want := filepath.Join(root, "x", FileName)
	if err := os.WriteFile(want, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := Find(deep); got != want || err != nil {
		t.Errorf("Find(%s) = %q, %v; want %s", deep, got, err, want)
	}
	if s, err := Load(want); err != nil || len(s.Enable) != 0 {
		t.Errorf("Load(%s) = %+v, %v", want, s, err)
	}
}
