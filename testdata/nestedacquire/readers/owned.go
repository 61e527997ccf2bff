package readers

import (
	"errors"
	"sync"
)

// Keys are built by Import, which write-locks the key while it is being
// made, before anyone else can see it, as jwx's keys are; a reader that
// read-locks twice can only meet a writer that runs on a published key.
type Key interface {
	Thumbprint() string
}

// okpKey's Thumbprint read-locks and calls Curve, which read-locks
// again; its Set write-locks a published key: with Thumbprint and Set on
// two goroutines, Set queues between the two read locks and both block
// for good. The report names Set, not Import.
type okpKey struct {
	mu    sync.RWMutex
	curve string
	x     []byte
}

func newOKPKey() *okpKey { return &okpKey{} }

func (k *okpKey) Import(raw []byte) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	if len(raw) == 0 {
		return errors.New("empty key")
	}
	k.curve, k.x = "Ed25519", raw
	return nil
}

func (k *okpKey) Curve() string {
	k.mu.RLock()
	defer k.mu.RUnlock()
	return k.curve
}

func (k *okpKey) Thumbprint() string {
	k.mu.RLock()
	defer k.mu.RUnlock()
	return k.Curve() + string(k.x) // want `latent: call to \(\*okpKey\)\.Curve acquires k\.mu .*\(\(\*okpKey\)\.Set at owned\.go:\d+ takes the write lock\)`
}

func (k *okpKey) Set(curve string) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.curve = curve
}

// ImportOKP builds a key.
func ImportOKP(raw []byte) (Key, error) {
	k := newOKPKey()
	if err := k.Import(raw); err != nil {
		return nil, err
	}
	return k, nil
}

// ecKey reads the same way, but only its unexported load write-locks
// it, and the package calls load only on a key it has not yet
// published: no writer can queue between a reader's two read locks.
type ecKey struct {
	mu    sync.RWMutex
	curve string
	x     []byte
}

func (k *ecKey) load(raw []byte) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.curve, k.x = "P-256", raw
	return nil
}

func (k *ecKey) Curve() string {
	k.mu.RLock()
	defer k.mu.RUnlock()
	return k.curve
}

func (k *ecKey) Thumbprint() string {
	k.mu.RLock()
	defer k.mu.RUnlock()
	return k.Curve() + string(k.x)
}

// ImportEC builds a key.
func ImportEC(raw []byte) (Key, error) {
	k := &ecKey{}
	if err := k.load(raw); err != nil {
		return nil, err
	}
	return k, nil
}
