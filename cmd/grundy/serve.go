package main

import (
	"fmt"
	"net"

	"github.com/nimbers/grundy/web"
)

func serveCommand() area {
	return area{name: "serve", summary: "the playground in a browser: calculator, tables, games to play",
		run: runServe, flags: []flag{{name: "addr", arg: "HOST:PORT", kind: textFlag, help: "the address to serve at"}}, example: "grundy serve --addr 127.0.0.1:8080",
		more: []string{"serves http://127.0.0.1:8080/ by default; docs/http-api.md lists its JSON endpoints"}}
}

func runServe(e *env, args []string) error {
	if e.json {
		return errNoJSON
	}
	if len(args) != 0 {
		return errOperands("no operands", len(args))
	}
	addr := "127.0.0.1:8080"
	if e.flags.has("addr") {
		addr = e.flags.text("addr")
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("--addr %q: %v", addr, err)
	}
	fmt.Fprintf(e.stderr, "grundy: serving the playground at http://%s/ (Ctrl-C stops)\n", ln.Addr())
	e.commit()
	return web.Server(addr).Serve(ln)
}
