module example.com/bypassdefault

go 1.26.0
