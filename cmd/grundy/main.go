// Command grundy computes with nimbers and impartial games.
//
// Usage:
//
//	grundy <area> <verb> [operands] [flags]
//
// Run "grundy --help" for the areas and "grundy <area> --help" for their
// verbs. Results go to standard output, one per line. A bad operand or
// input file makes grundy exit with status 2 after one line on standard
// error naming the problem, with nothing on standard output.
package main

import (
	"context"
	_ "embed"
	"io"

	"github.com/nimbers/grundy/internal/cli"
	"github.com/nimbers/grundy/script"
)

// version is the release of the command, printed by "grundy version".
const version = "0.1.0"

func main() {
	script.ServeChild()
	cli.Main(program)
}

// program is the grundy command line.
var program = &cli.Program{
	Name:    "grundy",
	Title:   "grundy: nimbers, impartial games and partizan games",
	Version: version,
	Areas:   areas,
	Notes: []string{
		"Numbers are decimal or 0x-hex. --json prints one JSON document (docs/cli.md).",
		"Bad input exits with status 2 and one line on stderr.",
	},
	Example: "grundy nim mul 8 8",
	Help:    helpText,
}

// helpText is the help of the areas and verbs (cli.ReadHelp).
//
//go:embed help.txt
var helpText string

// areas lists every area of the command line, in help order.
func areas() []cli.Command {
	as := []cli.Command{nimArea(), polyArea(), spsArea()}
	as = append(as, gameCommands()...)
	as = append(as, rulesetCommands()...)
	as = append(as, turningCommands()...)
	as = append(as, graphCommands()...)
	as = append(as, scriptCommands()...)
	return append(as, cgtArea(), misereArea(), stopperArea(), domineeringCommand(), loopyCommand(), serveCommand())
}

// run runs the command line Args: the exit status, as the process exits.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return program.Run(ctx, args, stdin, stdout, stderr)
}
