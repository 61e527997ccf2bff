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
// (guardedFields); //gatevet:acquires and releases on the lock helpers
// every call treats so. Nothing is written: the user reads the diff and
// applies it, and gatevet then checks the contracts. It returns the
// exit code.
func annotateCommand(args []string, stdout, stderr io.Writer) int {
	fs := subcommand("annotate", stderr, "usage: gatevet annotate packages\n\nPrints a unified diff (apply it with git apply) that adds the //gatevet:holds\ncontracts gatevet infers: //gatevet:holds on helpers whose every call holds a lock\nof their receiver, //gatevet:guardedby on fields always used under one lock,\n//gatevet:acquires and releases on lock helpers their callers treat so.")
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
		for _, c := range candidates(res, fi) {
			g := c.ref
			spelled := g.Spell(pkg.PkgPath)
			if has(res, fi.Fn.Object(), spelled) {
				continue
			}
			switch {
			case c.usesFields && !touchesGate(fi, g) && res.CallersHold(fi, g):
				add = append(add, "//gatevet:holds "+spelled+"\n")
			case acquireHelper(res, fi, g):
				add = append(add, "//gatevet:acquires "+spelled+"\n")
			case releaseHelper(res, fi, g):
				add = append(add, "//gatevet:releases "+spelled+"\n")
			}
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

// acquireHelper reports whether fi takes g, which its caller does not
// hold (it neither lets go of the caller's g nor releases it), and
// returns holding it (on every return, or on every nil error), and
// every call of it, in the package, is followed by a release of g: its
// callers treat it as an acquire helper.
func acquireHelper(res *gate.Result, fi *gate.FuncInfo, g naming.Ref) bool {
	sum := fi.Summary
	same := func(op gate.GateOp) bool { return op.Gate.Key() == g.Key() }
	if sum == nil || !slices.ContainsFunc(sum.Holds, same) && !slices.ContainsFunc(sum.HoldsIfNil, same) ||
		!slices.ContainsFunc(sum.Acquires, func(a gate.SumAcquire) bool { return same(a.GateOp) }) || slices.ContainsFunc(sum.Drops, same) {
		return false
	}
	return eachCall(res, fi, g, func(caller *gate.FuncInfo, call ssa.CallInstruction, key string) bool {
		return caller.ReleasesAfter(call, key)
	})
}

// releaseHelper reports whether fi releases g for its caller, and every
// call of it, in the package, holds g: its callers treat it as a release
// helper.
func releaseHelper(res *gate.Result, fi *gate.FuncInfo, g naming.Ref) bool {
	sum := fi.Summary
	if sum == nil || !slices.ContainsFunc(sum.Releases, func(r gate.SumRelease) bool { return r.Flag == nil && r.Gate.Key() == g.Key() }) {
		return false
	}
	return res.CallersHold(fi, g)
}

// eachCall reports whether fi has calls in the package, all static, and
// ok holds of each, given the caller and g in the caller's terms.
func eachCall(res *gate.Result, fi *gate.FuncInfo, g naming.Ref, ok func(caller *gate.FuncInfo, call ssa.CallInstruction, key string) bool) bool {
	sites := res.CallSites(fi.Fn)
	if len(sites) == 0 || res.Escapes(fi.Fn) {
		return false
	}
	for _, site := range sites {
		caller := res.Info(site.Parent())
		cal, resolved := naming.Resolve(site.Common())
		if _, isCall := site.(*ssa.Call); !isCall || caller == nil || !resolved {
			return false
		}
		in, named := caller.Translate(g, cal)
		if !named || !ok(caller, site, in.Key()) {
			return false
		}
	}
	return true
}

// A candidate is a gate field of one of a function's named pointer
// parameters (the receiver first): s.mu.
type candidate struct {
	ref        naming.Ref
	usesFields bool // the function uses other fields of the same object: s.n
}

// candidates returns the gate fields of fi's named pointer parameters.
func candidates(res *gate.Result, fi *gate.FuncInfo) []candidate {
	var out []candidate
	for i, p := range fi.Fn.Params {
		if p.Name() == "" || p.Name() == "_" {
			continue
		}
		st, ok := known.PointerElem(p.Type()).Underlying().(*types.Struct)
		if _, isPtr := p.Type().Underlying().(*types.Pointer); !ok || !isPtr {
			continue
		}
		uses := usesFields(fi.Fn, p, res)
		for j := 0; j < st.NumFields(); j++ {
			f := st.Field(j)
			if _, gateField := res.GateKind(f.Type()); gateField && f.Name() != "_" {
				out = append(out, candidate{naming.Ref{Root: naming.Param, Index: i, Name: p.Name(), Path: []string{f.Name()}}, uses})
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

// has reports whether obj already states a contract about spelled.
func has(res *gate.Result, obj types.Object, spelled string) bool {
	for _, k := range []directive.Kind{directive.Holds, directive.Acquires, directive.Releases, directive.Excludes} {
		if slices.ContainsFunc(res.Directives.Of(obj, k), func(d *directive.Directive) bool { return d.Args[0] == spelled }) {
			return true
		}
	}
	return false
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
