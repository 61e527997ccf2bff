// Package directives reports //gatevet: directives that gatevet cannot
// use: malformed ones, annotations whose gate the gate model cannot
// resolve, and //gatevet:ignore directives that name no gatevet analyzer
// or give no reason.
//
// These reports belong to no other pass: each problem is reported once
// however many passes run, and running one pass alone, or disabling
// another, does not drop them. An ignore that suppresses nothing is the
// exception: only the analyzer it names can tell, so that analyzer
// reports it (directive.Reporter.Finish).
//
// The analyzers an ignore may name are the registered ones; passes/all
// gives their names to New, since it imports this package.
//
// # Analyzer directives
//
// directives: report //gatevet: directives that gatevet cannot use
//
// directives finds //gatevet: comments that gatevet cannot use: malformed
// directives, annotations whose gate names no gate, and ignores that name
// no gatevet analyzer or give no reason.
//
// # Why it matters
//
// A directive gatevet cannot use does nothing, silently: a guardedby that
// guards nothing, a holds contract nobody checks, an ignore that
// suppresses nothing. These reports belong to no other analyzer, so
// running one analyzer alone, or disabling another, does not drop them.
//
// # Example
//
//	type S struct {
//		mu sync.Mutex
//		n  int //gatevet:guardedby lock // reported: S has no gate lock
//	}
//
//	//gatevet:ignore nestedaquire misspelled // reported: no such analyzer
//	//gatevet:ignore bypass // reported: no reason
//
// Reported: an unknown directive (//gatevet:guarded); a wrong number of
// arguments; a GATE that names no gate (guardedby: a sibling field or a
// package-level gate; holds: a gate reachable from the receiver, a
// parameter or a package-level variable); an ignore that names no gatevet
// analyzer; an ignore without a reason, which suppresses nothing.
//
// # Fix
//
// Correct the directive's name or its GATE; name the analyzer as gatevet
// help lists it; say, after its name, why the report is wrong:
//
//	n int //gatevet:guardedby mu
//
//	//gatevet:ignore bypass Close runs after every worker has stopped
//
// # What is not reported
//
//   - An ignore that has nothing to suppress on its line or the next: only
//     the analyzer it names can tell, and that analyzer reports it.
//   - Comments that only look alike: "// gatevet:" with a space is prose.
//
// # Suppressing a report
//
// These reports cannot be suppressed with //gatevet:ignore: fix the
// directive instead. Under golangci-lint, //nolint:gatevet works.
//
// # Run it alone
//
//	go vet -vettool="$(go env GOPATH)/bin/gatevet" -vetsuite=false -directives ./...
package directives
