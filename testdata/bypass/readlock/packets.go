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
	p.writeSamples(b) // want `^latent: WriteTone writes p\.payload through \(\*Packets\)\.writeSamples → p\.payload holding only the read lock of p\.mu .* meanwhile; the same path also writes p\.stamp; the same path also writes p\.s\.seq; take p\.mu\.Lock\(\) instead of the read lock [^;]*, or a lock of the written state.s own$`
}

func (p *Packets) Peek() uint32 {
	p.mu.RLock()
	defer p.mu.RUnlock()
	return p.stamp
}

// tone is WriteTone's body, unexported: only Tones calls it, under a
// mutex of its own, so two Tones never meet; Peek, under the read lock
// only, races with its writes.
func (p *Packets) tone(b []byte) {
	p.mu.RLock()
	defer p.mu.RUnlock()
	p.stamp += uint32(len(b))
}

type Tones struct {
	mu sync.Mutex
	p  *Packets
}

// Send writes p.stamp under Tones' own mutex and the packets' read lock:
// a Peek on another goroutine reads it meanwhile.
func (t *Tones) Send(b []byte) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.p.tone(b) // want `^latent: Send writes t\.p\.stamp through \(\*Packets\)\.tone → p\.stamp holding only the read lock of t\.p\.mu \(read-locked inside \(\*Packets\)\.tone, called at packets\.go:\d+\), which guards it \(Write writes it with t\.p\.mu write-locked\): read-lock holders run at the same time, so this write races whenever another goroutine runs WriteTone \(packets\.go:\d+\) or Peek \(packets\.go:\d+\) meanwhile; take t\.p\.mu\.Lock\(\) instead of the read lock [^;]*, or a lock of the written state.s own$`
}
