package lazyinit

import (
	"os"
	"sync"
)

// The same cache, for probes: but a probe can be made without making
// the table first (Probe), so a probe's method may read it before the
// write.
var (
	tableMu sync.Mutex
	table   map[string]int
)

func makeTable() {
	tableMu.Lock()
	defer tableMu.Unlock()
	if table != nil {
		return
	}
	table = map[string]int{os.TempDir(): 1}
}

type probe struct{ name string }

func newProbe(name string) *probe {
	makeTable()
	return &probe{name: name}
}

func (p *probe) weight() int {
	return table[p.name]
}

// Prober probes names.
type Prober struct{ p *probe }

func NewProber(name string) *Prober { return &Prober{p: newProbe(name)} }

func (pr *Prober) Weight() int {
	return pr.p.weight() // want `latent: Weight reads table through \(\*probe\)\.weight → table without holding tableMu.*`
}

// Probe makes a probe without making the table.
func Probe(name string) int {
	p := &probe{name: name}
	return p.weight()
}

func Size() int {
	makeTable()
	return len(table)
}

func Has(name string) bool {
	makeTable()
	_, ok := table[name]
	return ok
}

func Names() []string {
	makeTable()
	var out []string
	for k := range table {
		out = append(out, k)
	}
	return out
}

// An index built with its lock let go of: two callers may both find it
// nil and both store one, so a reader after makeIndex can meet the
// second store.
var (
	indexMu sync.Mutex
	index   map[string]int
)

func makeIndex() {
	indexMu.Lock()
	if index != nil {
		indexMu.Unlock()
		return
	}
	indexMu.Unlock()
	built := map[string]int{os.TempDir(): 2}
	indexMu.Lock()
	index = built
	indexMu.Unlock()
}

type finder struct{ name string }

func newFinder(name string) *finder {
	makeIndex()
	return &finder{name: name}
}

func (f *finder) rank() int {
	return index[f.name]
}

// Finder ranks names.
type Finder struct{ f *finder }

func NewFinder(name string) *Finder { return &Finder{f: newFinder(name)} }

func (f *Finder) Rank() int {
	return f.f.rank() // want `latent: Rank reads index through \(\*finder\)\.rank → index without holding indexMu`
}

func Indexed() int {
	makeIndex()
	return len(index)
}

func Ranked(name string) bool {
	makeIndex()
	_, ok := index[name]
	return ok
}

func Ranks() int {
	makeIndex()
	return len(index) * 2
}
