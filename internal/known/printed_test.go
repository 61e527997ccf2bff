package known

import (
	"maps"
	"testing"
)

func TestFormatVerbs(t *testing.T) {
	for _, tc := range []struct {
		format string
		want   map[int]rune
		ok     bool
	}{
		{"%d %s", map[int]rune{0: 'd', 1: 's'}, true},
		{"%*d %v", map[int]rune{0: '*', 1: 'd', 2: 'v'}, true},
		{"100%% of %v", map[int]rune{0: 'v'}, true},
		{"%#v %x", map[int]rune{0: '#', 1: 'x'}, true},
		{"%#x %#q", map[int]rune{0: 'x', 1: 'q'}, true},
		{"%-10.3s|%+q", map[int]rune{0: 's', 1: 'q'}, true},
		{"%[2]v %[1]v", nil, false},
		{"trailing %", map[int]rune{}, true},
	} {
		got, ok := formatVerbs(tc.format)
		if ok != tc.ok || ok && !maps.Equal(got, tc.want) {
			t.Errorf("formatVerbs(%q) = %v, %v; want %v, %v", tc.format, got, ok, tc.want, tc.ok)
		}
	}
}
