module example.com/permitdep

go 1.26.0
