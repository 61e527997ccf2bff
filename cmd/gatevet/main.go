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
//
// Under go vet, gatevet also runs the standard go vet analyzers, which
// -vettool would otherwise replace; -vetsuite=false runs gatevet's alone.
// Or run it standalone, loading packages itself (gatevet's analyzers only):
//
//	gatevet ./...
//	gatevet -sarif ./...   # a SARIF 2.1.0 log on stdout, for code scanning
//
// Both exit non-zero when they report something (go vet -json and
// gatevet -json print JSON and exit zero instead). Run "gatevet help" to
// list the analyzers (and the standard vet ones that go vet runs too), and
// "gatevet help NAME" for one analyzer's documentation and flags. go vet
// does not pass help on to its -vettool: it takes "help" for a package,
// and "go vet -help" prints go vet's own usage, so run gatevet help
// directly.
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
	"golang.org/x/tools/go/analysis/multichecker"
	"golang.org/x/tools/go/analysis/suite/vet"

	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/passes/all"
)

func main() {
	// The flag is declared so that go vet -flags lists it and passes it
	// on (and keys its result cache on it); it is read before the
	// analyzers are chosen.
	flag.Bool("vetsuite", true, "under go vet, also run the standard go vet analyzers (-vetsuite=false runs gatevet's alone)")
	flag.BoolVar(&directive.ReportLatent, "latent", true, latentUsage)
	args := os.Args[1:]
	if len(args) > 0 && args[0] == "-sarif" {
		fs := flag.NewFlagSet("gatevet -sarif", flag.ExitOnError)
		fs.BoolVar(&directive.ReportLatent, "latent", true, latentUsage)
		for _, a := range all.Analyzers() {
			a.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, a.Name+"."+f.Name, f.Usage) })
		}
		fs.Parse(args[1:])
		os.Exit(runSARIF(os.Stdout, all.Analyzers(), fs.Args()))
	}
	// gatevet's own help, in place of the multichecker's, which is about
	// analysis tools in general; -help adds every flag.
	if flags, names, ok := helpRequest(args); ok {
		if err := writeHelp(os.Stdout, all.Analyzers(), vetSuite(flags), names); err != nil {
			fmt.Fprintf(os.Stderr, "gatevet: %v\n", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	flag.Usage = func() {
		out := flag.CommandLine.Output()
		writeHelp(out, all.Analyzers(), vetSuite(args), nil)
		fmt.Fprintln(out, "\nFlags:")
		flag.PrintDefaults()
	}
	if vetConfig(args) != "" {
		relaxGC()
	}
	// multichecker.Main hands over to unitchecker when go vet passes a
	// .cfg argument, and otherwise loads packages itself.
	multichecker.Main(factsOnly(withVetSuite(all.Analyzers(), args), args)...)
}

const latentUsage = "report latent findings too: bugs that need another goroutine to interleave (lock orders, recursive read locks, races); -latent=false reports certain ones only"

// withVetSuite adds the standard go vet analyzers when go vet runs
// gatevet: -vettool replaces them, and a CI that switches from go vet to
// go vet -vettool=gatevet must not lose them. go vet calls its tool with
// -V=full and -flags to learn its version and flags, then once per
// package with a .cfg file last; -vetsuite=false keeps gatevet's alone.
func withVetSuite(gatevet []*analysis.Analyzer, args []string) []*analysis.Analyzer {
	if len(args) == 0 || !vetSuite(args) {
		return gatevet
	}
	last := args[len(args)-1]
	if last != "-V=full" && last != "-flags" && vetConfig(args) == "" {
		return gatevet
	}
	return append(append([]*analysis.Analyzer(nil), gatevet...), vet.Suite...)
}

// vetSuite reports whether args leave the standard vet analyzers on:
// whether they lack -vetsuite=false.
func vetSuite(args []string) bool {
	return !slices.Contains(args, "-vetsuite=false") && !slices.Contains(args, "--vetsuite=false")
}
