package known

import (
	"go/constant"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Printers that call their operands' methods. fmt formats an operand
// printed with %v, %s, %q, %x or %X (and every operand of Print, Sprint,
// Println and the like, which print with %v) by calling its Error
// method when it is an error, or else its String method when it is a
// fmt.Stringer, unless it is a fmt.Formatter; log's and testing's
// printers format through fmt. So fmt.Printf("%s", c) calls c.String(),
// in place, on the caller's goroutine, with whatever the caller holds.

// printer says where a printing function's format and operands are, as
// arguments of an SSA call (a method's receiver is argument 0).
type printer struct {
	format int // the format string's argument, or -1: every operand is printed with %v
}

// printers are the standard library's printing functions and methods,
// by full name.
var printers = map[string]printer{
	"fmt.Print": {-1}, "fmt.Println": {-1}, "fmt.Sprint": {-1}, "fmt.Sprintln": {-1},
	"fmt.Fprint": {-1}, "fmt.Fprintln": {-1}, "fmt.Append": {-1}, "fmt.Appendln": {-1},
	"fmt.Printf": {0}, "fmt.Sprintf": {0}, "fmt.Errorf": {0}, "fmt.Fprintf": {1}, "fmt.Appendf": {1},
	"log.Print": {-1}, "log.Println": {-1}, "log.Fatal": {-1}, "log.Fatalln": {-1}, "log.Panic": {-1}, "log.Panicln": {-1},
	"log.Printf": {0}, "log.Fatalf": {0}, "log.Panicf": {0},
	"(*log.Logger).Print": {-1}, "(*log.Logger).Println": {-1}, "(*log.Logger).Fatal": {-1},
	"(*log.Logger).Fatalln": {-1}, "(*log.Logger).Panic": {-1}, "(*log.Logger).Panicln": {-1},
	"(*log.Logger).Printf": {1}, "(*log.Logger).Fatalf": {1}, "(*log.Logger).Panicf": {1},
	"(*testing.common).Log": {-1}, "(*testing.common).Error": {-1}, "(*testing.common).Fatal": {-1}, "(*testing.common).Skip": {-1},
	"(*testing.common).Logf": {1}, "(*testing.common).Errorf": {1}, "(*testing.common).Fatalf": {1}, "(*testing.common).Skipf": {1},
}

// A Printed operand is a value a printing call formats by calling one of
// its methods: Method, its Error or String.
type Printed struct {
	Value  ssa.Value
	Method *types.Func
}

// PrintedOperands returns the operands of call c, a call of one of the
// standard library's printers, whose Error or String method the printer
// calls, and the printer's name as the caller's code spells it
// ("fmt.Printf"). An operand that is already an interface (its dynamic
// type unknown here), that formats itself (fmt.Formatter), or that a
// format gives a verb that does not call the method (%d, %T, %p, %#v)
// is left out, as is every operand of a format that is not a constant
// or that numbers its operands ([2]); a value printed twice is given
// once.
func PrintedOperands(c *ssa.CallCommon) ([]Printed, string) {
	fn, ok := c.Value.(*ssa.Function)
	if !ok || fn.Object() == nil || len(c.Args) == 0 {
		return nil, ""
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil {
		return nil, ""
	}
	switch obj.Pkg().Path() {
	case "fmt", "log", "testing": // checked first: FullName spells a name anew
	default:
		return nil, ""
	}
	p, ok := printers[obj.FullName()]
	if !ok {
		return nil, ""
	}
	operands := variadic(c.Args[len(c.Args)-1])
	if len(operands) == 0 {
		return nil, ""
	}
	var verbs map[int]rune
	if p.format >= 0 {
		k, ok := c.Args[p.format].(*ssa.Const)
		if !ok || k.Value == nil || k.Value.Kind() != constant.String {
			return nil, ""
		}
		if verbs, ok = formatVerbs(constant.StringVal(k.Value)); !ok {
			return nil, ""
		}
	}
	var out []Printed
	for i, v := range operands {
		if v == nil || slices.ContainsFunc(out, func(p Printed) bool { return p.Value == v }) {
			continue
		}
		if verbs != nil {
			switch verbs[i] {
			case 'v', 's', 'q', 'x', 'X', 'w':
			default:
				continue
			}
		}
		if m := formattingMethod(v.Type()); m != nil {
			out = append(out, Printed{Value: v, Method: m})
		}
	}
	return out, printerName(obj)
}

// printerName spells a printer as its caller's code does: fmt.Printf,
// log.Printf, (*log.Logger).Printf, t.Logf.
func printerName(obj *types.Func) string {
	recv := obj.Signature().Recv()
	switch {
	case recv == nil:
		return obj.Pkg().Name() + "." + obj.Name()
	case obj.Pkg().Path() == "testing":
		return "t." + obj.Name()
	}
	return "(*" + obj.Pkg().Name() + "." + PointerElem(recv.Type()).(*types.Named).Obj().Name() + ")." + obj.Name()
}

// variadic returns the values a call's variadic argument v packs, by
// position, before their conversion to an interface (nil where one is
// not known): the stores into the array its slice is made of.
func variadic(v ssa.Value) []ssa.Value {
	s, ok := v.(*ssa.Slice)
	if !ok {
		return nil
	}
	a, ok := s.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	arr, ok := PointerElem(a.Type()).Underlying().(*types.Array)
	if !ok {
		return nil
	}
	out := make([]ssa.Value, arr.Len())
	for _, ref := range *a.Referrers() {
		ia, ok := ref.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		k, ok := ia.Index.(*ssa.Const)
		if !ok {
			continue
		}
		i, exact := constant.Int64Val(k.Value)
		if !exact || i < 0 || i >= int64(len(out)) {
			continue
		}
		for _, use := range *ia.Referrers() {
			if st, ok := use.(*ssa.Store); ok && st.Addr == ia {
				if mi, ok := st.Val.(*ssa.MakeInterface); ok {
					out[i] = mi.X
				}
			}
		}
	}
	return out
}

// formattingMethod returns the method fmt calls to format a value of
// type t with %v: Error for an error, else String for a fmt.Stringer;
// nil for an interface type, a fmt.Formatter, or neither.
func formattingMethod(t types.Type) *types.Func {
	if types.IsInterface(t) {
		return nil
	}
	if stringMethod(t, "Format") != nil {
		return nil
	}
	if m := stringMethod(t, "Error"); m != nil {
		return m
	}
	return stringMethod(t, "String")
}

// stringMethod returns t's method name, when t's method set has one:
// func() string for Error and String, any signature for Format.
func stringMethod(t types.Type, name string) *types.Func {
	// Not addressable: a pointer method is not in a value's method set.
	obj, _, _ := types.LookupFieldOrMethod(t, false, nil, name)
	m, ok := obj.(*types.Func)
	if !ok {
		return nil
	}
	if name == "Format" {
		return m
	}
	sig := m.Signature()
	if sig.Params().Len() != 0 || sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type(), types.Typ[types.String]) {
		return nil
	}
	return m
}

// formatVerbs maps each operand of a printf format to its verb ('#'
// for %#v, '*' for a width or precision); false when
// the format numbers its operands, which is not followed.
func formatVerbs(format string) (map[int]rune, bool) {
	verbs := make(map[int]rune)
	arg := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		sharp := false
		for ; i < len(format) && strings.IndexByte("+- #0123456789.*[", format[i]) >= 0; i++ {
			switch format[i] {
			case '[':
				return nil, false
			case '*':
				verbs[arg] = '*'
				arg++
			case '#':
				sharp = true
			}
		}
		if i == len(format) {
			break
		}
		if format[i] == '%' {
			continue
		}
		verbs[arg] = rune(format[i])
		if sharp && format[i] == 'v' {
			verbs[arg] = '#' // %#v: GoString or the value's syntax, not String
		}
		arg++
	}
	return verbs, true
}
