// Package slot: a buffer the package converts to io.Writer only to keep
// it in an unexported field, whose loads the package only calls
// through, runs its methods only at those calls. Its Write is no entry:
// its read of logFile is each call's, under mu in Output (no race with
// SetLogFile), without it in Direct (reported there).
package slot

import (
	"io"
	"sync"
)

type syncBuffer struct {
	n    int
	name string
}

type loggingT struct {
	mu      sync.Mutex
	file    [2]io.Writer
	logFile string
}

var logging loggingT

func (sb *syncBuffer) Write(p []byte) (int, error) {
	if sb.name != logging.logFile {
		sb.name, sb.n = logging.logFile, 0
	}
	sb.n += len(p)
	return len(p), nil
}

func SetLogFile(f string) {
	logging.mu.Lock()
	defer logging.mu.Unlock()
	logging.logFile = f
}

func LogFile() string {
	logging.mu.Lock()
	defer logging.mu.Unlock()
	return logging.logFile
}

// SetOutput sends severity s to w: the slot holds the caller's writers
// too.
func SetOutput(s int, w io.Writer) {
	logging.mu.Lock()
	defer logging.mu.Unlock()
	logging.file[s] = w
}

func createFile(s int) {
	logging.file[s] = &syncBuffer{}
}

// Output writes b to severity s's writer, holding mu.
func Output(s int, b []byte) {
	logging.mu.Lock()
	defer logging.mu.Unlock()
	if logging.file[s] == nil {
		createFile(s)
	}
	logging.file[s].Write(b)
}

// Flush flushes every writer that can, holding mu, and counts the
// package's own buffers.
func Flush() int {
	logging.mu.Lock()
	defer logging.mu.Unlock()
	n := 0
	for s := range logging.file {
		if f, ok := logging.file[s].(interface{ Flush() error }); ok {
			f.Flush()
		}
		if sb, ok := logging.file[s].(*syncBuffer); ok && sb.n > 0 {
			n++
		}
	}
	return n
}

// Direct writes through the slot without mu: the buffer's read of
// logFile is this call's, reported here.
func Direct(s int, b []byte) {
	logging.file[s].Write(b) // want `Direct reads logging\.logFile through \(\*syncBuffer\)\.Write → logging\.logFile without holding logging\.mu`
}
