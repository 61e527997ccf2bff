package user

import "example.com/contracts/lib"

// Append uses lib's promised helpers from another package.
func Append(t *lib.Table, r string) error {
	if err := t.Lock(); err != nil {
		return err
	}
	t.AppendLocked(r)
	t.Unlock()
	return nil
}
