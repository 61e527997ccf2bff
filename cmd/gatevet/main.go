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
// or run it standalone, loading packages itself:
//
//	gatevet ./...
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
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/gatevet/gatevet/passes/bypass"
	"github.com/gatevet/gatevet/passes/cancelrelease"
	"github.com/gatevet/gatevet/passes/condctx"
	"github.com/gatevet/gatevet/passes/instancegate"
	"github.com/gatevet/gatevet/passes/nestedacquire"
)

// analyzers is every analyzer gatevet runs, one line each.
var analyzers = []*analysis.Analyzer{
	nestedacquire.Analyzer,
	bypass.Analyzer,
	instancegate.Analyzer,
	cancelrelease.Analyzer,
	condctx.Analyzer,
}

func main() {
	// multichecker.Main hands over to unitchecker when go vet passes a
	// single .cfg argument, and otherwise loads packages itself.
	multichecker.Main(analyzers...)
}
