// Package slottwin is slot with Writer, which hands the slot's writer
// out: other packages call its Write without mu.
//
// Package slot: a buffer the package converts to io.Writer only to keep
// it in an unexported field, whose loads the package only calls
// through, runs its methods only at those calls: Output's, under mu. Its
// Write is no entry, and its read of logFile is no race with
// SetLogFile.
package slottwin

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
	if sb.name != logging.logFile { // want `Write reads logging\.logFile without holding logging\.mu, which guards it in SetLogFile`
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

// Writer returns severity s's writer, to write to directly.
func Writer(s int) io.Writer {
	logging.mu.Lock()
	defer logging.mu.Unlock()
	return logging.file[s]
}
