// Command gendocs writes gatevet's generated documentation from its
// analyzers' docs: docs/analyzers/NAME.md for each analyzer of
// passes/all, and the analyzer table of README.md (see internal/docgen).
// It removes generated pages of analyzers that are gone. go generate runs
// it from passes/all:
//
//	go generate ./...
package main

import (
	"bytes"
	"flag"
	"log"
	"os"
	"path/filepath"

	"github.com/gatevet/gatevet/internal/docgen"
	"github.com/gatevet/gatevet/passes/all"
)

func main() {
	root := flag.String("root", ".", "the repository's root directory")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("gendocs: ")
	files, err := docgen.Files(*root, all.Analyzers())
	if err != nil {
		log.Fatal(err)
	}
	for path, data := range files {
		name := filepath.Join(*root, filepath.FromSlash(path))
		if data == nil {
			if err := os.Remove(name); err != nil {
				log.Fatal(err)
			}
			continue
		}
		if old, err := os.ReadFile(name); err == nil && bytes.Equal(old, data) {
			continue
		}
		if err := os.WriteFile(name, data, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}
