// Package shown's table: hand-written, whatever its comments say below
// the package clause.
package shown

// Table is kept in step with the spec; do not edit it without the spec.
// A comment of the code, not a header: reported.
func Table() {
	certain() // want `^certain: probe$`
}
