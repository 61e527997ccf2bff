package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/suite/vet"

	"github.com/gatevet/gatevet/internal/analyzerdoc"
	"github.com/gatevet/gatevet/passes/all"
)

// The end-to-end test builds the gatevet binary and runs it, through
// go vet and standalone, on the small module in testdata/e2e. That module
// holds one double lock, on the line marked with e2eMarker, of a mutex
// taken on the line marked with e2eHeldMarker, a few correct functions
// that must stay unreported, and one bug of the standard vet suite (a
// printf verb, marked with e2ePrintfMarker in e2ePrintfFile), which go vet
// -vettool=gatevet reports too.
const (
	e2eModule  = "../../testdata/e2e"
	e2eFile    = "counter.go"
	e2ePackage = "example.com/e2e"
	e2eMarker  = "// e2e:nestedacquire"

	e2eHeldMarker   = "// e2e:held"
	e2ePrintfFile   = "describe.go"
	e2ePrintfMarker = "// e2e:printf"
)

// correctFuncs are the functions of e2eFile that must produce nothing.
var correctFuncs = []string{"Relock", "Inc", "incLocked", "Get", "Suppressed"}

// jsonDiagnostic is one diagnostic as go vet -json prints
// it (golang.org/x/tools/internal/analysis/driverutil.JSONDiagnostic).
type jsonDiagnostic struct {
	Category       string            `json:"category"`
	Posn           string            `json:"posn"` // file:line:column
	End            string            `json:"end"`
	Message        string            `json:"message"`
	Related        []jsonRelated     `json:"related"`
	SuggestedFixes []json.RawMessage `json:"suggested_fixes"`
}

// jsonRelated is one related position of a jsonDiagnostic.
type jsonRelated struct {
	Posn    string `json:"posn"`
	End     string `json:"end"`
	Message string `json:"message"`
}

// finding is a diagnostic together with where it came from.
type finding struct {
	pkg, analyzer string
	file          string
	line          int
	diag          jsonDiagnostic
}

func (f finding) String() string {
	return fmt.Sprintf("%s: %s:%d: %s (package %s)", f.analyzer, filepath.Base(f.file), f.line, f.diag.Message, f.pkg)
}

// e2eSetup holds what every subtest needs.
type e2eSetup struct {
	gatevet  string            // the built binary
	dir      string            // absolute path of the testdata module
	file     string            // absolute path of e2eFile
	wantLine int               // line of e2eMarker: the reported acquire
	heldLine int               // line of e2eHeldMarker: the first acquire
	correct  map[string][2]int // correct function -> first and last line

	printfLine int // line of e2ePrintfMarker in e2ePrintfFile
}

func TestEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds gatevet and runs go vet; skipped in -short mode")
	}
	s := setupE2E(t)

	t.Run("GoVetJSON", func(t *testing.T) {
		stdout, stderr, code := s.run(t, "go", "vet", "-vettool="+s.gatevet, "-json", "./...")
		if code != 0 {
			t.Fatalf("go vet -json exited %d, want 0 (with -json findings do not fail the run)\nstderr:\n%s", code, stderr)
		}
		s.checkFindings(t, parseJSONStream(t, stdout), true)
	})

	t.Run("GoVetText", func(t *testing.T) {
		_, stderr, code := s.run(t, "go", "vet", "-vettool="+s.gatevet, "./...")
		if code == 0 {
			t.Fatalf("go vet exited 0 despite a finding\nstderr:\n%s", stderr)
		}
		s.checkText(t, stderr, true)
	})

	t.Run("GoVetGatevetOnly", func(t *testing.T) {
		stdout, stderr, code := s.run(t, "go", "vet", "-vettool="+s.gatevet, "-vetsuite=false", "-json", "./...")
		if code != 0 {
			t.Fatalf("go vet -vetsuite=false -json exited %d, want 0\nstderr:\n%s", code, stderr)
		}
		s.checkFindings(t, parseJSONStream(t, stdout), false)
	})

	t.Run("StandaloneJSON", func(t *testing.T) {
		stdout, stderr, code := s.run(t, s.gatevet, "-f", "json", "./...")
		if code != 1 {
			t.Fatalf("gatevet -f json exited %d, want 1 (diagnostics reported)\nstderr:\n%s", code, stderr)
		}
		s.checkFindings(t, parseLintJSON(t, stdout), false)
	})

	t.Run("StandaloneSARIF", func(t *testing.T) {
		stdout, stderr, code := s.run(t, s.gatevet, "-f", "sarif", "./...")
		if code != 0 {
			t.Fatalf("gatevet -f sarif exited %d, want 0 (a SARIF log is a success)\nstderr:\n%s", code, stderr)
		}
		s.checkSARIF(t, stdout)
	})

	t.Run("StandaloneConfig", func(t *testing.T) {
		dir := t.TempDir()
		off := filepath.Join(dir, "off.json")
		bad := filepath.Join(dir, "bad.json")
		os.WriteFile(off, []byte(`{"disable": ["nestedacquire"]}`), 0o644)
		os.WriteFile(bad, []byte(`{"disabled": ["nestedacquire"]}`), 0o644)
		stdout, stderr, code := s.run(t, s.gatevet, "-config", off, "./...")
		if code != 0 || len(stdout) != 0 {
			t.Errorf("with nestedacquire disabled, gatevet exited %d, want 0, and printed:\n%s%s", code, stdout, stderr)
		}
		_, stderr, code = s.run(t, s.gatevet, "-config", bad, "./...")
		if code != 2 || !strings.Contains(string(stderr), `unknown field "disabled"`) {
			t.Errorf("with an unknown setting, gatevet exited %d, want 2, and said:\n%s", code, stderr)
		}
		// A staticcheck.conf written for staticcheck does not choose
		// gatevet's analyzers.
		conf := filepath.Join(s.dir, "staticcheck.conf")
		if err := os.WriteFile(conf, []byte(`checks = ["SA*"]`+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		defer os.Remove(conf)
		// From the same cache, the runs above replay nothing here.
		stdout, _, _ = s.run(t, s.gatevet, "-f", "json", "./...")
		s.checkFindings(t, parseLintJSON(t, stdout), false)
		stdout, _, code = s.run(t, s.gatevet, "-f", "json", "-latent=false", "./...")
		if code != 1 {
			t.Errorf("-latent=false: gatevet exited %d, want 1 (the finding is certain)", code)
		}
		s.checkFindings(t, parseLintJSON(t, stdout), false)
	})

	t.Run("Explain", func(t *testing.T) {
		explain, _, code := s.run(t, s.gatevet, "-explain", "nestedacquire")
		help, _, _ := s.run(t, s.gatevet, "help", "nestedacquire")
		if code != 0 || !bytes.Equal(explain, help) {
			t.Errorf("gatevet -explain nestedacquire exited %d and printed other than gatevet help nestedacquire:\n%s", code, explain)
		}
		if bytes.Contains(explain, []byte("staticcheck.dev")) {
			t.Errorf("-explain points at staticcheck's website:\n%s", explain)
		}
	})

	t.Run("Help", func(t *testing.T) {
		stdout, stderr, code := s.run(t, s.gatevet, "help")
		if code != 0 {
			t.Fatalf("gatevet help exited %d, want 0\nstderr:\n%s", code, stderr)
		}
		checkHelp(t, string(stdout), true)
	})

	t.Run("HelpGatevetOnly", func(t *testing.T) {
		stdout, stderr, code := s.run(t, s.gatevet, "-vetsuite=false", "help")
		if code != 0 {
			t.Fatalf("gatevet -vetsuite=false help exited %d, want 0\nstderr:\n%s", code, stderr)
		}
		checkHelp(t, string(stdout), false)
	})

	t.Run("HelpFlag", func(t *testing.T) {
		_, stderr, code := s.run(t, s.gatevet, "-help")
		if code != 0 {
			t.Fatalf("gatevet -help exited %d, want 0", code)
		}
		checkHelp(t, string(stderr), true)
		if !strings.Contains(string(stderr), "-checks") || !strings.Contains(string(stderr), "-latent") {
			t.Errorf("gatevet -help lists no flags:\n%s", stderr)
		}
	})

	t.Run("HelpAnalyzer", func(t *testing.T) {
		for _, a := range all.Analyzers() {
			stdout, stderr, code := s.run(t, s.gatevet, "help", a.Name)
			if code != 0 {
				t.Fatalf("gatevet help %s exited %d, want 0\nstderr:\n%s", a.Name, code, stderr)
			}
			summary, _ := analyzerdoc.Split(a.Doc)
			for _, want := range []string{a.Name + ": " + summary + "\n", "\n# What is not reported\n", "\nDocumentation: " + a.URL + "\n"} {
				if !strings.Contains(string(stdout), want) {
					t.Errorf("gatevet help %s does not print %q:\n%s", a.Name, want, stdout)
				}
			}
		}
		stdout, stderr, code := s.run(t, s.gatevet, "help", "printf")
		if code != 0 || !strings.HasPrefix(string(stdout), "printf: ") {
			t.Errorf("gatevet help printf exited %d and printed:\n%s\nstderr:\n%s", code, stdout, stderr)
		}
		_, stderr, code = s.run(t, s.gatevet, "help", "nosuchanalyzer")
		if code != 1 || !strings.Contains(string(stderr), `no analyzer "nosuchanalyzer"`) {
			t.Errorf("gatevet help nosuchanalyzer exited %d, want 1, with stderr:\n%s", code, stderr)
		}
	})

	t.Run("StandaloneText", func(t *testing.T) {
		stdout, stderr, code := s.run(t, s.gatevet, "./...")
		if code != 1 {
			t.Fatalf("gatevet exited %d, want 1 (diagnostics reported)\nstderr:\n%s", code, stderr)
		}
		s.checkText(t, stdout, false)
	})
}

// checkHelp asserts that help is gatevet's overview: every analyzer on a
// line of its own with its summary, the standard vet analyzers when
// vetSuite is set (and not otherwise), and none of the drivers'
// generic text.
func checkHelp(t *testing.T, help string, vetSuite bool) {
	t.Helper()
	for _, a := range all.Analyzers() {
		summary, _ := analyzerdoc.Split(a.Doc)
		if !regexp.MustCompile(`(?m)^  ` + a.Name + ` +` + regexp.QuoteMeta(summary) + `$`).MatchString(help) {
			t.Errorf("help does not list %s with its summary %q", a.Name, summary)
		}
	}
	const vetHeader = "Under go vet, gatevet also runs the standard go vet analyzers"
	_, vetPart, found := strings.Cut(help, vetHeader)
	if found != vetSuite {
		t.Errorf("help says %q: %v, want %v", vetHeader, found, vetSuite)
	}
	if vetSuite {
		// The header's paragraph, then the names' paragraph.
		paras := strings.SplitN(vetPart, "\n\n", 3)
		names := strings.Fields(paras[min(1, len(paras)-1)])
		for _, a := range vet.Suite {
			if !slices.Contains(names, a.Name) {
				t.Errorf("help does not list the vet analyzer %s after %q", a.Name, vetHeader)
			}
		}
	}
	for _, generic := range []string{"is a tool for static analysis of Go programs", "Printf call", "strings.Split", "Registered analyzers"} {
		if strings.Contains(help, generic) {
			t.Errorf("help holds a driver's generic text %q", generic)
		}
	}
	if !strings.Contains(help, "go vet -vettool=") || !strings.Contains(help, "gatevet [-f text") {
		t.Errorf("help does not show the two ways to run gatevet:\n%s", help)
	}
}

// setupE2E builds gatevet into a temporary directory and reads the
// expectations out of the testdata source.
func setupE2E(t *testing.T) *e2eSetup {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatalf("the go command is needed to build gatevet: %v", err)
	}
	dir, err := filepath.Abs(e2eModule)
	if err != nil {
		t.Fatal(err)
	}
	s := &e2eSetup{dir: dir, file: filepath.Join(dir, e2eFile)}
	s.wantLine = markerLine(t, s.file, e2eMarker)
	s.heldLine = markerLine(t, s.file, e2eHeldMarker)
	s.correct = funcLines(t, s.file, correctFuncs)
	s.printfLine = markerLine(t, filepath.Join(dir, e2ePrintfFile), e2ePrintfMarker)

	e2eCache = t.TempDir()
	s.gatevet = filepath.Join(t.TempDir(), "gatevet")
	if runtime.GOOS == "windows" {
		s.gatevet += ".exe"
	}
	build := exec.CommandContext(t.Context(), "go", "build", "-buildvcs=false", "-o", s.gatevet, ".")
	build.Env = e2eEnv()
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build -o %s . failed: %v\n%s", s.gatevet, err, out)
	}
	return s
}

// e2eEnv is the environment of every command the test runs: the test's
// own, except that a go.work file around the checkout must not pull the
// testdata module into a workspace.
func e2eEnv() []string {
	return append(os.Environ(), "GOWORK=off", "GATEVET_CACHE="+e2eCache)
}

// e2eCache is standalone gatevet's cache for the test, set by setupE2E.
var e2eCache string

// run runs name with args in the testdata module and returns its stdout,
// stderr and exit code. Failing to start at all is fatal.
func (s *e2eSetup) run(t *testing.T, name string, args ...string) (stdout, stderr []byte, code int) {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), name, args...)
	cmd.Dir = s.dir
	cmd.Env = e2eEnv()
	var outBuf, errBuf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &outBuf, &errBuf
	err := cmd.Run()
	var exitErr *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exitErr) && exitErr.Exited():
		code = exitErr.ExitCode()
	default:
		t.Fatalf("%s %s: %v\nstderr:\n%s", name, strings.Join(args, " "), err, errBuf.Bytes())
	}
	t.Logf("%s %s: exit %d\nstdout:\n%s\nstderr:\n%s", name, strings.Join(args, " "), code, outBuf.Bytes(), errBuf.Bytes())
	return outBuf.Bytes(), errBuf.Bytes(), code
}

// parseJSONStream decodes -json output: a sequence of JSON objects (go vet
// prints one per package), each mapping package ID to analyzer name to
// either a list of diagnostics or {"error": "..."}. Errors are fatal.
func parseJSONStream(t *testing.T, out []byte) []finding {
	t.Helper()
	var findings []finding
	dec := json.NewDecoder(bytes.NewReader(out))
	objects := 0
	for {
		var tree map[string]map[string]json.RawMessage
		err := dec.Decode(&tree)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("decoding -json output: %v\noutput:\n%s", err, out)
		}
		objects++
		for pkg, byAnalyzer := range tree {
			for analyzer, raw := range byAnalyzer {
				var failure struct {
					Error string `json:"error"`
				}
				if json.Unmarshal(raw, &failure) == nil && failure.Error != "" {
					t.Fatalf("analyzer %s failed on package %s: %s", analyzer, pkg, failure.Error)
				}
				var diags []jsonDiagnostic
				if err := json.Unmarshal(raw, &diags); err != nil {
					t.Fatalf("package %s, analyzer %s: unexpected result %s: %v", pkg, analyzer, raw, err)
				}
				for _, d := range diags {
					file, line, err := splitPosn(d.Posn)
					if err != nil {
						t.Fatalf("package %s, analyzer %s: %v", pkg, analyzer, err)
					}
					findings = append(findings, finding{pkg, analyzer, file, line, d})
				}
			}
		}
	}
	if objects == 0 {
		t.Fatalf("-json output holds no JSON object:\n%s", out)
	}
	return findings
}

// parseLintJSON decodes standalone -f json output: one JSON object per
// diagnostic (lintcmd's format), with the analyzer as its code.
func parseLintJSON(t *testing.T, out []byte) []finding {
	t.Helper()
	type location struct {
		File string `json:"file"`
		Line int    `json:"line"`
	}
	var findings []finding
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var d struct {
			Code     string   `json:"code"`
			Location location `json:"location"`
			Message  string   `json:"message"`
			Related  []struct {
				Location location `json:"location"`
				Message  string   `json:"message"`
			} `json:"related"`
		}
		err := dec.Decode(&d)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("decoding -f json output: %v\noutput:\n%s", err, out)
		}
		diag := jsonDiagnostic{Category: d.Code, Posn: fmt.Sprintf("%s:%d", d.Location.File, d.Location.Line), Message: d.Message}
		for _, r := range d.Related {
			diag.Related = append(diag.Related, jsonRelated{Posn: fmt.Sprintf("%s:%d", r.Location.File, r.Location.Line), Message: r.Message})
		}
		findings = append(findings, finding{e2ePackage, d.Code, d.Location.File, d.Location.Line, diag})
	}
	return findings
}

// splitPosn splits "file:line:column" (or "file:line") into its file and
// line; the file name itself may contain colons.
func splitPosn(posn string) (file string, line int, err error) {
	rest := posn
	for range 2 {
		i := strings.LastIndexByte(rest, ':')
		if i < 0 {
			break
		}
		n, convErr := strconv.Atoi(rest[i+1:])
		if convErr != nil {
			break
		}
		file, line, rest = rest[:i], n, rest[:i]
	}
	if file == "" || line == 0 {
		return "", 0, fmt.Errorf("malformed position %q", posn)
	}
	return file, line, nil
}

// checkFindings asserts that the findings are exactly the expected
// nestedacquire report, and the printf report when the vet suite runs,
// and that no correct function is reported.
func (s *e2eSetup) checkFindings(t *testing.T, findings []finding, vetSuite bool) {
	t.Helper()
	var got []finding
	printf := 0
	for _, f := range findings {
		if s.isExpected(f) {
			got = append(got, f)
			continue
		}
		if vetSuite && s.isPrintf(f.analyzer, f.file, f.line) {
			printf++
			continue
		}
		where := ""
		if s.sameFile(f.file) {
			for name, lines := range s.correct {
				if lines[0] <= f.line && f.line <= lines[1] {
					where = " inside correct function " + name
				}
			}
		}
		t.Errorf("unexpected finding%s: %v", where, f)
	}
	want := 0
	if vetSuite {
		want = 1
	}
	if printf != want {
		t.Errorf("got %d printf findings at %s:%d, want %d", printf, e2ePrintfFile, s.printfLine, want)
	}
	if len(got) != 1 {
		t.Fatalf("got %d nestedacquire findings at %s:%d, want exactly 1 (all findings: %v)", len(got), e2eFile, s.wantLine, findings)
	}
	f := got[0]
	if f.pkg != e2ePackage {
		t.Errorf("finding is under package ID %q, want %q", f.pkg, e2ePackage)
	}
	if !strings.Contains(f.diag.Message, "already held") {
		t.Errorf("message %q does not say %q", f.diag.Message, "already held")
	}
	if !strings.Contains(f.diag.Message, "s.mu") {
		t.Errorf("message %q does not name the gate %q", f.diag.Message, "s.mu")
	}
	// The related information points at the acquire that still holds s.mu.
	var related []string
	for _, r := range f.diag.Related {
		related = append(related, r.Posn)
		if file, line, err := splitPosn(r.Posn); err == nil && s.sameFile(file) && line == s.heldLine {
			return
		}
	}
	t.Errorf("no related information points at the first acquire, %s:%d (related: %q)", e2eFile, s.heldLine, related)
}

// isExpected tells whether f is the report the marker line asks for.
func (s *e2eSetup) isExpected(f finding) bool {
	return f.analyzer == "nestedacquire" && s.sameFile(f.file) && f.line == s.wantLine
}

// isPrintf tells whether a finding is the vet suite's printf report.
func (s *e2eSetup) isPrintf(analyzer, file string, line int) bool {
	return (analyzer == "printf" || analyzer == "") && s.sameAs(file, filepath.Join(s.dir, e2ePrintfFile)) && line == s.printfLine
}

// sameFile tells whether name is the testdata file, however it is spelled.
func (s *e2eSetup) sameFile(name string) bool { return s.sameAs(name, s.file) }

func (s *e2eSetup) sameAs(name, file string) bool {
	if !filepath.IsAbs(name) {
		name = filepath.Join(s.dir, name)
	}
	a, err1 := os.Stat(name)
	b, err2 := os.Stat(file)
	return err1 == nil && err2 == nil && os.SameFile(a, b)
}

// checkText asserts that plain-text output reports the double lock at the
// marker line, the printf bug when the vet suite runs, and nothing else.
func (s *e2eSetup) checkText(t *testing.T, stderr []byte, vetSuite bool) {
	t.Helper()
	want := fmt.Sprintf("%s:%d:", e2eFile, s.wantLine)
	wantPrintf := fmt.Sprintf("%s:%d:", e2ePrintfFile, s.printfLine)
	found, foundPrintf := false, false
	sc := bufio.NewScanner(bytes.NewReader(stderr))
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue // go vet's "# package" headers
		}
		if strings.Contains(line, ": \t") || strings.HasPrefix(line, "\t") {
			continue // related information: go vet prints "posn: \tmessage", standalone "\tposn: message"
		}
		if strings.Contains(line, want) && strings.Contains(line, "already held") && strings.Contains(line, "s.mu") {
			found = true
			continue
		}
		if vetSuite && strings.Contains(line, wantPrintf) && strings.Contains(line, "wrong type") {
			foundPrintf = true
			continue
		}
		t.Errorf("unexpected output line: %s", line)
	}
	if vetSuite && !foundPrintf {
		t.Errorf("output does not report the printf bug at %q:\n%s", wantPrintf, stderr)
	}
	if !found {
		t.Errorf("output does not report %q with \"already held\" and \"s.mu\":\n%s", want, stderr)
	}
}

// markerLine returns the line of file that holds marker; there must be
// exactly one.
func markerLine(t *testing.T, file, marker string) int {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	line := 0
	for i, text := range strings.Split(string(data), "\n") {
		if strings.Contains(text, marker) {
			if line != 0 {
				t.Fatalf("%s: marker %q appears on lines %d and %d, want once", file, marker, line, i+1)
			}
			line = i + 1
		}
	}
	if line == 0 {
		t.Fatalf("%s: marker %q not found", file, marker)
	}
	return line
}

// funcLines returns the first and last line of each named function
// declared in file; each must exist.
func funcLines(t *testing.T, file string, names []string) map[string][2]int {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	lines := make(map[string][2]int)
	for _, decl := range f.Decls {
		if fd, ok := decl.(*ast.FuncDecl); ok {
			lines[fd.Name.Name] = [2]int{fset.Position(fd.Pos()).Line, fset.Position(fd.End()).Line}
		}
	}
	out := make(map[string][2]int)
	for _, name := range names {
		l, ok := lines[name]
		if !ok {
			t.Fatalf("%s: no function %s", file, name)
		}
		out[name] = l
	}
	return out
}

// checkSARIF asserts that a SARIF log describes every gatevet analyzer
// as a rule and holds exactly the nestedacquire result, with the first
// acquire as a related location.
func (s *e2eSetup) checkSARIF(t *testing.T, out []byte) {
	t.Helper()
	type loc struct {
		PhysicalLocation struct {
			ArtifactLocation struct{ URI string }    `json:"artifactLocation"`
			Region           struct{ StartLine int } `json:"region"`
		} `json:"physicalLocation"`
	}
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name  string `json:"name"`
					Rules []struct {
						ID               string                `json:"id"`
						ShortDescription struct{ Text string } `json:"shortDescription"`
						Help             struct{ Text string } `json:"help"`
						HelpURI          string                `json:"helpUri"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID           string                `json:"ruleId"`
				Level            string                `json:"level"`
				Message          struct{ Text string } `json:"message"`
				Locations        []loc                 `json:"locations"`
				RelatedLocations []loc                 `json:"relatedLocations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(out, &log); err != nil {
		t.Fatalf("-f sarif output is not JSON: %v\n%s", err, out)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("SARIF version %q with %d runs, want 2.1.0 with 1", log.Version, len(log.Runs))
	}
	run := log.Runs[0]
	// What code-scanning services need: the driver's name; rules with an
	// id, a short description, help and a help URI; results with a rule,
	// a message and a location with a file and a start line.
	if run.Tool.Driver.Name != "gatevet" {
		t.Errorf("driver name %q, want gatevet", run.Tool.Driver.Name)
	}
	rules := make(map[string]bool)
	for _, r := range run.Tool.Driver.Rules {
		rules[r.ID] = r.Help.Text != "" && r.ShortDescription.Text != "" && strings.HasPrefix(r.HelpURI, "https://")
	}
	for _, name := range []string{"nestedacquire", "bypass", "instancegate", "cancelrelease", "condctx", "directives"} {
		if !rules[name] {
			t.Errorf("no rule with a short description, help text and help URI for %s (rules: %v)", name, rules)
		}
	}
	if len(run.Results) != 1 {
		t.Fatalf("got %d results, want 1:\n%s", len(run.Results), out)
	}
	r := run.Results[0]
	if !strings.HasPrefix(r.Message.Text, "certain: ") || r.Level != "error" {
		t.Errorf("result %q at level %q, want a certain finding at level error", r.Message.Text, r.Level)
	}
	if r.RuleID != "nestedacquire" || len(r.Locations) != 1 || r.Locations[0].PhysicalLocation.Region.StartLine != s.wantLine ||
		r.Locations[0].PhysicalLocation.ArtifactLocation.URI != e2eFile {
		t.Errorf("result %+v, want nestedacquire at %s:%d", r, e2eFile, s.wantLine)
	}
	for _, rel := range r.RelatedLocations {
		if rel.PhysicalLocation.Region.StartLine == s.heldLine {
			return
		}
	}
	t.Errorf("no related location at the first acquire, %s:%d", e2eFile, s.heldLine)
}
