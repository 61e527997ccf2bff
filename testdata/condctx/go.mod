module example.com/condctx

go 1.26.0

require golang.org/x/sync v0.25.0

require example.com/conddep v0.0.0

replace example.com/conddep => ./dep
