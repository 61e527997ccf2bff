package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestAnnotate prints the contracts gatevet infers for
// testdata/contracts/infer: holds on putLocked, whose every call holds
// c.mu, guardedby on size, used under c.mu everywhere, acquires on lock
// and releases on unlock, and none of the near misses (hit, trace,
// flushLocked); the diff applies with git apply.
func TestAnnotate(t *testing.T) {
	t.Chdir(filepath.Join("..", "..", "testdata", "contracts"))
	var out, errs bytes.Buffer
	if code := annotateCommand([]string{"./infer"}, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	want := `--- a/infer/infer.go
+++ b/infer/infer.go
@@ -9,11 +9,14 @@
 type Cache struct {
 	mu    sync.Mutex
 	items map[string]int
+	//gatevet:guardedby mu
 	size  int
 	hits  int
 }
 
 // putLocked stores an item; every call holds c.mu: annotated.
+//
+//gatevet:holds c.mu
 func (c *Cache) putLocked(k string, v int) { c.items[k] = v }
 
 func (c *Cache) hit() { c.hits++ }
@@ -64,10 +67,14 @@
 
 // lock takes c.mu for its callers, which release it: annotated as an
 // acquire helper.
+//
+//gatevet:acquires c.mu
 func (c *Cache) lock() { c.mu.Lock() }
 
 // unlock gives back c.mu, which every caller holds: annotated as a
 // release helper.
+//
+//gatevet:releases c.mu
 func (c *Cache) unlock() { c.mu.Unlock() }
 
 // Reset uses both helpers.
`
	if out.String() != want {
		t.Fatalf("got\n%s\nwant\n%s", out.String(), want)
	}
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git to apply the diff with")
	}
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join("infer", "infer.go"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "infer"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "infer", "infer.go"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(git, "apply", "-")
	cmd.Dir, cmd.Stdin = dir, strings.NewReader(out.String())
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git apply: %v: %s", err, b)
	}
	got, err := os.ReadFile(filepath.Join(dir, "infer", "infer.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(got), "//\n//gatevet:holds c.mu\nfunc (c *Cache) putLocked") || !strings.Contains(string(got), "\t//gatevet:guardedby mu\n\tsize") {
		t.Errorf("applied file lacks the contract:\n%s", got)
	}
}

// TestUnifiedInsert checks hunks that meet are merged and that line
// numbers of later hunks count the lines added before them.
func TestUnifiedInsert(t *testing.T) {
	var src []string
	for i := 1; i <= 20; i++ {
		src = append(src, "l"+string(rune('a'+i-1))+"\n")
	}
	got := unifiedInsert("f.go", src, []insertion{{line: 4, lines: []string{"x\n"}}, {line: 6, lines: []string{"y\n"}}, {line: 15, lines: []string{"z\n"}}})
	want := `--- a/f.go
+++ b/f.go
@@ -1,8 +1,10 @@
 la
 lb
 lc
+x
 ld
 le
+y
 lf
 lg
 lh
@@ -12,6 +14,7 @@
 ll
 lm
 ln
+z
 lo
 lp
 lq
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
