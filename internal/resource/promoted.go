package resource

import (
	"go/types"

	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// A struct embedded by value is part of its owner's instance (see Of),
// and so is a gate inside it: f.folder.tracker.mut, reached from a type
// that embeds folder, which embeds tracker, is the same gate as
// f.tracker.mut reached from a *folder, and as Go spells it, f.mut. The
// held gates of a use are named that way, without the embedded steps,
// so that a gate's key relative to a resource of the same instance is
// the same from every type that embeds it.

// promoted returns held with the embedded-by-value steps of each gate's
// path dropped; a gate whose path the types do not confirm stays as it
// is.
func promoted(fi *gate.FuncInfo, held []*gate.Holding) []*gate.Holding {
	var out []*gate.Holding
	for i, h := range held {
		r, ok := withoutEmbedded(fi, h.Gate)
		if !ok {
			if out != nil {
				out = append(out, h)
			}
			continue
		}
		if out == nil {
			out = append(make([]*gate.Holding, 0, len(held)), held[:i]...)
		}
		c := *h
		c.Gate = r
		out = append(out, &c)
	}
	if out == nil {
		return held
	}
	return out
}

// withoutEmbedded returns r without its steps into structs embedded by
// value before its last field; ok is false when there are none, or the
// types do not say.
func withoutEmbedded(fi *gate.FuncInfo, r naming.Ref) (naming.Ref, bool) {
	if r.Root == naming.Global || r.Root == naming.Local {
		return r, false
	}
	t := fi.RootType(r)
	if t == nil {
		return r, false
	}
	var path []string
	dropped := false
	for i, step := range r.Path {
		if step == naming.Deref {
			t = known.PointerElem(t) // a load: through a pointer, or of the value itself
			path = append(path, step)
			continue
		}
		f := known.Field(t, step)
		if f == nil {
			return r, false
		}
		t = f.Type()
		if _, isStruct := t.Underlying().(*types.Struct); f.Embedded() && isStruct && i < len(r.Path)-1 {
			dropped = true
			continue
		}
		path = append(path, step)
	}
	if !dropped {
		return r, false
	}
	r.Path = path
	return r, true
}
