package main

import (
	"fmt"
	"go/ast"
	"go/types"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
	"github.com/gatevet/gatevet/internal/resource"
)

// annotateCommand runs "gatevet annotate packages": it prints, as a
// unified diff to apply with git apply, the contracts gatevet infers
// with confidence: //gatevet:holds on each helper that only the package
// calls, whose every call holds a lock of its receiver or parameter
// (Result.CallersHold), which uses that object's other fields and does
// not take or give back the lock itself; //gatevet:guardedby on each
// field the package always uses under one lock of its instance
// (guardedFields). Nothing is written: the user reads the diff and
// applies it, and gatevet then checks the contracts. It returns the
// exit code.
func annotateCommand(args []string, stdout, stderr io.Writer) int {
	fs := subcommand("annotate", stderr, "usage: gatevet annotate packages\n\nPrints a unified diff (apply it with git apply) that adds the //gatevet:holds\ncontracts gatevet infers: //gatevet:holds on helpers whose every call holds a lock\nof their receiver, //gatevet:guardedby on fields always used under one lock.")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	_, g, ok := analyzePackages("annotate", &packages.Config{}, fs.Args(), stderr, gate.Analyzer, resource.Analyzer)
	if !ok {
		return 1
	}
	byFile := make(map[string][]insertion)
	for _, act := range g.Roots {
		var found []insertion
		switch r := act.Result.(type) {
		case *gate.Result:
			found = holdsContracts(act.Package, r)
		case *resource.Result:
			found = guardedFields(act.Package, r)
		}
		if act.Err != nil {
			continue
		}
		for _, in := range found {
			byFile[in.file] = append(byFile[in.file], in)
		}
	}
	wd, _ := os.Getwd()
	files := make([]string, 0, len(byFile))
	for f := range byFile {
		files = append(files, f)
	}
	slices.Sort(files)
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintf(stderr, "gatevet annotate: %v\n", err)
			return 1
		}
		// Paths relative to the current directory, for git apply there;
		// one outside it, from the root.
		name := strings.TrimPrefix(filepath.ToSlash(f), "/")
		if rel, err := filepath.Rel(wd, f); err == nil && !strings.HasPrefix(rel, "..") {
			name = filepath.ToSlash(rel)
		}
		io.WriteString(stdout, unifiedInsert(name, strings.SplitAfter(string(src), "\n"), byFile[f]))
	}
	return 0
}

// An insertion is lines to add before line (1-based) of file, indented
// as that line is when indent is set.
type insertion struct {
	file   string
	line   int
	lines  []string
	indent bool
}

// holdsContracts returns the //gatevet:holds lines to add to pkg's
// helpers.
func holdsContracts(pkg *packages.Package, res *gate.Result) []insertion {
	var out []insertion
	for _, fi := range res.Funcs {
		decl, ok := fi.Fn.Syntax().(*ast.FuncDecl)
		if !ok || fi.Fn.Parent() != nil || fi.Fn.Object() == nil {
			continue
		}
		var add []string
		for _, g := range candidates(res, fi) {
			spelled := g.Spell(pkg.PkgPath)
			if hasHolds(res, fi.Fn.Object(), spelled) || !res.CallersHold(fi, g) || touchesGate(fi, g) {
				continue
			}
			add = append(add, "//gatevet:holds "+spelled+"\n")
		}
		if len(add) == 0 {
			continue
		}
		if decl.Doc != nil {
			add = append([]string{"//\n"}, add...)
		}
		pos := pkg.Fset.Position(decl.Pos())
		out = append(out, insertion{file: pos.Filename, line: pos.Line, lines: add})
	}
	return out
}

// candidates returns the gates of fi's named pointer parameters (the
// receiver first) that fi uses other fields of: s.mu when fi touches s.n.
func candidates(res *gate.Result, fi *gate.FuncInfo) []naming.Ref {
	var out []naming.Ref
	for i, p := range fi.Fn.Params {
		if p.Name() == "" || p.Name() == "_" {
			continue
		}
		st, ok := known.PointerElem(p.Type()).Underlying().(*types.Struct)
		if _, isPtr := p.Type().Underlying().(*types.Pointer); !ok || !isPtr || !usesFields(fi.Fn, p, res) {
			continue
		}
		for j := 0; j < st.NumFields(); j++ {
			f := st.Field(j)
			if _, gateField := res.GateKind(f.Type()); gateField && f.Name() != "_" {
				out = append(out, naming.Ref{Root: naming.Param, Index: i, Name: p.Name(), Path: []string{f.Name()}})
			}
		}
	}
	return out
}

// usesFields reports whether fn reads or writes a field of what p
// points to that is not a gate.
func usesFields(fn *ssa.Function, p *ssa.Parameter, res *gate.Result) bool {
	for _, u := range *p.Referrers() {
		fa, ok := u.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		st := known.PointerElem(p.Type()).Underlying().(*types.Struct)
		if _, isGate := res.GateKind(st.Field(fa.Field).Type()); !isGate {
			return true
		}
	}
	return false
}

// touchesGate reports whether fi acquires or releases g itself.
func touchesGate(fi *gate.FuncInfo, g naming.Ref) bool {
	return slices.ContainsFunc(fi.Events(), func(e gate.Event) bool { return e.Gate.Key() == g.Key() })
}

// hasHolds reports whether obj already says //gatevet:holds spelled.
func hasHolds(res *gate.Result, obj types.Object, spelled string) bool {
	return slices.ContainsFunc(res.Directives.Of(obj, directive.Holds), func(d *directive.Directive) bool { return d.Args[0] == spelled })
}

// unifiedInsert returns a unified diff of file name, whose lines are
// src, that makes the insertions, with three lines of context.
func unifiedInsert(name string, src []string, ins []insertion) string {
	const context = 3
	slices.SortFunc(ins, func(a, b insertion) int { return a.line - b.line })
	var b strings.Builder
	fmt.Fprintf(&b, "--- a/%s\n+++ b/%s\n", name, name)
	added := 0
	for i := 0; i < len(ins); {
		// A hunk takes the insertions whose contexts meet.
		j := i + 1
		for j < len(ins) && ins[j].line-context <= ins[j-1].line+context {
			j++
		}
		from := max(ins[i].line-context, 1)
		to := min(ins[j-1].line+context-1, len(src)) // last old line shown
		var body strings.Builder
		n := 0
		k := i
		for l := from; l <= to; l++ {
			for k < j && ins[k].line == l {
				lead := ""
				if ins[k].indent {
					lead = src[l-1][:len(src[l-1])-len(strings.TrimLeft(src[l-1], " \t"))]
				}
				for _, x := range ins[k].lines {
					body.WriteString("+" + lead + x)
					n++
				}
				k++
			}
			body.WriteString(" " + src[l-1])
		}
		old := to - from + 1
		fmt.Fprintf(&b, "@@ -%d,%d +%d,%d @@\n%s", from, old, from+added, old+n, body.String())
		added += n
		i = j
	}
	return b.String()
}

// isAnnotateCommand reports whether args ask for gatevet annotate.
func isAnnotateCommand(args []string) bool { return len(args) > 0 && args[0] == "annotate" }
