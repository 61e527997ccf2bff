package facts

import (
	"bytes"
	"encoding/binary"
	"errors"
	"sync"

	"github.com/gatevet/gatevet/internal/naming"
)

// The facts most functions carry (the gate model's FuncFact, the
// resource model's TouchFact) have a compact encoding of their own,
// written with an Encoder and read with a Decoder, and are decoded only
// when used (Lazy): a book's lookup loads them.

// Encoder writes the parts of a fact: varints and strings.
type Encoder struct{ b []byte }

// Bytes returns what was written.
func (e *Encoder) Bytes() []byte { return e.b }

// Int writes an integer.
func (e *Encoder) Int(v int) { e.b = binary.AppendVarint(e.b, int64(v)) }

// Bool writes a bool.
func (e *Encoder) Bool(v bool) {
	if v {
		e.Int(1)
	} else {
		e.Int(0)
	}
}

// Str writes a string.
func (e *Encoder) Str(s string) {
	e.Int(len(s))
	e.b = append(e.b, s...)
}

// Ref writes a gate or location reference.
func (e *Encoder) Ref(r naming.Ref) {
	e.Int(int(r.Root))
	e.Int(r.Index)
	e.Str(r.Pkg)
	e.Str(r.Name)
	e.Int(len(r.Path))
	for _, p := range r.Path {
		e.Str(p)
	}
}

// Decoder reads what an Encoder wrote; after the first error it reads
// zeros, and Err reports it.
type Decoder struct {
	b   []byte
	err error
}

// newDecoder reads b.
func newDecoder(b []byte) *Decoder { return &Decoder{b: b} }

var errShortFact = errors.New("gatevet: truncated fact")

// Err returns the first error met, or an error when bytes are left over.
func (d *Decoder) Err() error {
	if d.err == nil && len(d.b) > 0 {
		return errors.New("gatevet: trailing bytes in fact")
	}
	return d.err
}

// Int reads an integer.
func (d *Decoder) Int() int {
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
func (d *Decoder) Len() int {
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
func (d *Decoder) Bool() bool { return d.Int() != 0 }

// Str reads a string.
func (d *Decoder) Str() string {
	n := d.Len()
	s := string(d.b[:n])
	d.b = d.b[n:]
	return s
}

// Ref reads a reference.
func (d *Decoder) Ref() naming.Ref {
	r := naming.Ref{Root: naming.RootKind(d.Int()), Index: d.Int(), Pkg: d.Str(), Name: d.Str()}
	if n := d.Len(); n > 0 {
		r.Path = make([]string, n)
		for i := range r.Path {
			r.Path[i] = d.Str()
		}
	}
	return r
}

// EncodeEach writes xs: its length, then each element as put writes it.
func EncodeEach[T any](e *Encoder, xs []T, put func(T)) {
	e.Int(len(xs))
	for _, x := range xs {
		put(x)
	}
}

// DecodeEach reads what EncodeEach wrote, each element as get reads it;
// nil for none.
func DecodeEach[T any](d *Decoder, get func() T) []T {
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

// Encode returns the encoded form of a fact's value v: the bytes it was
// read as when l is set, else what enc writes.
func Encode[T any](l *Lazy[T], v T, enc func(*Encoder, T)) []byte {
	if l != nil {
		return l.raw
	}
	var e Encoder
	enc(&e, v)
	return e.Bytes()
}

// Load sets *dst to the value a fact read from a file holds, decoded
// once; it does nothing for a fact made in this run (l is nil).
func Load[T any](l *Lazy[T], dst *T, dec func(*Decoder) T) error {
	if l == nil {
		return nil
	}
	l.once.Do(func() {
		d := newDecoder(l.raw)
		l.v = dec(d)
		l.err = d.Err()
	})
	*dst = l.v
	return l.err
}

// A Loader is a fact decoded on first use: a book's lookup loads it,
// and a fact that cannot be read says nothing.
type Loader interface {
	Load() error
}
