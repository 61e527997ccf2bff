package nestedacquire

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/gatevet/gatevet/internal/gate"
)

// elementHeld says that ap, which locks every element of a container
// (a loop over s.conns, or a helper that does it on every path), runs
// while the path holds the lock of one of those elements
// (gate.AcquirePoint.Element): when the loop comes to that element it
// blocks on the lock its own path holds.
func elementHeld(pass *analysis.Pass, ap gate.AcquirePoint) analysis.Diagnostic {
	pkg := pass.Pkg.Path()
	name, held := ap.GateOp.Gate.Spell(pkg), ap.Element
	heldName := held.Gate.Spell(pkg)
	lock := fmt.Sprintf("the loop takes %s on each element", name)
	if len(ap.Chain) > 0 {
		lock = fmt.Sprintf("%s takes %s on each element", ap.What, name)
	}
	d := analysis.Diagnostic{
		Pos: ap.Pos, End: ap.End,
		Message: fmt.Sprintf("%s, while this path holds %s (%s at %s), the lock of one of them: "+
			"when it comes to that element, it blocks on the lock its own path holds, unless the element left the container meanwhile; "+
			"skip the element held (if q == p { continue }), or release %s before this point",
			lock, heldName, verb(held.GateOp), position(pass, held.Pos), heldName),
		Related: []analysis.RelatedInformation{{Pos: held.Pos, Message: heldName + " acquired here"}},
	}
	for _, h := range ap.Chain {
		if h.Pos().IsValid() {
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: h.Pos(), Message: "then " + h.What})
		}
	}
	return d
}
