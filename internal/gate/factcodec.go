package gate

import (
	"github.com/gatevet/gatevet/internal/facts"
	"github.com/gatevet/gatevet/internal/known"
)

// A FuncFact has a compact encoding (see package facts), decoded when a
// book's lookup loads it; the resource model's TouchFact writes gates
// and chains the same way, with EncodeOps and EncodeChain.

// EncodeOps writes gates with their kinds and modes.
func EncodeOps(e *facts.Encoder, ops []GateOp) {
	facts.EncodeEach(e, ops, func(o GateOp) { encodeOp(e, o) })
}

// DecodeOps reads what EncodeOps wrote.
func DecodeOps(d *facts.Decoder) []GateOp {
	return facts.DecodeEach(d, func() GateOp { return decodeOp(d) })
}

func encodeOp(e *facts.Encoder, o GateOp) {
	e.Ref(o.Gate)
	e.Int(int(o.Kind))
	e.Int(int(o.Mode))
}

func decodeOp(d *facts.Decoder) GateOp {
	return GateOp{Gate: d.Ref(), Kind: known.Kind(d.Int()), Mode: known.Mode(d.Int())}
}

// EncodeChain writes a chain.
func EncodeChain(e *facts.Encoder, hops []Hop) {
	facts.EncodeEach(e, hops, func(h Hop) { e.Str(h.What); e.Str(h.At) })
}

// DecodeChain reads what EncodeChain wrote.
func DecodeChain(d *facts.Decoder) []Hop {
	return facts.DecodeEach(d, func() Hop { return Hop{What: d.Str(), At: d.Str()} })
}

func encodeFlag(e *facts.Encoder, f *Flag) {
	e.Bool(f != nil)
	if f != nil {
		e.Int(f.Param)
		e.Bool(f.Free)
		e.Bool(f.When)
		e.Str(f.Eq)
		e.Str(f.Const)
		e.Str(f.Key)
	}
}

func decodeFlag(d *facts.Decoder) *Flag {
	if !d.Bool() {
		return nil
	}
	return &Flag{Param: d.Int(), Free: d.Bool(), When: d.Bool(), Eq: d.Str(), Const: d.Str(), Key: d.Str()}
}

// GobEncode writes f compactly, or as it was read.
func (f *FuncFact) GobEncode() ([]byte, error) {
	return facts.Encode(f.lazy, f.Summary, encodeSummary), nil
}

// GobDecode keeps b, to be decoded by Load.
func (f *FuncFact) GobDecode(b []byte) error {
	f.lazy = facts.NewLazy[Summary](b)
	return nil
}

// Load decodes f's summary if f was read from a file.
func (f *FuncFact) Load() error { return facts.Load(f.lazy, &f.Summary, decodeSummary) }

func encodeSummary(e *facts.Encoder, s Summary) {
	facts.EncodeEach(e, s.Acquires, func(a SumAcquire) {
		encodeOp(e, a.GateOp)
		e.Bool(a.Blocking)
		e.Bool(a.Partial)
		EncodeChain(e, a.Chain)
		encodeFlag(e, a.Flag)
		e.Bool(a.OrElse)
	})
	EncodeOps(e, s.Holds)
	EncodeOps(e, s.HoldsIfNil)
	facts.EncodeEach(e, s.Releases, func(r SumRelease) { encodeOp(e, r.GateOp); encodeFlag(e, r.Flag) })
	EncodeOps(e, s.Drops)
	EncodeOps(e, s.Retakes)
	facts.EncodeEach(e, s.Requires, func(r Required) { encodeOp(e, r.GateOp); e.Str(r.Said); e.Bool(r.Named) })
	EncodeOps(e, s.Excludes)
	facts.EncodeEach(e, s.Runs, func(r SumRun) { e.Int(r.Param); e.Bool(r.Free); EncodeOps(e, r.Under) })
	facts.EncodeEach(e, s.Spawns, func(sp Spawn) { e.Int(sp.Result); e.Str(sp.Work); e.Str(sp.At) })
}

func decodeSummary(d *facts.Decoder) Summary {
	return Summary{
		Acquires: facts.DecodeEach(d, func() SumAcquire {
			return SumAcquire{GateOp: decodeOp(d), Blocking: d.Bool(), Partial: d.Bool(), Chain: DecodeChain(d), Flag: decodeFlag(d), OrElse: d.Bool()}
		}),
		Holds:      DecodeOps(d),
		HoldsIfNil: DecodeOps(d),
		Releases:   facts.DecodeEach(d, func() SumRelease { return SumRelease{GateOp: decodeOp(d), Flag: decodeFlag(d)} }),
		Drops:      DecodeOps(d),
		Retakes:    DecodeOps(d),
		Requires:   facts.DecodeEach(d, func() Required { return Required{GateOp: decodeOp(d), Said: d.Str(), Named: d.Bool()} }),
		Excludes:   DecodeOps(d),
		Runs:       facts.DecodeEach(d, func() SumRun { return SumRun{Param: d.Int(), Free: d.Bool(), Under: DecodeOps(d)} }),
		Spawns:     facts.DecodeEach(d, func() Spawn { return Spawn{Result: d.Int(), Work: d.Str(), At: d.Str()} }),
	}
}
