// Package config holds gatevet's project settings: which analyzers run,
// their flags, and whether latent findings are reported.
//
// One schema serves both places a project configures gatevet: the
// standalone command's gatevet.json, found by walking up from the current
// directory, and the settings block of the golangci-lint plugin in
// .golangci.yml. Both decode into Settings with unknown keys rejected,
// and Apply checks analyzer and flag names, so a misspelt setting is an
// error rather than a silently ignored one:
//
//	{
//	  "disable": ["bypass"],
//	  "latent": false,
//	  "flags": {"bypass": {"fields": "true"}}
//	}
//
// Under go vet, flags on the command line configure gatevet instead: go
// vet keys its result cache on them, and it could not see a file.
package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"

	"golang.org/x/tools/go/analysis"

	"github.com/gatevet/gatevet/internal/directive"
)

// FileName is the standalone command's settings file.
const FileName = "gatevet.json"

// Settings are gatevet's project settings.
type Settings struct {
	// Enable lists the analyzers to run; empty means all of them.
	Enable []string `json:"enable"`
	// Disable lists analyzers not to run.
	Disable []string `json:"disable"`
	// Flags maps an analyzer's name to its flags' values, as the
	// analyzer's command-line flags take them (-NAME.FLAG=VALUE).
	Flags map[string]map[string]string `json:"flags"`
	// Latent, when false, drops latent findings (as -latent=false).
	Latent *bool `json:"latent"`
}

// Decode decodes settings from JSON, rejecting unknown keys and trailing
// data.
func Decode(data []byte) (Settings, error) {
	var s Settings
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return Settings{}, err
	}
	if dec.More() {
		return Settings{}, errors.New("data after the settings object")
	}
	return s, nil
}

// Load reads the settings file at path.
func Load(path string) (Settings, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Settings{}, err
	}
	s, err := Decode(data)
	if err != nil {
		return Settings{}, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// Find returns the FileName nearest to dir: in dir or the closest of its
// parents; "" when there is none.
func Find(dir string) (string, error) {
	for {
		path := filepath.Join(dir, FileName)
		if _, err := os.Stat(path); err == nil {
			return path, nil
		} else if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil
		}
		dir = parent
	}
}

// Apply checks the settings against analyzers, sets the flags they give
// and the latent switch, and returns the analyzers they enable, in
// order. An unknown analyzer or flag name, or a bad flag value, is an
// error.
func (s Settings) Apply(analyzers []*analysis.Analyzer) ([]*analysis.Analyzer, error) {
	byName := make(map[string]*analysis.Analyzer)
	var names []string
	for _, a := range analyzers {
		byName[a.Name] = a
		names = append(names, a.Name)
	}
	for _, n := range slices.Concat(s.Enable, s.Disable) {
		if byName[n] == nil {
			return nil, fmt.Errorf("unknown analyzer %q (have %v)", n, names)
		}
	}
	flagged := make([]string, 0, len(s.Flags))
	for n := range s.Flags {
		flagged = append(flagged, n)
	}
	sort.Strings(flagged)
	for _, n := range flagged {
		a := byName[n]
		if a == nil {
			return nil, fmt.Errorf("flags for unknown analyzer %q (have %v)", n, names)
		}
		for f, v := range s.Flags[n] {
			if a.Flags.Lookup(f) == nil {
				return nil, fmt.Errorf("%s has no flag %q", n, f)
			}
			if err := a.Flags.Set(f, v); err != nil {
				return nil, fmt.Errorf("%s: flag %s=%q: %w", n, f, v, err)
			}
		}
	}
	if s.Latent != nil {
		directive.ReportLatent = *s.Latent
	}
	var out []*analysis.Analyzer
	for _, a := range analyzers {
		if (len(s.Enable) == 0 || slices.Contains(s.Enable, a.Name)) && !slices.Contains(s.Disable, a.Name) {
			out = append(out, a)
		}
	}
	return out, nil
}
