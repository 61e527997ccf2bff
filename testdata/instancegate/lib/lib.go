// Package lib has a device whose methods write it: facts say so.
package lib

type GPU struct{ jobs int }

func (g *GPU) Run() { g.jobs++ }

// Log synchronises itself.
type Log struct{ n int }
