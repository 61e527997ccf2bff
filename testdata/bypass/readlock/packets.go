package readlock

import "sync"

// A packet writer whose helper advances several fields: a call made
// under the read lock writes them all, one issue in one report.
type sequencer struct{ seq uint16 }

type Packets struct {
	mu      sync.RWMutex
	stamp   uint32
	payload []byte
	s       sequencer
}

func (p *Packets) writeSamples(b []byte) {
	p.payload = b
	p.stamp += uint32(len(b))
	p.s.seq++
}

// Write holds the write lock around the helper.
func (p *Packets) Write(b []byte) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.writeSamples(b)
}

// WriteTone holds only the read lock around the same helper: two tones
// at once, or a tone beside Peek, write the three fields together.
func (p *Packets) WriteTone(b []byte) {
	p.mu.RLock()
	defer p.mu.RUnlock()
	p.writeSamples(b) // want `^latent: WriteTone writes p\.payload through \(\*Packets\)\.writeSamples → p\.payload holding only the read lock of p\.mu .* meanwhile; the same path also writes p\.stamp; the same path also writes p\.s\.seq; take p\.mu\.Lock\(\) for the write$`
}

func (p *Packets) Peek() uint32 {
	p.mu.RLock()
	defer p.mu.RUnlock()
	return p.stamp
}
