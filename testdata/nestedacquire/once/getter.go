package once

import "sync"

type Settings struct {
	once sync.Once
	vals map[string]string
}

// Get enters s.once, whose load reads a setting back through Get: the
// inner Do waits for the Do in progress, which waits for load. The call
// cycle (Get, load, Get) is what the model meets.
func (s *Settings) Get(k string) string {
	s.once.Do(s.load) // want `certain: call to \(\*Settings\)\.load calls s\.once\.Do \(\(\*Settings\)\.Get → s\.once\.Do at getter\.go:\d+\) while s\.once\.Do is running on this path`
	return s.vals[k]
}

func (s *Settings) load() {
	s.vals = map[string]string{"base": "/srv"}
	s.vals["data"] = s.Get("base") + "/data"
}

// Options' load reads what it has just set from the map itself, not
// through Get: nothing enters the Once again.
type Options struct {
	once sync.Once
	vals map[string]string
}

func (o *Options) Get(k string) string {
	o.once.Do(o.load)
	return o.vals[k]
}

func (o *Options) load() {
	o.vals = map[string]string{"base": "/srv"}
	o.vals["data"] = o.vals["base"] + "/data"
}
