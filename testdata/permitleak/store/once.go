package store

import "context"

// Once runs an action that may be retried until it succeeds: a token
// channel hands the right to try to one caller at a time, and a close
// opens it for good once the action has succeeded, so that every later
// receive gets false at once, taking nothing.
type Once struct {
	result any
	status chan bool
}

func NewOnce() *Once {
	status := make(chan bool, 1)
	status <- true
	return &Once{status: status}
}

func (o *Once) Do(ctx context.Context, f func() (any, error)) (bool, any, error) {
	defer func() {
		if r := recover(); r != nil {
			o.status <- true
			panic(r)
		}
	}()
	select {
	case inProgress := <-o.status:
		if !inProgress {
			return false, o.result, nil
		}
		result, err := f()
		if err != nil {
			o.status <- true
			return false, nil, err
		}
		o.result = result
		close(o.status)
		return true, result, nil
	case <-ctx.Done():
		return false, nil, ctx.Err()
	}
}

// Latch is Once that marks success by sending false instead of closing:
// the first call after success takes the false token and keeps it, and
// every call after that blocks for good.
type Latch struct {
	result any
	status chan bool
}

func NewLatch() *Latch {
	status := make(chan bool, 1)
	status <- true
	return &Latch{status: status}
}

// Do takes the token; after a success the next call takes the false
// token and returns keeping it, so every call after that blocks.
func (l *Latch) Do(f func() (any, error)) (bool, any, error) {
	defer func() {
		if r := recover(); r != nil {
			l.status <- true
			panic(r)
		}
	}()
	inProgress := <-l.status
	if !inProgress {
		return false, l.result, nil // want `this return keeps l\.status \(channel semaphore\) held, and no caller of \(\*Latch\)\.Do releases it`
	}
	result, err := f()
	if err != nil {
		l.status <- true
		return false, nil, err
	}
	l.result = result
	l.status <- false
	return true, result, nil
}

func useOnce(ctx context.Context, o *Once) {
	o.Do(ctx, func() (any, error) { return 1, nil })
}

func useLatch(l *Latch) {
	l.Do(func() (any, error) { return 1, nil })
}
