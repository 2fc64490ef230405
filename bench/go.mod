module github.com/elicitlint/elicitlint/bench

go 1.26.0
