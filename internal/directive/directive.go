// Package directive parses gatevet's comment annotations, in one place,
// for the gate model and every pass.
//
// Eight directives exist:
//
//	//gatevet:gate               on a type or variable: treat it as a gate
//	//gatevet:guardedby GATE     on a field, variable or function: GATE protects it
//	//gatevet:holds GATE         on a function: callers must hold GATE
//	//gatevet:excludes GATE      on a function: callers must not hold GATE
//	//gatevet:acquires GATE      on a function: it returns holding GATE (with a
//	                             last error result: when the error is nil)
//	//gatevet:releases GATE      on a function: it releases GATE, which its callers hold
//	//gatevet:ignore NAME reason suppress analyzer NAME on this line or the next
//	//gatevet:order A < B < C    anywhere: lock classes A, B, C are acquired in that order
//
// Gate, guardedby and the function contracts attach to the declaration whose doc comment or
// trailing line comment holds them; ignore directives attach to lines;
// an order belongs to the package. A function's doc comment that says in
// words which gate its callers hold ("Caller must hold m.mu") is read as
// a holds directive too, with the sentence as its Said (said.go).
package directive

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// Kind tells the directives apart.
type Kind uint8

// The directive kinds.
const (
	Gate Kind = iota + 1
	GuardedBy
	Holds
	Excludes
	Acquires
	Releases
	Ignore
	Order
	// Concurrent is a type's doc comment saying its values are safe
	// for use by several goroutines at once (concurrent.go); read from
	// words, never written as a directive.
	Concurrent
	// Waives is a function's comment saying it need not hold a gate
	// (waived.go); read from words, never written as a directive.
	Waives
)

const prefix = "//gatevet:"

var kindNames = map[string]Kind{
	"gate":      Gate,
	"guardedby": GuardedBy,
	"holds":     Holds,
	"excludes":  Excludes,
	"acquires":  Acquires,
	"releases":  Releases,
	"ignore":    Ignore,
	"order":     Order,
}

// A Directive is one parsed //gatevet: comment.
type Directive struct {
	Kind Kind
	Pos  token.Pos // start of the comment
	Args []string  // the words after the directive name
	// Said is, for a Holds contract read from a doc comment's words
	// (said.go), the sentence that states it, or the method's name that
	// does (Named); for Concurrent, the sentence that says so; "" for a
	// directive.
	Said  string
	Named bool
}

// A Problem is a malformed directive, found while parsing.
type Problem struct {
	Pos     token.Pos
	Message string
}

// Set holds the directives of one package.
type Set struct {
	// ByObject maps a declared object (type, variable, field, function)
	// to the gate, guardedby and holds directives attached to it.
	ByObject map[types.Object][]*Directive
	// Ignores lists the ignore directives in source order.
	Ignores []*Directive
	// Orders lists the package's declared lock orders.
	Orders []*Directive
	// Problems lists directives that could not be parsed.
	Problems []Problem
}

// Parse collects the directives of files, attaching declaration
// directives to the objects info defines.
func Parse(files []*ast.File, info *types.Info) *Set {
	s := &Set{ByObject: make(map[types.Object][]*Directive)}
	for _, f := range files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				d, bad := parse(c)
				switch {
				case bad != "":
					s.Problems = append(s.Problems, Problem{c.Pos(), bad})
				case d != nil && d.Kind == Ignore:
					s.Ignores = append(s.Ignores, d)
				case d != nil && d.Kind == Order:
					s.Orders = append(s.Orders, d)
				}
			}
		}
		s.attach(f, info)
	}
	return s
}

// parse reads one comment; it returns nil for comments that are not
// gatevet directives and a problem text for malformed ones.
func parse(c *ast.Comment) (*Directive, string) {
	if !strings.HasPrefix(c.Text, prefix) {
		return nil, ""
	}
	text := c.Text[len(prefix):]
	if i := strings.Index(text, "//"); i >= 0 {
		text = text[:i] // a trailing comment on the directive
	}
	words := strings.Fields(text)
	if len(words) == 0 {
		return nil, "empty //gatevet: directive"
	}
	k, ok := kindNames[words[0]]
	if !ok {
		return nil, "unknown directive //gatevet:" + words[0] + " (want gate, guardedby, holds, excludes, acquires, releases, order or ignore)"
	}
	d := &Directive{Kind: k, Pos: c.Pos(), Args: words[1:]}
	switch k {
	case Gate:
		if len(d.Args) != 0 {
			return nil, "//gatevet:gate takes no arguments"
		}
	case GuardedBy, Holds, Excludes, Acquires, Releases:
		if len(d.Args) != 1 {
			return nil, "//gatevet:" + words[0] + " takes exactly one gate, such as s.mu or gpuSem"
		}
	case Order:
		if len(d.Args) < 3 || len(d.Args)%2 == 0 {
			return nil, "//gatevet:order takes two or more lock classes separated by <, such as Server.mu < Conn.mu"
		}
		for i := 1; i < len(d.Args); i += 2 {
			if d.Args[i] != "<" {
				return nil, "//gatevet:order takes two or more lock classes separated by <, such as Server.mu < Conn.mu"
			}
		}
	case Ignore:
		// An ignore that names an analyzer but gives no reason is kept:
		// it suppresses nothing, and the directives analyzer reports it.
		if len(d.Args) == 0 {
			return nil, "//gatevet:ignore needs an analyzer name and a reason"
		}
	}
	return d, ""
}

// attach binds declaration directives to the objects they document.
func (s *Set) attach(f *ast.File, info *types.Info) {
	add := func(id *ast.Ident, groups ...*ast.CommentGroup) {
		obj := info.Defs[id]
		if obj == nil {
			return
		}
		for _, cg := range groups {
			if cg == nil {
				continue
			}
			for _, c := range cg.List {
				if d, _ := parse(c); d != nil && d.Kind != Ignore && d.Kind != Order {
					s.ByObject[obj] = append(s.ByObject[obj], d)
				}
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			add(n.Name, n.Doc)
			if obj := info.Defs[n.Name]; obj != nil && len(s.Of(obj, Holds)) == 0 {
				s.ByObject[obj] = append(s.ByObject[obj], said(n.Doc)...)
			}
			if obj := info.Defs[n.Name]; obj != nil && len(s.Of(obj, Holds)) == 0 {
				if d := named(n); d != nil {
					s.ByObject[obj] = append(s.ByObject[obj], d)
				}
			}
			if obj := info.Defs[n.Name]; obj != nil {
				s.ByObject[obj] = append(s.ByObject[obj], waived(append([]*ast.CommentGroup{n.Doc}, bodyComments(f, n)...))...)
			}
		case *ast.GenDecl:
			for _, spec := range n.Specs {
				var doc *ast.CommentGroup
				if len(n.Specs) == 1 {
					doc = n.Doc
				}
				switch spec := spec.(type) {
				case *ast.TypeSpec:
					add(spec.Name, doc, spec.Doc, spec.Comment)
					if obj := info.Defs[spec.Name]; obj != nil {
						for _, cg := range []*ast.CommentGroup{doc, spec.Doc} {
							if d := concurrent(cg); d != nil {
								s.ByObject[obj] = append(s.ByObject[obj], d)
								break
							}
						}
					}
				case *ast.ValueSpec:
					for _, name := range spec.Names {
						add(name, doc, spec.Doc, spec.Comment)
					}
				}
			}
		case *ast.Field:
			for _, name := range n.Names {
				add(name, n.Doc, n.Comment)
			}
		}
		return true
	})
}

// Of returns the directives of kind k attached to obj.
func (s *Set) Of(obj types.Object, k Kind) []*Directive {
	var out []*Directive
	for _, d := range s.ByObject[obj] {
		if d.Kind == k {
			out = append(out, d)
		}
	}
	return out
}
