package gate

import (
	"strings"

	"golang.org/x/tools/go/analysis"
)

// ChainRelated returns a related item for each hop of chain that lies
// in the package being analysed (hops from facts have no position), at
// the hop, saying prefix+h.What: "then f", "acquired through f".
func ChainRelated(chain []Hop, prefix string) []analysis.RelatedInformation {
	var out []analysis.RelatedInformation
	for _, h := range chain {
		if h.Pos().IsValid() {
			out = append(out, analysis.RelatedInformation{Pos: h.Pos(), Message: prefix + h.What})
		}
	}
	return out
}

// ChainText renders chain as its hops joined by " → " (a → b → c), and
// with at, followed by " at " and where the last hop is: a → b at
// file.go:12. An empty chain is "".
func ChainText(chain []Hop, at bool) string {
	var b strings.Builder
	for i, h := range chain {
		if i > 0 {
			b.WriteString(" → ")
		}
		b.WriteString(h.What)
	}
	if at && len(chain) > 0 {
		b.WriteString(" at " + chain[len(chain)-1].At)
	}
	return b.String()
}
