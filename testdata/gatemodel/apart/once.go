package apart

import "sync"

// dirs is filled in by the function dirsOnce runs: it runs once per
// process, and every Do on dirsOnce returns only after it has.
var (
	dirsOnce sync.Once
	dirs     []string
)

func fillDirs() {
	point("fill")
	dirs = append(dirs, "/tmp")
}

// Dir reads dirs after the Do: apart from the fill. A second run of the
// fill cannot meet the first.
func Dir() string {
	dirsOnce.Do(fillDirs)
	check("fill") // want `apart: fillDirs runs once, by dirsOnce\.Do, which returns only after it`
	return dirs[0]
}

// Peek reads dirs without the Do: it may run while the fill does.
func Peek() int {
	check("fill") // want `not apart`
	return len(dirs)
}

// refill is run by the Once, and also called by Reset: twice, and
// without the Once's order.
var (
	namesOnce sync.Once
	names     []string
)

func refill() {
	point("refill")
	names = append(names, "/tmp")
}

func Name() string {
	namesOnce.Do(refill)
	check("refill") // want `not apart`
	return names[0]
}

func Reset() { refill() }

// A fill of its own, reached twice: the one run of fillOnly cannot meet
// itself.
var (
	onlyOnce sync.Once
	only     int
)

func fillOnly() {
	point("only")
	check("only") // want `apart: fillOnly runs once per process`
	only++
}

func Only() int {
	onlyOnce.Do(fillOnly)
	return only
}

// FillPub is run by pubOnce here, but it is exported: another package
// may call it at any time.
var (
	pubOnce sync.Once
	pub     int
)

func FillPub() {
	point("pub")
	pub++
}

func Pub() int {
	pubOnce.Do(FillPub)
	check("pub") // want `not apart`
	return pub
}
