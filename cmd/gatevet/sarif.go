package main

import (
	"encoding/json"
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/gatevet/gatevet/internal/analyzerdoc"
	"github.com/gatevet/gatevet/internal/directive"
)

// runSARIF loads the packages patterns name (tests included), runs the
// analyzers and writes a SARIF 2.1.0 log to w: one rule per analyzer
// (its name, the first line of its doc, the doc as help, its URL), one
// result per diagnostic, with its Related positions. The exit status is
// that of the text mode: 3 when something is reported, 1 when the
// packages cannot be analysed.
func runSARIF(w io.Writer, analyzers []*analysis.Analyzer, patterns []string) int {
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Tests: true}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if packages.PrintErrors(pkgs) > 0 {
		return 1
	}
	graph, err := checker.Analyze(analyzers, pkgs, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	cwd, _ := os.Getwd()
	log := newSARIFLog(analyzers)
	seen := make(map[string]bool)
	for act := range graph.All() {
		if !act.IsRoot {
			continue
		}
		if act.Err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", act, act.Err)
			return 1
		}
		for _, d := range act.Diagnostics {
			r := sarifResult{RuleID: act.Analyzer.Name, Level: level(d), Message: sarifText{d.Message},
				Locations: []sarifLocation{location(act.Package.Fset, d.Pos, d.End, cwd, "")}}
			for _, rel := range d.Related {
				r.RelatedLocations = append(r.RelatedLocations, location(act.Package.Fset, rel.Pos, rel.End, cwd, rel.Message))
			}
			// A package and its test variant report the same lines once.
			key, _ := json.Marshal(r)
			if !seen[string(key)] {
				seen[string(key)] = true
				log.Runs[0].Results = append(log.Runs[0].Results, r)
			}
		}
	}
	results := log.Runs[0].Results
	sort.SliceStable(results, func(i, j int) bool {
		a, b := results[i].Locations[0].PhysicalLocation, results[j].Locations[0].PhysicalLocation
		if a.ArtifactLocation.URI != b.ArtifactLocation.URI {
			return a.ArtifactLocation.URI < b.ArtifactLocation.URI
		}
		return a.Region.StartLine < b.Region.StartLine
	})
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(log); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if len(results) > 0 {
		return 3
	}
	return 0
}

type sarifLog struct {
	Version string     `json:"version"`
	Schema  string     `json:"$schema"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool    sarifTool     `json:"tool"`
	Results []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string    `json:"id"`
	ShortDescription sarifText `json:"shortDescription"`
	FullDescription  sarifText `json:"fullDescription"`
	Help             sarifText `json:"help"`
	HelpURI          string    `json:"helpUri,omitempty"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID           string          `json:"ruleId"`
	Level            string          `json:"level"`
	Message          sarifText       `json:"message"`
	Locations        []sarifLocation `json:"locations"`
	RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
	Message          *sarifText    `json:"message,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           sarifRegion   `json:"region"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

func newSARIFLog(analyzers []*analysis.Analyzer) *sarifLog {
	var rules []sarifRule
	for _, a := range analyzers {
		short, _ := analyzerdoc.Split(a.Doc)
		rules = append(rules, sarifRule{ID: a.Name, ShortDescription: sarifText{short},
			FullDescription: sarifText{a.Doc}, Help: sarifText{a.Doc}, HelpURI: a.URL})
	}
	return &sarifLog{
		Version: "2.1.0",
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Runs: []sarifRun{{
			Tool:    sarifTool{Driver: sarifDriver{Name: "gatevet", InformationURI: "https://github.com/gatevet/gatevet", Rules: rules}},
			Results: []sarifResult{},
		}},
	}
}

// location is a SARIF location for pos..end: a path relative to the
// working directory (the source root, %SRCROOT%) when it is inside it.
func location(fset *token.FileSet, pos, end token.Pos, cwd, msg string) sarifLocation {
	p := fset.Position(pos)
	uri, base := filepath.ToSlash(p.Filename), ""
	if rel, err := filepath.Rel(cwd, p.Filename); err == nil && !strings.HasPrefix(rel, "..") {
		uri, base = filepath.ToSlash(rel), "%SRCROOT%"
	}
	loc := sarifLocation{PhysicalLocation: sarifPhysical{
		ArtifactLocation: sarifArtifact{URI: uri, URIBaseID: base},
		Region:           sarifRegion{StartLine: p.Line, StartColumn: p.Column},
	}}
	if end.IsValid() {
		e := fset.Position(end)
		loc.PhysicalLocation.Region.EndLine, loc.PhysicalLocation.Region.EndColumn = e.Line, e.Column
	}
	if msg != "" {
		loc.Message = &sarifText{msg}
	}
	return loc
}

// level maps a diagnostic's category to a SARIF level: a certain bug is
// an error; a latent one, and a problem with a directive, a warning.
func level(d analysis.Diagnostic) string {
	if d.Category == directive.CategoryCertain {
		return "error"
	}
	return "warning"
}
