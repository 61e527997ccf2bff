package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis"
	"honnef.co/go/tools/sarif"
)

// homepage is gatevet's home, the SARIF driver's informationUri.
const homepage = "https://github.com/gatevet/gatevet"

// withSARIF runs lint, which writes a SARIF log on stdout (lintcmd's -f
// sarif), and writes the log patched for gatevet: lintcmd points every
// rule's helpUri at staticcheck's website, which has no page for
// gatevet's analyzers, and gives every result its rule's level. The
// rules' help URIs become the analyzers' pages, the driver gets gatevet's
// homepage, and a latent finding (one that needs another goroutine to
// interleave) the level "warning", a certain one "error".
func withSARIF(analyzers []*analysis.Analyzer, lint func() int) int {
	r, w, err := os.Pipe()
	if err != nil {
		fmt.Fprintf(os.Stderr, "gatevet: %v\n", err)
		return 1
	}
	stdout := os.Stdout
	os.Stdout = w
	out := make(chan []byte)
	go func() {
		data, _ := io.ReadAll(r)
		out <- data
	}()
	code := lint()
	os.Stdout = stdout
	w.Close()
	data := <-out
	if err := patchSARIF(os.Stdout, data, analyzers); err != nil {
		fmt.Fprintf(os.Stderr, "gatevet: reading lintcmd's SARIF log: %v\n", err)
		os.Stdout.Write(data)
		return 1
	}
	return code
}

// patchSARIF writes the SARIF log data to w with gatevet's help URIs and
// levels (see withSARIF). Empty data (lintcmd stopped before it wrote a
// log) is written as is.
func patchSARIF(w io.Writer, data []byte, analyzers []*analysis.Analyzer) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil
	}
	var log sarif.Log
	if err := json.Unmarshal(data, &log); err != nil {
		return err
	}
	urls := make(map[string]string)
	for _, a := range analyzers {
		urls[a.Name] = a.URL
	}
	for i := range log.Runs {
		run := &log.Runs[i]
		run.Tool.Driver.InformationURI = homepage
		for j := range run.Tool.Driver.Rules {
			rule := &run.Tool.Driver.Rules[j]
			rule.HelpURI = urls[rule.ID]
		}
		for j := range run.Results {
			res := &run.Results[j]
			if _, ok := urls[res.RuleID]; !ok {
				continue // lintcmd's own, as "compile"
			}
			res.Level = "error"
			if strings.HasPrefix(res.Message.Text, "latent: ") {
				res.Level = "warning"
			}
		}
	}
	return json.NewEncoder(w).Encode(log)
}
