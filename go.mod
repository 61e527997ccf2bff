module github.com/gatevet/gatevet

go 1.26.0

require (
	github.com/golangci/plugin-module-register v0.1.2
	golang.org/x/sync v0.25.0
	golang.org/x/tools v0.52.0
)

require golang.org/x/mod v0.42.0 // indirect
