package main

import (
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
	"honnef.co/go/tools/analysis/lint"
	"honnef.co/go/tools/lintcmd"

	"github.com/gatevet/gatevet/internal/analyzerdoc"
	"github.com/gatevet/gatevet/internal/config"
	"github.com/gatevet/gatevet/internal/directive"
)

// standalone runs analyzers on the packages args name, on staticcheck's
// command layer (honnef.co/go/tools/lintcmd): it loads packages in
// dependency order, streams them through the analyzers with facts, and
// caches each package's results and facts, so memory stays bounded and a
// re-run redoes only what changed. It brings staticcheck's flags (-f
// text|stylish|json|sarif, -checks, -fail, -tests, -tags,
// -show-ignored, -explain, //lint:ignore); gatevet adds -latent,
// -config, its analyzers' flags as -NAME.FLAG, and gatevet.json. It
// returns the exit status.
func standalone(analyzers []*analysis.Analyzer, args []string) int {
	cmd := lintcmd.NewCommand("gatevet")
	fs := cmd.FlagSet()
	fs.Usage = func() {
		out := fs.Output()
		writeHelp(out, analyzers, true, nil)
		fmt.Fprintln(out, "\nFlags (standalone):")
		fs.PrintDefaults()
	}
	// lintcmd's -checks defaults to "inherit": the checks of the
	// staticcheck.conf files above each package, written for
	// staticcheck, where checks = ["SA*"] would silence every gatevet
	// analyzer. gatevet's analyzers are chosen by gatevet.json and
	// -checks alone.
	checks := fs.Lookup("checks")
	checks.Value.Set("all")
	checks.DefValue = checks.Value.String()
	fs.BoolVar(&directive.ReportLatent, "latent", true, latentUsage)
	configFile := fs.String("config", "", "read settings from `file` (default: the nearest "+config.FileName+" in the current directory or its parents)")
	for _, a := range analyzers {
		a.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, a.Name+"."+f.Name, f.Usage) })
	}
	// The flags are parsed twice: first to find -config, then again
	// after the settings file has set its values, so that the command
	// line wins over the file.
	fs.Parse(args)
	settings, err := loadSettings(*configFile)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gatevet: %v\n", err)
		return 2
	}
	enabled, err := settings.Apply(analyzers)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gatevet: %v\n", err)
		return 2
	}
	fs.Parse(args)

	// lintcmd's -explain ends with staticcheck's website; gatevet's own
	// help says the same and points at gatevet's pages.
	if name := fs.Lookup("explain").Value.String(); name != "" {
		if err := writeHelp(os.Stdout, analyzers, false, []string{name}); err != nil {
			fmt.Fprintf(os.Stderr, "gatevet: %v\n", err)
			return 1
		}
		return 0
	}
	if err := keyCache(analyzers); err != nil {
		fmt.Fprintf(os.Stderr, "gatevet: %v\n", err)
		return 1
	}
	for _, a := range enabled {
		cmd.AddAnalyzers(lintAnalyzer(a))
	}
	relaxGC(standaloneBudget)
	if fs.Lookup("f").Value.String() == "sarif" {
		return withSARIF(analyzers, cmd.Execute)
	}
	return cmd.Execute()
}

// loadSettings reads the settings file: file, or the nearest
// config.FileName; none at all is no settings.
func loadSettings(file string) (config.Settings, error) {
	if file == "" {
		wd, err := os.Getwd()
		if err != nil {
			return config.Settings{}, err
		}
		if file, err = config.Find(wd); err != nil || file == "" {
			return config.Settings{}, err
		}
	}
	return config.Load(file)
}

// lintAnalyzer wraps a for lintcmd: its documentation cut into
// staticcheck's parts, its diagnostics' category set to its name (lintcmd
// takes the category for the check's name, in output, -checks, -fail and
// //lint:ignore, where gatevet puts certain or latent, which the message
// also starts with), and a ReadFile for passes that quote source, which
// lintcmd's runner does not provide.
func lintAnalyzer(a *analysis.Analyzer) *lint.Analyzer {
	wrapped := *a
	wrapped.Run = func(pass *analysis.Pass) (any, error) {
		p := *pass
		p.Report = func(d analysis.Diagnostic) {
			d.Category = a.Name
			pass.Report(d)
		}
		if p.ReadFile == nil {
			p.ReadFile = os.ReadFile
		}
		return a.Run(&p)
	}
	parts := analyzerdoc.Cut(a.Doc)
	return &lint.Analyzer{
		Analyzer: &wrapped,
		Doc: &lint.RawDocumentation{
			Title:    parts.Title,
			Text:     parts.Text,
			Before:   parts.Before,
			After:    parts.After,
			Severity: lint.SeverityError,
		},
	}
}

// keyCache points lintcmd's cache at gatevet's own directory and makes
// its keys depend on gatevet's settings.
//
// lintcmd keys a package's cached results and facts on the binary, the
// package, the analyzers' names, the Go version and GODEBUG, but not on
// analyzer flags: a run with other flags, or -latent=false, would replay
// the results of the last one. A GODEBUG setting no Go runtime knows
// (and so ignores), gatevetsettings=DIGEST, carries a digest of every
// flag's value into the key, for the local cache and a GOCACHEPROG one
// alike.
func keyCache(analyzers []*analysis.Analyzer) error {
	if os.Getenv("STATICCHECK_CACHE") == "" {
		dir := os.Getenv("GATEVET_CACHE")
		if dir == "" {
			base, err := os.UserCacheDir()
			if err != nil {
				return fmt.Errorf("no cache directory: set GATEVET_CACHE (%v)", err)
			}
			dir = filepath.Join(base, "gatevet")
		}
		if !filepath.IsAbs(dir) {
			return errors.New("GATEVET_CACHE is not an absolute path")
		}
		os.Setenv("STATICCHECK_CACHE", dir)
	}
	h := sha256.New()
	fmt.Fprintf(h, "latent=%v\n", directive.ReportLatent)
	for _, a := range analyzers {
		a.Flags.VisitAll(func(f *flag.Flag) { fmt.Fprintf(h, "%s.%s=%s\n", a.Name, f.Name, f.Value) })
	}
	setting := fmt.Sprintf("gatevetsettings=%x", h.Sum(nil)[:8])
	if old := os.Getenv("GODEBUG"); old != "" {
		setting = strings.TrimSuffix(old, ",") + "," + setting
	}
	return os.Setenv("GODEBUG", setting)
}
