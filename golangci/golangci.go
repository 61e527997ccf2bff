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
// The settings are gatevet's project settings (package
// internal/config, the same keys as the standalone command's
// gatevet.json): enable (the analyzers to run; default all), disable,
// latent (false reports certain findings only, as gatevet -latent=false),
// and flags (analyzer name to flag name to value). Unknown settings,
// analyzer names and flags are errors. //nolint:gatevet suppresses a
// report, as does //gatevet:ignore ANALYZER reason.
package golangci

import (
	"fmt"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/gatevet/gatevet/internal/config"
	"github.com/gatevet/gatevet/passes/all"
)

func init() { register.Plugin("gatevet", New) }

type plugin struct{ analyzers []*analysis.Analyzer }

// New builds the plugin from its settings.
func New(raw any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[config.Settings](raw)
	if err != nil {
		return nil, fmt.Errorf("gatevet: %w", err)
	}
	analyzers, err := s.Apply(all.Analyzers())
	if err != nil {
		return nil, fmt.Errorf("gatevet: %w", err)
	}
	return &plugin{analyzers: analyzers}, nil
}

// BuildAnalyzers returns the enabled analyzers.
func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) { return p.analyzers, nil }

// GetLoadMode asks for types: the analyzers build SSA.
func (p *plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
