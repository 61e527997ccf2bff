// Command gatevet finds lock-scope and cancellation bugs in Go programs:
// gates (sync.Mutex, sync.RWMutex, golang.org/x/sync/semaphore.Weighted,
// channel semaphores and types marked //gatevet:gate) that are acquired
// while already held, used without the gate that guards them, or held
// across a blocking wait that ignores cancellation.
//
// One binary serves two drivers. Run through go vet, which invokes it once
// per package with a .cfg file (the unitchecker protocol):
//
//	go vet -vettool=$(go env GOPATH)/bin/gatevet ./...
//	go vet -vettool=$(go env GOPATH)/bin/gatevet -fix ./...   # apply suggested fixes (-diff shows them)
//
// Under go vet, gatevet also runs the standard go vet analyzers, which
// -vettool would otherwise replace; -vetsuite=false runs gatevet's alone.
// Or run it standalone, on staticcheck's runner, which caches each
// package's results and facts (gatevet's analyzers only):
//
//	gatevet ./...
//	gatevet -f sarif ./...     # a SARIF 2.1.0 log on stdout, for code scanning
//	gatevet -explain bypass    # one analyzer's documentation
//	gatevet graph ./...        # the lock graph, as Graphviz DOT (-f json for tools)
//	gatevet annotate ./...     # the //gatevet:holds contracts it infers, as a diff for git apply
//
// Standalone, settings come from the nearest gatevet.json (see package
// internal/config) and the command line. go vet exits non-zero when it
// reports something (with -json it prints JSON and exits zero);
// standalone gatevet exits 1 (0 with -f sarif). Run "gatevet help" to
// list the analyzers (and the standard vet ones that go vet runs too),
// and "gatevet help NAME" for one analyzer's documentation and flags. go
// vet does not pass help on to its -vettool: it takes "help" for a
// package, and "go vet -help" prints go vet's own usage, so run gatevet
// help directly.
//
// Reports can be suppressed one at a time with
//
//	//gatevet:ignore ANALYZER reason
//
// on the reported line or the line above it; a directive without a reason,
// or one that suppresses nothing, is itself reported.
package main

import (
	"flag"
	"fmt"
	"os"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/suite/vet"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/passes/all"
)

func main() {
	args := os.Args[1:]
	// gatevet's own help, in place of the drivers', which are about
	// analysis tools in general.
	if flags, names, ok := helpRequest(args); ok {
		if err := writeHelp(os.Stdout, all.Analyzers(), vetSuite(flags), names); err != nil {
			fmt.Fprintf(os.Stderr, "gatevet: %v\n", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	if isGraphCommand(args) {
		os.Exit(graphCommand(args[1:], os.Stdout, os.Stderr))
	}
	if isAnnotateCommand(args) {
		os.Exit(annotateCommand(args[1:], os.Stdout, os.Stderr))
	}
	if !underVet(args) {
		os.Exit(standalone(all.Analyzers(), args))
	}
	// The flag is declared so that go vet -flags lists it and passes it
	// on (and keys its result cache on it); it is read before the
	// analyzers are chosen.
	flag.Bool("vetsuite", true, "under go vet, also run the standard go vet analyzers (-vetsuite=false runs gatevet's alone)")
	flag.BoolVar(&directive.ReportLatent, "latent", true, latentUsage)
	if vetConfig(args) != "" {
		relaxGC(vetBudget)
	}
	unitchecker.Main(factsOnly(withVetSuite(all.Analyzers(), args), args)...)
}

// underVet reports whether go vet runs gatevet: to learn its version
// (-V=full) or flags (-flags), or on a package (a .cfg file last).
func underVet(args []string) bool {
	if len(args) == 0 {
		return false
	}
	last := args[len(args)-1]
	return last == "-V=full" || last == "-flags" || vetConfig(args) != ""
}

const latentUsage = "report latent findings too: bugs that need another goroutine to interleave (lock orders, recursive read locks, races); -latent=false reports certain ones only"

// withVetSuite adds the standard go vet analyzers when go vet runs
// gatevet: -vettool replaces them, and a CI that switches from go vet to
// go vet -vettool=gatevet must not lose them. go vet calls its tool with
// -V=full and -flags to learn its version and flags, then once per
// package with a .cfg file last; -vetsuite=false keeps gatevet's alone.
func withVetSuite(gatevet []*analysis.Analyzer, args []string) []*analysis.Analyzer {
	if !vetSuite(args) || !underVet(args) {
		return gatevet
	}
	return append(append([]*analysis.Analyzer(nil), gatevet...), vet.Suite...)
}

// vetSuite reports whether args leave the standard vet analyzers on:
// whether they lack -vetsuite=false.
func vetSuite(args []string) bool {
	return !slices.Contains(args, "-vetsuite=false") && !slices.Contains(args, "--vetsuite=false")
}
