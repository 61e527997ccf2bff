module example.com/gcl

go 1.26.0
