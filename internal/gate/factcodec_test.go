package gate

import (
	"bytes"
	"encoding/gob"
	"reflect"
	"testing"

	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// TestFuncFactRoundTrip writes a summary with every part set through gob,
// as go vet does, and reads it back.
func TestFuncFactRoundTrip(t *testing.T) {
	mu := GateOp{Gate: naming.Ref{Root: naming.Param, Index: 0, Name: "s", Path: []string{"mu"}}, Kind: known.Mutex, Mode: known.Exclusive}
	sem := GateOp{Gate: naming.Ref{Root: naming.Global, Pkg: "example.com/p", Name: "sem"}, Kind: known.Weighted}
	want := Summary{
		Acquires:   []SumAcquire{{GateOp: mu, Blocking: true, Partial: true, Chain: []Hop{{What: "s.mu.Lock", At: "p.go:12"}}, Flag: &Flag{Param: 2, Free: true, When: true}}, {GateOp: sem}},
		Holds:      []GateOp{mu},
		HoldsIfNil: []GateOp{sem},
		Releases:   []SumRelease{{GateOp: mu, Flag: &Flag{Param: 1}}},
		Drops:      []GateOp{mu},
		Requires:   []Required{{GateOp: sem}, {GateOp: mu, Said: "Caller must hold s.mu."}},
		Excludes:   []GateOp{mu},
		Runs:       []SumRun{{Param: 1, Under: []GateOp{mu}}, {Param: 0, Free: true}},
		Spawns:     []Spawn{{Result: 1, Work: "loop", At: "p.go:40"}},
	}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(&FuncFact{Summary: want}); err != nil {
		t.Fatal(err)
	}
	encoded := bytes.Clone(buf.Bytes())
	var got FuncFact
	if err := gob.NewDecoder(&buf).Decode(&got); err != nil {
		t.Fatal(err)
	}
	if got.Acquires != nil {
		t.Error("the fact was decoded before Load")
	}
	copied := got // as Pass.ImportObjectFact copies it
	if err := copied.Load(); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(copied.Summary, want) {
		t.Errorf("round trip:\n got %+v\nwant %+v", copied.Summary, want)
	}
	// Written out again, a fact read from a file keeps its bytes.
	var again bytes.Buffer
	if err := gob.NewEncoder(&again).Encode(&got); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again.Bytes(), encoded) {
		t.Error("a fact read and written again changed")
	}
}

// TestFactDecoderTruncated checks that a cut fact is an error, not a
// panic or a silently short summary.
func TestFactDecoderTruncated(t *testing.T) {
	f := &FuncFact{Summary: Summary{Holds: []GateOp{{Gate: naming.Ref{Root: naming.Global, Pkg: "p", Name: "mu"}}}}}
	b, _ := f.GobEncode()
	for n := 0; n < len(b); n++ {
		var g FuncFact
		g.GobDecode(b[:n])
		if g.Load() == nil {
			t.Errorf("%d of %d bytes decoded without error", n, len(b))
		}
	}
	var g FuncFact
	g.GobDecode(append(bytes.Clone(b), 0))
	if g.Load() == nil {
		t.Error("trailing bytes decoded without error")
	}
}
