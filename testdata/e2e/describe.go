package e2e

import "fmt"

// Describe holds the one bug of the standard go vet suite: a %d verb
// given a string, on the line marked with the e2e:printf comment. go vet
// -vettool=gatevet must keep reporting it.
func (s *S) Describe(name string) string {
	return fmt.Sprintf("%s has %d", name, name) // e2e:printf
}
