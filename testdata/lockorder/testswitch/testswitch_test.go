package testswitch

import (
	"errors"
	"testing"
)

func TestTopologyChanged(t *testing.T) {
	noPanic = true
	defer func() { noPanic = false }()
	s := &Server{}
	s.parts = &Partitions{s: s}
	s.parts.TopologyChanged(errors.New("lost"))
	if s.lastErr == nil {
		t.Fatal("no error recorded")
	}
}
