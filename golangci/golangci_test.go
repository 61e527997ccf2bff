package golangci

import (
	"slices"
	"strings"
	"testing"

	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/passes/all"
)

func names(t *testing.T, raw any) []string {
	t.Helper()
	p, err := New(raw)
	if err != nil {
		t.Fatal(err)
	}
	as, _ := p.BuildAnalyzers()
	var out []string
	for _, a := range as {
		out = append(out, a.Name)
	}
	return out
}

func TestSettings(t *testing.T) {
	every := len(all.Analyzers())
	if got := names(t, nil); len(got) != every || !slices.Contains(got, "directives") {
		t.Errorf("no settings: got %v, want all %d analyzers, directives among them", got, every)
	}
	if got := strings.Join(names(t, map[string]any{"enable": []string{"bypass", "condctx"}}), ","); got != "bypass,condctx" {
		t.Errorf("enable: got %s", got)
	}
	if got := names(t, map[string]any{"disable": []string{"bypass"}}); strings.Contains(strings.Join(got, ","), "bypass") || len(got) != every-1 {
		t.Errorf("disable bypass: got %v", got)
	}
	names(t, map[string]any{"latent": false})
	if directive.ReportLatent {
		t.Error("latent: false left latent findings on")
	}
	names(t, map[string]any{"latent": true})
	if !directive.ReportLatent {
		t.Error("latent: true left latent findings off")
	}
	for _, bad := range []map[string]any{
		{"latent": "no"},
		{"enabled": []string{"bypass"}},
		{"enable": []string{"nosuch"}},
		{"flags": map[string]any{"nosuch": map[string]string{"x": "1"}}},
		{"flags": map[string]any{"bypass": map[string]string{"nosuchflag": "1"}}},
	} {
		if _, err := New(bad); err == nil {
			t.Errorf("settings %v: no error", bad)
		}
	}
}
