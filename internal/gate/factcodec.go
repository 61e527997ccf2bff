package gate

import (
	"bytes"
	"encoding/binary"
	"errors"
	"sync"

	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// The facts that most functions carry (FuncFact here, the resource
// model's TouchFact) have a compact encoding of their own, and are
// decoded only when used. Both drivers copy the facts of a package's
// whole dependency closure into its own facts, so every run reads and
// writes them all (107 MB over etcd server's go vet runs) and uses few.
// A book of facts (book.go) is decoded on its first lookup, and a fact
// in it keeps its bytes, which it writes out again as they are, until
// ImportFuncFact calls Load.

// FactEncoder writes the parts of a fact: varints and strings.
type FactEncoder struct{ b []byte }

// Bytes returns what was written.
func (e *FactEncoder) Bytes() []byte { return e.b }

// Int writes an integer.
func (e *FactEncoder) Int(v int) { e.b = binary.AppendVarint(e.b, int64(v)) }

// Bool writes a bool.
func (e *FactEncoder) Bool(v bool) {
	if v {
		e.Int(1)
	} else {
		e.Int(0)
	}
}

// Str writes a string.
func (e *FactEncoder) Str(s string) {
	e.Int(len(s))
	e.b = append(e.b, s...)
}

// Ref writes a gate or location reference.
func (e *FactEncoder) Ref(r naming.Ref) {
	e.Int(int(r.Root))
	e.Int(r.Index)
	e.Str(r.Pkg)
	e.Str(r.Name)
	e.Int(len(r.Path))
	for _, p := range r.Path {
		e.Str(p)
	}
}

// Ops writes gates with their kinds and modes.
func (e *FactEncoder) Ops(ops []GateOp) { EncodeEach(e, ops, e.op) }

func (e *FactEncoder) op(o GateOp) {
	e.Ref(o.Gate)
	e.Int(int(o.Kind))
	e.Int(int(o.Mode))
}

// Hops writes a chain.
func (e *FactEncoder) Hops(hops []Hop) {
	EncodeEach(e, hops, func(h Hop) { e.Str(h.What); e.Str(h.At) })
}

func (e *FactEncoder) flag(f *Flag) {
	e.Bool(f != nil)
	if f != nil {
		e.Int(f.Param)
		e.Bool(f.Free)
		e.Bool(f.When)
	}
}

// FactDecoder reads what a FactEncoder wrote; after the first error it
// reads zeros, and Err reports it.
type FactDecoder struct {
	b   []byte
	err error
}

// NewFactDecoder reads b.
func NewFactDecoder(b []byte) *FactDecoder { return &FactDecoder{b: b} }

var errShortFact = errors.New("gatevet: truncated fact")

// Err returns the first error met, or an error when bytes are left over.
func (d *FactDecoder) Err() error {
	if d.err == nil && len(d.b) > 0 {
		return errors.New("gatevet: trailing bytes in fact")
	}
	return d.err
}

// Int reads an integer.
func (d *FactDecoder) Int() int {
	if d.err != nil {
		return 0
	}
	v, n := binary.Varint(d.b)
	if n <= 0 {
		d.err = errShortFact
		return 0
	}
	d.b = d.b[n:]
	return int(v)
}

// Len reads a length: an integer that the rest of the bytes can hold.
func (d *FactDecoder) Len() int {
	n := d.Int()
	if n < 0 || n > len(d.b) {
		if d.err == nil {
			d.err = errShortFact
		}
		return 0
	}
	return n
}

// Bool reads a bool.
func (d *FactDecoder) Bool() bool { return d.Int() != 0 }

// Str reads a string.
func (d *FactDecoder) Str() string {
	n := d.Len()
	s := string(d.b[:n])
	d.b = d.b[n:]
	return s
}

// Ref reads a reference.
func (d *FactDecoder) Ref() naming.Ref {
	r := naming.Ref{Root: naming.RootKind(d.Int()), Index: d.Int(), Pkg: d.Str(), Name: d.Str()}
	if n := d.Len(); n > 0 {
		r.Path = make([]string, n)
		for i := range r.Path {
			r.Path[i] = d.Str()
		}
	}
	return r
}

// Ops reads gates with their kinds and modes.
func (d *FactDecoder) Ops() []GateOp { return DecodeEach(d, d.op) }

func (d *FactDecoder) op() GateOp {
	return GateOp{Gate: d.Ref(), Kind: known.Kind(d.Int()), Mode: known.Mode(d.Int())}
}

// Hops reads a chain.
func (d *FactDecoder) Hops() []Hop {
	return DecodeEach(d, func() Hop { return Hop{What: d.Str(), At: d.Str()} })
}

func (d *FactDecoder) flag() *Flag {
	if !d.Bool() {
		return nil
	}
	return &Flag{Param: d.Int(), Free: d.Bool(), When: d.Bool()}
}

// Lazy holds a fact's encoded form, as read from a file, and decodes it
// once, on first use; copies of the fact share it.
type Lazy[T any] struct {
	raw  []byte
	once sync.Once
	v    T
	err  error
}

// NewLazy keeps a copy of b.
func NewLazy[T any](b []byte) *Lazy[T] { return &Lazy[T]{raw: bytes.Clone(b)} }

// EncodeFact returns the encoded form of a fact's value v: the bytes it
// was read as when l is set, else what enc writes.
func EncodeFact[T any](l *Lazy[T], v T, enc func(*FactEncoder, T)) []byte {
	if l != nil {
		return l.raw
	}
	var e FactEncoder
	enc(&e, v)
	return e.Bytes()
}

// LoadFact sets *dst to the value a fact read from a file holds, decoded
// once; it does nothing for a fact made in this run (l is nil).
func LoadFact[T any](l *Lazy[T], dst *T, dec func(*FactDecoder) T) error {
	if l == nil {
		return nil
	}
	l.once.Do(func() {
		d := NewFactDecoder(l.raw)
		l.v = dec(d)
		l.err = d.Err()
	})
	*dst = l.v
	return l.err
}

// A LazyFact is decoded on first use: ImportFuncFact loads it.
type LazyFact interface {
	Load() error
}

// GobEncode writes f compactly, or as it was read.
func (f *FuncFact) GobEncode() ([]byte, error) {
	return EncodeFact(f.lazy, f.Summary, encodeSummary), nil
}

// GobDecode keeps b, to be decoded by Load.
func (f *FuncFact) GobDecode(b []byte) error {
	f.lazy = NewLazy[Summary](b)
	return nil
}

// Load decodes f's summary if f was read from a file.
func (f *FuncFact) Load() error { return LoadFact(f.lazy, &f.Summary, decodeSummary) }

func encodeSummary(e *FactEncoder, s Summary) {
	EncodeEach(e, s.Acquires, func(a SumAcquire) {
		e.op(a.GateOp)
		e.Bool(a.Blocking)
		e.Hops(a.Chain)
		e.flag(a.Flag)
	})
	e.Ops(s.Holds)
	e.Ops(s.HoldsIfNil)
	EncodeEach(e, s.Releases, func(r SumRelease) { e.op(r.GateOp); e.flag(r.Flag) })
	e.Ops(s.Drops)
	e.Ops(s.Requires)
	EncodeEach(e, s.Runs, func(r SumRun) { e.Int(r.Param); e.Bool(r.Free); e.Ops(r.Held) })
	EncodeEach(e, s.Spawns, func(sp Spawn) { e.Int(sp.Result); e.Str(sp.Work); e.Str(sp.At) })
}

func decodeSummary(d *FactDecoder) Summary {
	return Summary{
		Acquires: DecodeEach(d, func() SumAcquire {
			return SumAcquire{GateOp: d.op(), Blocking: d.Bool(), Chain: d.Hops(), Flag: d.flag()}
		}),
		Holds:      d.Ops(),
		HoldsIfNil: d.Ops(),
		Releases:   DecodeEach(d, func() SumRelease { return SumRelease{GateOp: d.op(), Flag: d.flag()} }),
		Drops:      d.Ops(),
		Requires:   d.Ops(),
		Runs:       DecodeEach(d, func() SumRun { return SumRun{Param: d.Int(), Free: d.Bool(), Held: d.Ops()} }),
		Spawns:     DecodeEach(d, func() Spawn { return Spawn{Result: d.Int(), Work: d.Str(), At: d.Str()} }),
	}
}

// EncodeEach writes xs: its length, then each element as put writes it.
func EncodeEach[T any](e *FactEncoder, xs []T, put func(T)) {
	e.Int(len(xs))
	for _, x := range xs {
		put(x)
	}
}

// DecodeEach reads what EncodeEach wrote, each element as get reads it;
// nil for none.
func DecodeEach[T any](d *FactDecoder, get func() T) []T {
	n := d.Len()
	if n == 0 {
		return nil
	}
	out := make([]T, n)
	for i := range out {
		out[i] = get()
	}
	return out
}
