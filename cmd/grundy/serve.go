package main

import (
	"fmt"
	"net"

	"github.com/nimbers/grundy/web"
)

func serveCommand() area {
	return area{name: "serve", summary: "the playground: a page with a nimber calculator, the nim-product table, Grundy-sequence plots and games against a perfect opponent; grundy serve [--addr HOST:PORT] (default 127.0.0.1:8080)",
		run: runServe, example: "grundy serve --addr 127.0.0.1:8080",
		more: []string{"the JSON endpoints the page uses are listed in the README; requests over their limits get 400 or 413"}}
}

func runServe(e *env, args []string) error {
	if e.json {
		return errNoJSON
	}
	pos, vals, _, err := flagArgs(args, []string{"addr"}, nil)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return errOperands("no operands", len(pos))
	}
	addr := "127.0.0.1:8080"
	if a, ok := vals["addr"]; ok {
		addr = a
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("--addr %q: %v", addr, err)
	}
	fmt.Fprintf(e.stderr, "grundy: serving the playground at http://%s/ (Ctrl-C stops)\n", ln.Addr())
	e.commit()
	return web.Server(addr).Serve(ln)
}
