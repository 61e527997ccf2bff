package known

import "go/types"

// oneAtATime are the standard library's interfaces whose documentation
// says an implementation is never used by two goroutines at once: the
// caller serialises every call. database/sql holds a connection's lock
// around each call into its driver.Conn ("It is not used concurrently by
// multiple goroutines") and into the driver.Stmt prepared on it ("bound
// to a Conn and not used by multiple goroutines concurrently"), the
// optional interfaces (Pinger, Validator, SessionResetter, …) included.
var oneAtATime = []struct{ pkg, name string }{
	{"database/sql/driver", "Conn"},
	{"database/sql/driver", "Stmt"},
}

// A Contract is one of those interfaces, found among a package's imports.
type Contract struct {
	Name  string // pkg.Name
	iface *types.Interface
}

// OneAtATime returns the one-call-at-a-time interfaces that pkg's
// imports, direct or not, declare: a type can implement only those
// knowingly.
func OneAtATime(pkg *types.Package) []Contract {
	var out []Contract
	for _, c := range oneAtATime {
		if iface := lookupInterface(pkg, c.pkg, c.name); iface != nil {
			out = append(out, Contract{c.pkg + "." + c.name, iface})
		}
	}
	return out
}

// Covers reports whether recv's type, or a pointer to it, implements c:
// its exported methods run one call at a time.
func (c Contract) Covers(recv types.Type) bool {
	if p, ok := recv.(*types.Pointer); ok {
		recv = p.Elem()
	}
	return types.Implements(recv, c.iface) || types.Implements(types.NewPointer(recv), c.iface)
}

// lookupInterface finds the interface path.name among pkg's imports,
// direct or not, or returns nil.
func lookupInterface(pkg *types.Package, path, name string) *types.Interface {
	seen := make(map[*types.Package]bool)
	var find func(p *types.Package) *types.Package
	find = func(p *types.Package) *types.Package {
		if p.Path() == path {
			return p
		}
		if seen[p] {
			return nil
		}
		seen[p] = true
		for _, q := range p.Imports() {
			if f := find(q); f != nil {
				return f
			}
		}
		return nil
	}
	p := find(pkg)
	if p == nil {
		return nil
	}
	obj, _ := p.Scope().Lookup(name).(*types.TypeName)
	if obj == nil {
		return nil
	}
	iface, _ := obj.Type().Underlying().(*types.Interface)
	return iface
}
