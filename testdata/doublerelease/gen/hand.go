// Package gen: a generated file's double release is not reported; the
// hand-written file beside it is checked.
package gen

// Hand unlocks mu twice in a row: the second Unlock finds it unlocked.
func Hand() {
	mu.Lock()
	mu.Unlock()
	mu.Unlock() // want `mu\.Unlock\(\) unlocks mu a second time`
}
