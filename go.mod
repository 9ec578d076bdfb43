module grundy

go 1.26.8
