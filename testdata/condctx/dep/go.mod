module example.com/conddep

go 1.26.0
