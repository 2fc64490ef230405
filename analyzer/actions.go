package analyzer

// checkResults runs the actions and content checks.
func checkResults(pc *passCtx, d *discovery) {}

type handlerFact struct{}

func (*handlerFact) AFact()         {}
func (*handlerFact) String() string { return "handlesResult" }
