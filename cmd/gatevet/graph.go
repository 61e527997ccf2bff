package main

import (
	"encoding/json"
	"fmt"
	"io"
	"path"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/gatevet/gatevet/internal/lockgraph"
)

// graphCommand runs "gatevet graph [-f dot|json] packages": the lock
// graph that lockgraph infers for the packages, nodes the lock classes
// and edges "To acquired while holding From", with one example site
// and the number of sites; an edge whose reverse is in the graph too (a
// candidate inversion, which lockorder reports when the two can meet)
// and one against a declared order are red. It returns the exit code.
func graphCommand(args []string, stdout, stderr io.Writer) int {
	fs := subcommand("graph", stderr, "usage: gatevet graph [-f dot|json] [-test] packages\n\nPrints the lock graph gatevet infers: lock classes, and an edge from A to B\nwhere B is acquired while A is held; an edge whose reverse is in the graph\ntoo, and one against a //gatevet:order, is red.")
	format := fs.String("f", "dot", "output format: dot (Graphviz; render with dot -Tsvg) or json")
	tests := fs.Bool("test", false, "include the packages' tests")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *format != "dot" && *format != "json" {
		fmt.Fprintf(stderr, "gatevet graph: -f %s: want dot or json\n", *format)
		return 2
	}
	pkgs, g, ok := analyzePackages("graph", &packages.Config{Tests: *tests}, fs.Args(), stderr, lockgraph.Analyzer)
	if !ok {
		return 1
	}
	lg := newLockGraph()
	packages.Visit(pkgs, nil, func(p *packages.Package) { lg.pkgs = append(lg.pkgs, p.PkgPath) })
	for _, act := range g.Roots {
		if act.Err != nil {
			fmt.Fprintf(stderr, "gatevet graph: %s: %v\n", act.Package.PkgPath, act.Err)
			continue
		}
		if res, ok := act.Result.(*lockgraph.Result); ok {
			lg.add(res)
		}
	}
	lg.mark()
	write := lg.writeDOT
	if *format == "json" {
		write = lg.writeJSON
	}
	if err := write(stdout); err != nil {
		fmt.Fprintf(stderr, "gatevet graph: %v\n", err)
		return 1
	}
	return 0
}

// lockGraph is the graph of the packages' lock orders.
type lockGraph struct {
	Nodes    []graphNode  `json:"nodes"`
	Edges    []*graphEdge `json:"edges"`
	byPair   map[[2]string]*graphEdge
	nodes    map[string]bool
	declared []lockgraph.DeclaredOrder
	pkgs     []string // the paths of the packages loaded, to shorten labels
}

type graphNode struct {
	ID    string `json:"id"`    // the class's key
	Label string `json:"label"` // pkg.Type.field, pkg.var
}

type graphEdge struct {
	From     string `json:"from"`
	To       string `json:"to"`
	Sites    int    `json:"sites"`
	Example  string `json:"example"`           // file:line of one acquire
	Func     string `json:"func"`              // the function of that acquire
	Reversed bool   `json:"reversed"`          // the reverse edge exists too: a candidate inversion
	Against  string `json:"against,omitempty"` // a declared order the edge breaks
	sites    map[string]bool
}

func newLockGraph() *lockGraph {
	return &lockGraph{byPair: make(map[[2]string]*graphEdge), nodes: make(map[string]bool)}
}

// add takes in one package's edges (its own, once each: a dependency's
// are its own root's or stay out) and the orders it knows.
func (lg *lockGraph) add(res *lockgraph.Result) {
	for _, d := range res.Declared {
		if !slices.ContainsFunc(lg.declared, func(o lockgraph.DeclaredOrder) bool { return o.At == d.At && o.Pkg == d.Pkg }) {
			lg.declared = append(lg.declared, d)
		}
	}
	for _, e := range res.Local {
		k := [2]string{e.From, e.To}
		ge := lg.byPair[k]
		if ge == nil {
			ge = &graphEdge{From: e.From, To: e.To, Example: e.At, Func: e.Func, sites: make(map[string]bool)}
			lg.byPair[k] = ge
			lg.Edges = append(lg.Edges, ge)
		}
		if !ge.sites[e.At] {
			ge.sites[e.At] = true
			ge.Sites++
		}
		for _, c := range []string{e.From, e.To} {
			if !lg.nodes[c] {
				lg.nodes[c] = true
				lg.Nodes = append(lg.Nodes, graphNode{ID: c, Label: lg.label(c)})
			}
		}
	}
}

// mark flags the inverted edges and those against a declared order, and
// sorts the graph.
func (lg *lockGraph) mark() {
	for k, e := range lg.byPair {
		e.Reversed = lg.byPair[[2]string{k[1], k[0]}] != nil
		var against []string
		for _, d := range lockgraph.Chain(lg.declared, e.To, e.From) {
			against = append(against, d.String()+" ("+d.At+")")
		}
		e.Against = strings.Join(against, " and ")
	}
	slices.SortFunc(lg.Nodes, func(a, b graphNode) int { return strings.Compare(a.ID, b.ID) })
	slices.SortFunc(lg.Edges, func(a, b *graphEdge) int {
		return strings.Compare(a.From+"\x00"+a.To, b.From+"\x00"+b.To)
	})
}

// label shortens a class key for the picture: the last element of its
// package's path, then the type and field or the variable (and the path
// of fields a global pointer leads to).
func (lg *lockGraph) label(class string) string {
	key := strings.TrimPrefix(class, "g:")
	best := ""
	for _, p := range lg.pkgs {
		if len(p) > len(best) && strings.HasPrefix(key, p+".") {
			best = p
		}
	}
	if best == "" {
		return key
	}
	return path.Base(best) + key[len(best):]
}

func (lg *lockGraph) writeJSON(w io.Writer) error {
	if lg.Nodes == nil {
		lg.Nodes = []graphNode{}
	}
	if lg.Edges == nil {
		lg.Edges = []*graphEdge{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(lg)
}

func (lg *lockGraph) writeDOT(w io.Writer) error {
	var b strings.Builder
	b.WriteString("digraph locks {\n\trankdir=LR;\n\tnode [shape=box, fontname=\"Helvetica\"];\n\tedge [fontname=\"Helvetica\", fontsize=10];\n")
	id := make(map[string]string)
	for i, n := range lg.Nodes {
		id[n.ID] = fmt.Sprintf("n%d", i)
		fmt.Fprintf(&b, "\t%s [label=%q, tooltip=%q];\n", id[n.ID], n.Label, n.ID)
	}
	for _, e := range lg.Edges {
		label := fmt.Sprintf("%s (%d site", e.Example, e.Sites)
		if e.Sites != 1 {
			label += "s"
		}
		label += ")"
		attrs := fmt.Sprintf("label=%q, tooltip=%q", label, e.Func)
		switch {
		case e.Against != "":
			attrs += fmt.Sprintf(", color=red, fontcolor=red, penwidth=2, xlabel=%q", "against "+e.Against)
		case e.Reversed:
			attrs += ", color=red, fontcolor=red, penwidth=2"
		}
		fmt.Fprintf(&b, "\t%s -> %s [%s];\n", id[e.From], id[e.To], attrs)
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// isGraphCommand reports whether args ask for gatevet graph.
func isGraphCommand(args []string) bool { return len(args) > 0 && args[0] == "graph" }
