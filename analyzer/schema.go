package analyzer

// checkSchemas runs the nested, schema and sensitive checks on every
// requested schema that can be read statically.
func checkSchemas(pc *passCtx, d *discovery) {}
