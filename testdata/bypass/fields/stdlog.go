package fields

import (
	"fmt"
	"io"
	"os"
	"sync"
)

// Printer is a logger that "can be used simultaneously from multiple
// goroutines", with a standard printer that the package's functions
// use, as oauth2-proxy's logger has. Output locks its own mu and stamps
// the line through the package's Stamp, which reads std.flag: that is
// std.mu only when the printer is std, so a printer made with
// NewPrinter races with SetFlags. Stamp reads it with no lock at all.
type Printer struct {
	mu   sync.Mutex
	flag int
	out  io.Writer
}

func NewPrinter(flag int) *Printer { return &Printer{flag: flag, out: os.Stdout} }

var std = NewPrinter(0)

func (p *Printer) Output(msg string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprint(p.out, p.format(msg)) // want `latent: Output reads std\.flag through \(\*Printer\)\.format → Stamp → \(\*Printer\)\.Stamp → p\.flag holding p\.mu, which is std\.mu only when p is std, which is held where \(\*Printer\)\.SetFlags writes it`
}

func (p *Printer) format(msg string) string {
	file := ""
	if p.flag&2 != 0 {
		file = p.File()
	}
	return Stamp() + file + msg
}

func (p *Printer) File() string {
	if p.flag&4 != 0 {
		return "short "
	}
	return "long "
}

func (p *Printer) Stamp() string {
	if p.flag&1 != 0 {
		return "utc "
	}
	return ""
}

func (p *Printer) SetFlags(f int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.flag = f
}

func Stamp() string { return std.Stamp() } // want `latent: Stamp reads std\.flag through \(\*Printer\)\.Stamp → p\.flag without holding std\.mu`

func SetFlags(f int) { std.SetFlags(f) }

func Print(v ...any) { std.Output(fmt.Sprint(v...)) }

func Println(v ...any) { std.Output(fmt.Sprintln(v...)) }

func Printf(format string, v ...any) { std.Output(fmt.Sprintf(format, v...)) }

func Panic(v ...any) {
	s := fmt.Sprint(v...)
	std.Output(s)
	panic(s)
}
