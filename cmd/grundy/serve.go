package main

import (
	"fmt"
	"net"

	"github.com/nimbers/grundy/internal/cli"
	"github.com/nimbers/grundy/web"
)

func serveCommand() cli.Command {
	return cli.Command{Name: "serve", Run: runServe, Flags: []cli.Flag{{Name: "addr", Arg: "HOST:PORT", Kind: cli.Text, Help: "the address to serve at"}}}
}

func runServe(e *cli.Env, args []string) error {
	if e.JSON {
		return cli.ErrNoJSON
	}
	if len(args) != 0 {
		return cli.WantOperands("no operands", len(args))
	}
	addr := "127.0.0.1:8080"
	if e.Flags.Has("addr") {
		addr = e.Flags.Text("addr")
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("--addr %q: %v", addr, err)
	}
	fmt.Fprintf(e.Stderr, "grundy: serving the playground at http://%s/ (Ctrl-C stops)\n", ln.Addr())
	e.Commit()
	return web.Server(addr).Serve(ln)
}
