//go:build largepool

package invariants

const maxIdle = 8
