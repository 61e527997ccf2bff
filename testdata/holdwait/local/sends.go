package local

// A send on an unbuffered channel the function made waits for a receive
// in the goroutine it handed the channel to, which in Hand locks mu first.

// Hand sends on the unbuffered jobs holding mu; the goroutine locks mu
// before it receives, so both wait forever.
func Hand() {
	mu.Lock()
	defer mu.Unlock()
	jobs := make(chan int)
	go func() {
		mu.Lock()
		work()
		mu.Unlock()
		<-jobs
	}()
	jobs <- 1 // want `jobs <- … waits for the goroutine started on line 12 holding mu, but the goroutine started on line 12 locks mu before it receives from jobs: a certain deadlock`
}

// Near misses.

// HandAfter receives first and locks after.
func HandAfter() {
	mu.Lock()
	defer mu.Unlock()
	jobs := make(chan int)
	go func() {
		n := <-jobs
		mu.Lock()
		_ = n
		mu.Unlock()
	}()
	jobs <- 1
}

// HandBuffered has room for the send.
func HandBuffered() {
	mu.Lock()
	defer mu.Unlock()
	jobs := make(chan int, 1)
	go func() {
		mu.Lock()
		mu.Unlock()
		<-jobs
	}()
	jobs <- 1
}

// HandOther: the goroutine takes another lock.
func HandOther() {
	mu.Lock()
	defer mu.Unlock()
	jobs := make(chan int)
	go func() {
		other.Lock()
		other.Unlock()
		<-jobs
	}()
	jobs <- 1
}
