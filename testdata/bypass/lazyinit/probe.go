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
