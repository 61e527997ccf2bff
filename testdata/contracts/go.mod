module example.com/contracts

go 1.24
