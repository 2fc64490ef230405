module rtproof/proof

go 1.26.0
