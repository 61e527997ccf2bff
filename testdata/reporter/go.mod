module example.com/reporter

go 1.26.0
