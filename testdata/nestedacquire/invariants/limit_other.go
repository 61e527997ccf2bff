//go:build !linux

package invariants

const maxIdle = 8
