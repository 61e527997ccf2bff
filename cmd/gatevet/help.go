package main

import (
	"flag"
	"fmt"
	"go/doc/comment"
	"io"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/suite/vet"

	"github.com/gatevet/gatevet/internal/analyzerdoc"
)

// helpRequest reports whether args ask for gatevet's help: "help",
// after nothing but flags, as in "gatevet -vetsuite=false help". It
// returns the flags before "help" and the names after it.
func helpRequest(args []string) (flags, names []string, ok bool) {
	for i, a := range args {
		if a == "help" {
			return args[:i], args[i+1:], true
		}
		if !strings.HasPrefix(a, "-") {
			break
		}
	}
	return nil, nil, false
}

// intro is what gatevet is and how to run it, before the analyzers.
const intro = `gatevet finds lock-scope and cancellation bugs in Go programs: gates
(sync.Mutex, sync.RWMutex, golang.org/x/sync/semaphore.Weighted, channel
semaphores, any sync.Locker, types marked //gatevet:gate) acquired while
already held, scoped to the wrong thing or bypassed, released when the
caller gives up rather than when the work stops, and waits that ignore
their context. Its analyzers pass facts across packages.

Run it in either of two ways:

  go vet -vettool="$(go env GOPATH)/bin/gatevet" [-vetsuite=false] [-json] ./...
      go vet runs gatevet on each package; it exits non-zero on findings
      (with -json it prints JSON and exits 0).
  gatevet [-f text|stylish|json|sarif] [-checks LIST] [-config FILE] ./...
      standalone, on staticcheck's runner: gatevet loads the packages
      itself, runs its own analyzers and caches each package's results;
      exit status 1 on findings (0 with -f sarif). Settings come from the
      nearest gatevet.json and the command line; -explain NAME prints an
      analyzer's documentation.

Suggested fixes are applied through go vet: go vet -vettool=… -fix ./...
(-diff shows them instead). gatevet graph [-f dot|json] ./... prints the
lock graph it infers (render with dot -Tsvg); gatevet annotate ./...
prints, as a diff for git apply, the holds and guardedby contracts it
infers.

go vet does not pass help on to its -vettool ("go vet -vettool=… help"
looks for a package named help): run gatevet help directly.

`

// outro follows the analyzers.
const outro = `By default every analyzer runs. Under go vet, -NAME runs only the named
ones and -NAME=false all but those; standalone, -checks NAME,... and
gatevet.json's enable and disable do. "//gatevet:ignore NAME reason" on a
reported line, or the line above it, suppresses the report.

Run "gatevet help NAME" for an analyzer's documentation and flags, and
"gatevet -help" for every flag.
`

// writeHelp writes gatevet's help: what it is, how to run it, and its
// analyzers, with the standard vet analyzers that go vet runs too unless
// vetSuite is false; or, given names, the documentation of each named
// analyzer. It returns an error for a name that is no analyzer's.
func writeHelp(w io.Writer, analyzers []*analysis.Analyzer, vetSuite bool, names []string) error {
	if len(names) > 0 {
		return writeAnalyzerHelp(w, analyzers, vetSuite, names)
	}
	var b strings.Builder
	b.WriteString(intro + "Analyzers:\n\n")
	width := 0
	for _, a := range analyzers {
		width = max(width, len(a.Name))
	}
	for _, a := range analyzers {
		summary, _ := analyzerdoc.Split(a.Doc)
		fmt.Fprintf(&b, "  %-*s  %s\n", width, a.Name, summary)
	}
	if vetSuite {
		b.WriteString("\nUnder go vet, gatevet also runs the standard go vet analyzers, which\n-vettool would otherwise replace (-vetsuite=false leaves them out):\n\n")
		var names []string
		for _, a := range vet.Suite {
			names = append(names, a.Name)
		}
		slices.Sort(names)
		line := " "
		for _, n := range names {
			if len(line)+1+len(n) > 76 {
				b.WriteString(line + "\n")
				line = " "
			}
			line += " " + n
		}
		b.WriteString(line + "\n")
	} else {
		b.WriteString("\nWith -vetsuite=false, go vet runs these analyzers alone.\n")
	}
	b.WriteString("\n" + outro)
	_, err := io.WriteString(w, b.String())
	return err
}

// writeAnalyzerHelp writes the documentation and flags of each named
// analyzer: gatevet's, or, unless vetSuite is false, a standard vet one.
func writeAnalyzerHelp(w io.Writer, analyzers []*analysis.Analyzer, vetSuite bool, names []string) error {
	if vetSuite {
		analyzers = append(slices.Clip(analyzers), vet.Suite...)
	}
	var p comment.Parser
	var pr comment.Printer
	for n, name := range names {
		i := slices.IndexFunc(analyzers, func(a *analysis.Analyzer) bool { return a.Name == name })
		if i < 0 {
			return fmt.Errorf("no analyzer %q (gatevet help lists them)", name)
		}
		a := analyzers[i]
		if n > 0 {
			fmt.Fprintln(w)
		}
		summary, body := analyzerdoc.Split(a.Doc)
		fmt.Fprintf(w, "%s: %s\n", a.Name, summary)
		if body != "" {
			fmt.Fprintf(w, "\n%s", pr.Text(p.Parse(body)))
		}
		fs := flag.NewFlagSet(a.Name, flag.ContinueOnError)
		fs.SetOutput(w)
		hasFlags := false
		a.Flags.VisitAll(func(f *flag.Flag) {
			hasFlags = true
			fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
		})
		if hasFlags {
			fmt.Fprintln(w, "\nFlags:")
			fs.PrintDefaults()
		}
		if a.URL != "" {
			fmt.Fprintf(w, "\nDocumentation: %s\n", a.URL)
		}
	}
	return nil
}
