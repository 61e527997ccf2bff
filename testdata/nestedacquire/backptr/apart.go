package backptr

import "sync"

// A Table's part points back at a table, but Clone shares the part with
// the clone: c.part.table is the table cloned, not c.
type Table struct {
	mu   sync.RWMutex
	rows int
	part *part
}

type part struct {
	table *Table
}

func NewTable() *Table {
	t := &Table{}
	t.part = &part{table: t}
	return t
}

func (t *Table) Clone() *Table {
	t.mu.RLock()
	defer t.mu.RUnlock()
	c := &Table{rows: t.rows}
	c.part = t.part
	return c
}

func (t *Table) Grow() {
	t.mu.Lock()
	t.rows++
	t.mu.Unlock()
}

func (p *part) size() int {
	p.table.mu.RLock()
	defer p.table.mu.RUnlock()
	return p.table.rows
}

// Size holds t.mu and reads the part's table, which for a clone is
// another table.
func (t *Table) Size() int {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.part.size()
}

// A Ledger's book is moved to another ledger by adopt: b.ledger is set
// again after the book is made.
type Ledger struct {
	mu   sync.RWMutex
	sum  int
	book *book
}

type book struct {
	ledger *Ledger
}

func NewLedger() *Ledger {
	l := &Ledger{}
	l.book = &book{ledger: l}
	return l
}

func (b *book) adopt(l *Ledger) { b.ledger = l }

func (b *book) total() int {
	b.ledger.mu.RLock()
	defer b.ledger.mu.RUnlock()
	return b.ledger.sum
}

func (l *Ledger) Add(n int) {
	l.mu.Lock()
	l.sum += n
	l.mu.Unlock()
}

// Merge hands l's book to other.
func (l *Ledger) Merge(other *Ledger) {
	l.book.adopt(other)
}

// Total holds l.mu and reads the book's ledger, which Merge may have
// made another.
func (l *Ledger) Total() int {
	l.mu.RLock()
	defer l.mu.RUnlock()
	return l.book.total()
}

// A Node's children point back at their parent, set once as each child
// is made: n.kids[i].parent is n, but n.first.parent is a grandchild's
// view of its own parent only when first is one of n's children, which
// AddFirst does not ensure.
type Node struct {
	mu     sync.RWMutex
	first  *Node
	parent *Node
	n      int
}

func (n *Node) AddFirst(c *Node) {
	n.mu.Lock()
	n.first = c
	n.mu.Unlock()
}

func (n *Node) count() int {
	n.parent.mu.RLock()
	defer n.parent.mu.RUnlock()
	return n.parent.n
}

func (n *Node) Count() int {
	n.mu.RLock()
	defer n.mu.RUnlock()
	return n.first.count()
}
