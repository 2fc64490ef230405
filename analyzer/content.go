package analyzer

func checkContent(pc *passCtx, d *discovery) {}
