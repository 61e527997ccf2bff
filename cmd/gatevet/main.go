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
// list the analyzers and their flags, and "gatevet help NAME" for one
// analyzer's documentation.
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
	"os"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"
	"golang.org/x/tools/go/analysis/suite/vet"

	"github.com/gatevet/gatevet/passes/all"
)

func main() {
	// The flag is declared so that go vet -flags lists it and passes it
	// on (and keys its result cache on it); it is read before the
	// analyzers are chosen.
	flag.Bool("vetsuite", true, "under go vet, also run the standard go vet analyzers (-vetsuite=false runs gatevet's alone)")
	if len(os.Args) > 1 && os.Args[1] == "-sarif" {
		os.Exit(runSARIF(os.Stdout, all.Analyzers(), os.Args[2:]))
	}
	// multichecker.Main hands over to unitchecker when go vet passes a
	// .cfg argument, and otherwise loads packages itself.
	multichecker.Main(factsOnly(withVetSuite(all.Analyzers(), os.Args[1:]), os.Args[1:])...)
}

// withVetSuite adds the standard go vet analyzers when go vet runs
// gatevet: -vettool replaces them, and a CI that switches from go vet to
// go vet -vettool=gatevet must not lose them. go vet calls its tool with
// -V=full and -flags to learn its version and flags, then once per
// package with a .cfg file last; -vetsuite=false keeps gatevet's alone.
func withVetSuite(gatevet []*analysis.Analyzer, args []string) []*analysis.Analyzer {
	if len(args) == 0 {
		return gatevet
	}
	for _, a := range args {
		if a == "-vetsuite=false" || a == "--vetsuite=false" {
			return gatevet
		}
	}
	last := args[len(args)-1]
	if last != "-V=full" && last != "-flags" && !strings.HasSuffix(last, ".cfg") {
		return gatevet
	}
	return append(append([]*analysis.Analyzer(nil), gatevet...), vet.Suite...)
}
