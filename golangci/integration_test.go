package golangci

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestGolangciLint builds golangci-lint v2.15.0 with the plugin the way
// golangci-lint custom would (a main of its own calling pkg/commands,
// with this package blank-imported), resolved through the module proxy
// since golangci-lint custom git-clones, then lints testdata/golangci.
// It also checks //gatevet:ignore under golangci-lint: a used one
// suppresses, an unused one is reported; and that the directives
// analyzer runs. It takes minutes: set GATEVET_GOLANGCI=1 to run it
// (.ci/run does).
func TestGolangciLint(t *testing.T) {
	if os.Getenv("GATEVET_GOLANGCI") == "" {
		t.Skip("set GATEVET_GOLANGCI=1 to build a custom golangci-lint with the plugin (takes minutes)")
	}
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(work, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/customgcl\n\ngo 1.26.0\n\n"+
		"require (\n\tgithub.com/golangci/golangci-lint/v2 v2.15.0\n\tgithub.com/gatevet/gatevet v0.0.0\n)\n\n"+
		"replace github.com/gatevet/gatevet => "+repo+"\n")
	write("main.go", `// Command customgcl is golangci-lint with the gatevet plugin.
package main

import (
	"fmt"
	"os"

	"github.com/golangci/golangci-lint/v2/pkg/commands"

	_ "github.com/gatevet/gatevet/golangci"
)

func main() {
	if err := commands.Execute(commands.BuildInfo{Version: "2.15.0-gatevet"}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
}
`)
	env := append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	run := func(dir, name string, args ...string) (string, int) {
		cmd := exec.CommandContext(t.Context(), name, args...)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatalf("%s %v: %v\n%s", name, args, err, out)
		}
		t.Logf("%s %s: exit %d\n%s", name, strings.Join(args, " "), code, out)
		return string(out), code
	}
	if out, code := run(work, "go", "mod", "tidy"); code != 0 {
		t.Fatalf("go mod tidy: exit %d\n%s", code, out)
	}
	gcl := filepath.Join(work, "customgcl")
	if out, code := run(work, "go", "build", "-o", gcl, "."); code != 0 {
		t.Fatalf("go build: exit %d\n%s", code, out)
	}
	mod := filepath.Join(repo, "testdata", "golangci")
	out, code := run(mod, gcl, "run", "./...")
	if code != 1 {
		t.Errorf("golangci-lint run exited %d, want 1 (issues found)", code)
	}
	src, err := os.ReadFile(filepath.Join(mod, "counter.go"))
	if err != nil {
		t.Fatal(err)
	}
	report, nolint := markerLine(string(src), "// gcl:report"), markerLine(string(src), "// gcl:nolint")
	if !strings.Contains(out, "counter.go:"+report+":") || !strings.Contains(out, "(gatevet)") {
		t.Errorf("the double lock at counter.go:%s is not reported by gatevet:\n%s", report, out)
	}
	if strings.Contains(out, "counter.go:"+nolint+":") {
		t.Errorf("counter.go:%s is reported despite //nolint:gatevet:\n%s", nolint, out)
	}
	if ignored := markerLine(string(src), "// gcl:ignored"); strings.Contains(out, "counter.go:"+ignored+":") {
		t.Errorf("counter.go:%s is reported despite //gatevet:ignore:\n%s", ignored, out)
	}
	if stale := markerLine(string(src), "// gcl:stale"); !strings.Contains(out, "counter.go:"+stale+":") || !strings.Contains(out, "suppresses nothing") {
		t.Errorf("the unused //gatevet:ignore at counter.go:%s is not reported:\n%s", stale, out)
	}
	if bad := markerLine(string(src), "// gcl:directive"); !strings.Contains(out, "counter.go:"+bad+":") || !strings.Contains(out, "guardedby mux: not a gate") {
		t.Errorf("the guardedby naming no gate at counter.go:%s is not reported:\n%s", bad, out)
	}
}

// markerLine returns the line number, as text, of the line holding marker.
func markerLine(src, marker string) string {
	for i, line := range strings.Split(src, "\n") {
		if strings.Contains(line, marker) {
			return strconv.Itoa(i + 1)
		}
	}
	return "?"
}
