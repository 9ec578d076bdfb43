package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"

	"github.com/chzyer/readline"
	"github.com/nimbers/grundy/internal/cli"
	"github.com/nimbers/grundy/script"
	"golang.org/x/term"
)

func scriptCommands() []cli.Command {
	limits := "a script past --budget or --max-memory stops with an error naming its line"
	flags := []cli.Flag{
		cli.BudgetFlag("steps", script.DefaultSteps, "the steps of the interpreter and the positions the engines expand together"),
		cli.MemoryFlag(script.DefaultMemory, "the bytes the script may hold"),
	}
	return []cli.Command{
		{Name: "script", Run: runScript, Flags: flags, More: []string{
			"FILE (or stdin): Python-like Starlark; game, ruleset, table, nimber, misere and loopy are built in; ruleset(\"name\", moves=f) or (\"name\", left=f, right=g) defines a ruleset",
			limits,
			"errors name FILE:LINE:COL; --json prints {\"output\": [printed lines], \"globals\": {name: value}}",
		}},
		{Name: "repl", Run: runRepl, Flags: flags},
	}
}

// scriptOptions returns the options of --budget and --max-memory.
func scriptOptions(e *cli.Env) *script.Options {
	return &script.Options{Steps: e.Flags.Limit("budget"), Memory: e.Flags.Limit("max-memory")}
}

func runScript(e *cli.Env, args []string) error {
	opt := scriptOptions(e)
	if !e.JSON {
		opt.Print = func(line string) { fmt.Fprintln(e.Out, line) }
	}
	res, err := readInput(e, args, func(r io.Reader, name string) (*script.Result, error) {
		return script.RunReader(e.Ctx, opt, name, r)
	})
	if err != nil {
		return cli.LimitError(err)
	}
	return e.Emit(res, func() {})
}

// runRepl runs a session of the lines of stdin: through readline, with a
// prompt and history, on a terminal. Without --json it prints each
// entry's output and value as it goes, and its error on stderr.
func runRepl(e *cli.Env, args []string) error {
	if len(args) != 0 {
		return cli.WantOperands("no operands", len(args))
	}
	opt, out := scriptOptions(e), e.Out
	entries := []script.Entry{}
	var intr chan os.Signal
	if !e.JSON {
		out = e.Commit()
		opt.Print = func(line string) { fmt.Fprintln(out, line) }
		// Ctrl-C stops the entry being computed, not grundy: the session
		// takes SIGINT from main's handler for good.
		intr = make(chan os.Signal, 1)
		signal.Reset(os.Interrupt)
		signal.Notify(intr, os.Interrupt)
		defer signal.Stop(intr)
	}
	read, closeRead, err := replReader(e)
	if err != nil {
		return err
	}
	defer closeRead()
	err = script.Repl(e.Ctx, opt, read, intr, func(en *script.Entry, err error) error {
		if err != nil {
			msg := cli.LimitError(err).Error()
			en.Error = &msg
		}
		switch {
		case e.JSON:
			entries = append(entries, *en)
		case err != nil:
			out.Flush()
			fmt.Fprintf(e.Stderr, "grundy: %s\n", cli.OneLine(*en.Error))
		case en.Value != nil:
			fmt.Fprintln(out, *en.Value)
		}
		return out.Flush()
	})
	if err != nil {
		return err
	}
	return e.Emit(struct {
		Entries []script.Entry `json:"entries"`
	}{entries}, func() {})
}

// replReader returns the function that reads a line of the session:
// through readline on a terminal without --json, and plainly otherwise.
func replReader(e *cli.Env) (func(more bool) (string, error), func(), error) {
	f, ok := e.Stdin.(*os.File)
	if !ok || e.JSON || !term.IsTerminal(int(f.Fd())) {
		return script.LineReader(e.Stdin), func() {}, nil
	}
	history := ""
	if home, err := os.UserHomeDir(); err == nil {
		history = filepath.Join(home, ".grundy_history")
	}
	rl, err := readline.NewEx(&readline.Config{Prompt: ">>> ", HistoryFile: history, Stdin: f, Stdout: e.Stdout, Stderr: e.Stderr})
	if err != nil {
		return nil, nil, err
	}
	fmt.Fprintln(e.Stdout, `grundy repl: Starlark with games and rulesets (docs/script.md); Ctrl-D ends`)
	return func(more bool) (string, error) {
		rl.SetPrompt(map[bool]string{false: ">>> ", true: "... "}[more])
		line, err := rl.Readline()
		if errors.Is(err, readline.ErrInterrupt) {
			return "", context.Canceled // Ctrl-C clears the entry
		}
		return line, err
	}, func() { rl.Close() }, nil
}
