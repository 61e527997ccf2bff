// Package golangci registers gatevet as a golangci-lint v2 module plugin
// named "gatevet". Build a custom golangci-lint with this package
// blank-imported (golangci-lint custom, with a .custom-gcl.yml that names
// github.com/gatevet/gatevet), and enable it in .golangci.yml:
//
//	linters:
//	  enable: [gatevet]
//	  settings:
//	    custom:
//	      gatevet:
//	        type: module
//	        settings:
//	          disable: [bypass]
//	          latent: false
//	          flags:
//	            nestedacquire: {}
//
// Settings: enable (the analyzers to run; default all), disable, latent
// (false reports certain findings only, as gatevet -latent=false), and
// flags (analyzer name to flag name to value). Unknown settings, analyzer
// names and flags are errors. //nolint:gatevet suppresses a report, as
// does //gatevet:ignore ANALYZER reason.
package golangci

import (
	"fmt"
	"slices"
	"sort"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/passes/all"
)

func init() { register.Plugin("gatevet", New) }

// Settings are the plugin's settings in .golangci.yml.
type Settings struct {
	Enable  []string                     `json:"enable"`
	Disable []string                     `json:"disable"`
	Flags   map[string]map[string]string `json:"flags"`
	// Latent, when false, drops latent findings (as gatevet -latent=false).
	Latent *bool `json:"latent"`
}

type plugin struct{ analyzers []*analysis.Analyzer }

// New builds the plugin from its settings.
func New(raw any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](raw)
	if err != nil {
		return nil, fmt.Errorf("gatevet: %w", err)
	}
	byName := make(map[string]*analysis.Analyzer)
	var names []string
	for _, a := range all.Analyzers() {
		byName[a.Name] = a
		names = append(names, a.Name)
	}
	for _, n := range append(append([]string(nil), s.Enable...), s.Disable...) {
		if byName[n] == nil {
			return nil, fmt.Errorf("gatevet: unknown analyzer %q (have %v)", n, names)
		}
	}
	flagNames := make([]string, 0, len(s.Flags))
	for n := range s.Flags {
		flagNames = append(flagNames, n)
	}
	sort.Strings(flagNames)
	for _, n := range flagNames {
		a := byName[n]
		if a == nil {
			return nil, fmt.Errorf("gatevet: flags for unknown analyzer %q (have %v)", n, names)
		}
		for f, v := range s.Flags[n] {
			if err := a.Flags.Set(f, v); err != nil {
				return nil, fmt.Errorf("gatevet: %s: flag %s=%q: %w", n, f, v, err)
			}
		}
	}
	if s.Latent != nil {
		directive.ReportLatent = *s.Latent
	}
	p := &plugin{}
	for _, a := range all.Analyzers() {
		if (len(s.Enable) == 0 || slices.Contains(s.Enable, a.Name)) && !slices.Contains(s.Disable, a.Name) {
			p.analyzers = append(p.analyzers, a)
		}
	}
	return p, nil
}

// BuildAnalyzers returns the enabled analyzers.
func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) { return p.analyzers, nil }

// GetLoadMode asks for types: the analyzers build SSA.
func (p *plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
