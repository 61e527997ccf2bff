package main

import (
	"slices"
	"testing"
)

func TestHelpRequest(t *testing.T) {
	for _, tc := range []struct {
		args         []string
		flags, names []string
		ok           bool
	}{
		{[]string{"help"}, []string{}, []string{}, true},
		{[]string{"help", "bypass", "printf"}, []string{}, []string{"bypass", "printf"}, true},
		{[]string{"-vetsuite=false", "help"}, []string{"-vetsuite=false"}, []string{}, true},
		{[]string{"./...", "help"}, nil, nil, false},
		{[]string{"-json", "./..."}, nil, nil, false},
		{nil, nil, nil, false},
	} {
		flags, names, ok := helpRequest(tc.args)
		if ok != tc.ok || !slices.Equal(flags, tc.flags) || !slices.Equal(names, tc.names) {
			t.Errorf("helpRequest(%q) = %q, %q, %v, want %q, %q, %v", tc.args, flags, names, ok, tc.flags, tc.names, tc.ok)
		}
	}
}
