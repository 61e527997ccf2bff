// Package fake holds a generated test double, as counterfeiter writes
// them: its recorder takes the call-list lock and then the per-method
// lock in one method and the reverse in another. Nobody edits generated
// code, so nothing in it is reported; the model still reads it.
package fake

// Real is the type the double stands in for.
type Real interface{ Do() }
