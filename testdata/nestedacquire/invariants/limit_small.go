//go:build !largepool

package invariants

// maxIdle is 0 unless the build asks for the large pool (-tags
// largepool): the runtime keeps no idle entries. A constant that the
// build configuration chooses, as a per-OS file would, but the same on
// every host the tests run on.
const maxIdle = 0
