package local

import "sync"

// A simulated database's transaction holds rwMu from Start to Commit:
// Start keeps the release in the transaction's unlock field, and Commit
// calls it. Every store of the field is that release, so Commit lets go
// of tx.d.rwMu, and the writer Concurrent waits for finds it free.
type database struct {
	rwMu sync.Mutex
	rows []string
}

type transaction struct {
	d      *database
	unlock func() // may be nil
}

func (tx *transaction) Start() {
	tx.d.rwMu.Lock()
	tx.unlock = tx.d.rwMu.Unlock
}

func (tx *transaction) Commit() {
	if tx.unlock != nil {
		tx.unlock()
	}
}

func (d *database) NewTransaction() *transaction { return &transaction{d: d} }

// Concurrent commits before it starts a writer and waits for it: the
// writer's Lock finds rwMu free.
func Concurrent() {
	var db database
	d := &db
	tx := db.NewTransaction()
	tx.Start()
	d.rows = append(d.rows, "x")
	tx.Commit()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		d.rwMu.Lock()
		d.rows = nil
		d.rwMu.Unlock()
	}()
	wg.Wait()
}

// Flush writes the transaction's rows but does not end it: rwMu stays
// locked.
func (tx *transaction) Flush() { tx.d.rows = append(tx.d.rows, "flushed") }

// Flushed flushes instead of committing before it starts the writer it
// waits for: the writer blocks on rwMu for ever, and so does the Wait.
func Flushed() {
	var db database
	d := &db
	tx := db.NewTransaction()
	tx.Start()
	tx.Flush()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		d.rwMu.Lock()
		d.rows = nil
		d.rwMu.Unlock()
	}()
	wg.Wait() // want `wg\.Wait\(\) waits for`
}
