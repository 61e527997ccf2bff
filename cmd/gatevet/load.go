package main

import (
	"flag"
	"fmt"
	"io"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// analyzePackages loads the packages patterns name and runs as on them
// (and, for their facts, on their dependencies), for the commands that
// print what the model infers: graph and annotate. Problems go to
// stderr, prefixed with the command's name; ok is false after one.
func analyzePackages(cmd string, cfg *packages.Config, patterns []string, stderr io.Writer, as ...*analysis.Analyzer) (pkgs []*packages.Package, g *checker.Graph, ok bool) {
	cfg.Mode = packages.LoadAllSyntax
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		fmt.Fprintf(stderr, "gatevet %s: %v\n", cmd, err)
		return nil, nil, false
	}
	if packages.PrintErrors(pkgs) > 0 {
		return nil, nil, false
	}
	g, err = checker.Analyze(as, pkgs, nil)
	if err != nil {
		fmt.Fprintf(stderr, "gatevet %s: %v\n", cmd, err)
		return nil, nil, false
	}
	return pkgs, g, true
}

// subcommand returns the flag set of gatevet's subcommand name, which
// prints usage and its flags to stderr.
func subcommand(name string, stderr io.Writer, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet("gatevet "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, usage)
		fs.PrintDefaults()
	}
	return fs
}
