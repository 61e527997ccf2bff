package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestGraph draws the lock graph of testdata/lockorder's declared
// packages: every edge once with its sites, the reversed pairs and the
// acquires against the declared order marked, as JSON and as DOT.
func TestGraph(t *testing.T) {
	t.Chdir(filepath.Join("..", "..", "testdata", "lockorder"))
	var out, errs bytes.Buffer
	if code := graphCommand([]string{"-f", "json", "./declared", "./declareduse"}, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	var g struct {
		Nodes []struct{ ID, Label string }
		Edges []struct {
			From, To string
			Sites    int
			Example  string
			Reversed bool
			Against  string
		}
	}
	if err := json.Unmarshal(out.Bytes(), &g); err != nil {
		t.Fatal(err)
	}
	const pkg = "example.com/lockorder/declared"
	hub, member, journal := pkg+".Hub.mu", pkg+".Member.mu", "g:"+pkg+".journalMu"
	edges := make(map[[2]string]int)
	for i, e := range g.Edges {
		edges[[2]string{e.From, e.To}] = i
	}
	check := func(from, to string, sites int, reversed, against bool) {
		t.Helper()
		i, ok := edges[[2]string{from, to}]
		if !ok {
			t.Errorf("no edge %s -> %s in %s", from, to, out.String())
			return
		}
		e := g.Edges[i]
		if e.Sites != sites || e.Reversed != reversed || (e.Against != "") != against || e.Example == "" {
			t.Errorf("edge %s -> %s: %+v, want %d sites, reversed %v, against %v", from, to, e, sites, reversed, against)
		}
	}
	check(hub, member, 1, true, false)
	check(member, hub, 1, true, true)
	check(member, journal, 2, true, false)
	check(journal, hub, 1, true, true)
	var dot bytes.Buffer
	if code := graphCommand([]string{"./declared"}, &dot, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	for _, want := range []string{"digraph locks {", `label="declared.Hub.mu"`, "color=red", `xlabel="against Hub.mu < Member.mu < journalMu`} {
		if !strings.Contains(dot.String(), want) {
			t.Errorf("dot output lacks %q:\n%s", want, dot.String())
		}
	}
}
