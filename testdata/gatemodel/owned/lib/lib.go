// Package lib has functions that borrow their parameter and one that
// keeps it; its BorrowFacts tell importing packages which is which.
package lib

import "sync"

type Node struct {
	Mu   sync.Mutex
	Name string
	next *Node
}

var all []*Node

// Fill writes the node and keeps no reference to it.
func Fill(n *Node, name string) {
	n.Mu.Lock()
	n.Name = name
	n.Mu.Unlock()
}

// Keep publishes the node in a package-level list.
func Keep(n *Node) {
	all = append(all, n)
}

// Chain borrows n through a helper that borrows it too.
func Chain(n *Node) { fill(n) }

func fill(n *Node) { n.Name = "x" }
