// Command stdio runs one of the module's legacy servers over stdio, for
// desktop clients: golegacy by default, mglegacy with -mark.
package main

import (
	"context"
	"flag"
	"log"

	"example.com/ns23/serverless/golegacy"
	"example.com/ns23/serverless/mglegacy"
)

func main() {
	mark := flag.Bool("mark", false, "serve the mcp-go server")
	flag.Parse()
	if *mark {
		if err := mglegacy.Run(mglegacy.ConfigFromEnv()); err != nil {
			log.Fatal(err)
		}
		return
	}
	cfg := golegacy.ConfigFromEnv()
	cfg.Stdio = true
	if err := golegacy.Serve(context.Background(), cfg); err != nil {
		log.Fatal(err)
	}
}
