module example.com/condloop

go 1.26.0
