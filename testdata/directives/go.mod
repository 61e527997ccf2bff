module example.com/directives

go 1.26.0
