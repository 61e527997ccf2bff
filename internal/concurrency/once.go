package concurrency

import (
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Code that runs once per process, on one goroutine: a package's
// initialisers run before main, one after another, and a command's main
// function is called once. Another call of such a function cannot run
// beside it; only the goroutines it starts can.

// Initializer reports whether fn is an init function or the package
// initialiser.
func Initializer(fn *ssa.Function) bool {
	return fn.Parent() == nil && (fn.Synthetic == "package initializer" || strings.HasPrefix(fn.Name(), "init#"))
}

// RunsOnce reports whether fn runs once per process, on one goroutine:
// an initializer, or the main function of a command.
func RunsOnce(fn *ssa.Function) bool {
	if Initializer(fn) {
		return true
	}
	return fn.Parent() == nil && fn.Signature.Recv() == nil && fn.Name() == "main" && fn.Pkg != nil && fn.Pkg.Pkg.Name() == "main"
}
