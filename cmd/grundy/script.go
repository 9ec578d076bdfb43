package main

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"

	"github.com/chzyer/readline"
	"github.com/nimbers/grundy/script"
	"golang.org/x/term"
)

// maxScript bounds the bytes of a script read.
const maxScript = 1 << 22

func scriptCommands() []area {
	limits := "a script past --budget or --max-memory stops with an error naming its line"
	flags := []flag{
		budgetOf("steps", script.DefaultSteps, "the steps of the interpreter and the positions the engines expand together"),
		memoryOf(script.DefaultMemory, "the bytes the script may hold"),
	}
	return []area{
		{name: "script", summary: "run a Starlark script with games, rulesets and the toolbox (docs/script.md)",
			usage: "[FILE.star]", run: runScript, flags: flags,
			example: `echo 'r = ruleset("clobber"); print(r("xoxo"), game("{0|*}") + game("*"))' | grundy script`,
			more: []string{
				"FILE (or stdin): Python-like Starlark; game, ruleset, table, nimber, misere and loopy are built in; ruleset(\"name\", moves=f) or (\"name\", left=f, right=g) defines a ruleset",
				limits,
				"errors name FILE:LINE:COL; --json prints {\"output\": [printed lines], \"globals\": {name: value}}",
			}},
		{name: "repl", summary: "type Starlark lines with games and rulesets and see their values",
			usage: "", run: runRepl, flags: flags,
			example: `printf 'g = game("{2|-1}")\ng.temperature()\n' | grundy repl`,
			more: []string{
				"an expression prints its value; --json prints {\"entries\": [{input, output, value, error}]}; line editing and history (~/.grundy_history) on a terminal; Ctrl-D ends, Ctrl-C clears the line or stops the entry being computed",
				"--budget and --max-memory bound each entry as they bound a script; an entry past --max-memory starts the session again",
			}},
	}
}

// scriptOptions returns the options of --budget and --max-memory.
func scriptOptions(e *env) *script.Options {
	return &script.Options{Steps: e.flags.limit("budget"), Memory: e.flags.limit("max-memory")}
}

func runScript(e *env, args []string) error {
	var name string
	src, err := readInput(e, args, func(r io.Reader, n string) ([]byte, error) {
		name = n
		src, err := io.ReadAll(io.LimitReader(r, maxScript+1))
		if err == nil && len(src) > maxScript {
			return nil, fmt.Errorf("%s: longer than %d bytes", n, maxScript)
		} else if err != nil {
			return nil, fmt.Errorf("%s: %v", n, err)
		}
		return src, nil
	})
	if err != nil {
		return err
	}
	opt := scriptOptions(e)
	if !e.json {
		opt.Print = func(line string) { fmt.Fprintln(e.out, line) }
	}
	res, err := script.Run(e.ctx, opt, name, src)
	if err != nil {
		return limitError(err)
	}
	return e.emit(res, func() {})
}

// runRepl runs a session of the lines of stdin: through readline, with a
// prompt and history, on a terminal. Without --json it prints each
// entry's output and value as it goes, and its error on stderr.
func runRepl(e *env, args []string) error {
	if len(args) != 0 {
		return errOperands("no operands", len(args))
	}
	opt, out := scriptOptions(e), e.out
	entries := []script.Entry{}
	var intr chan os.Signal
	if !e.json {
		out = e.commit()
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
	err = script.Repl(e.ctx, opt, read, intr, func(en *script.Entry, err error) error {
		if err != nil {
			msg := limitError(err).Error()
			en.Error = &msg
		}
		switch {
		case e.json:
			entries = append(entries, *en)
		case err != nil:
			out.Flush()
			fmt.Fprintf(e.stderr, "grundy: %s\n", oneLine(*en.Error))
		case en.Value != nil:
			fmt.Fprintln(out, *en.Value)
		}
		return out.Flush()
	})
	if err != nil {
		return err
	}
	return e.emit(struct {
		Entries []script.Entry `json:"entries"`
	}{entries}, func() {})
}

// replReader returns the function that reads a line of the session:
// through readline on a terminal without --json, and plainly otherwise.
func replReader(e *env) (func(more bool) (string, error), func(), error) {
	f, ok := e.stdin.(*os.File)
	if !ok || e.json || !term.IsTerminal(int(f.Fd())) {
		sc := bufio.NewScanner(e.stdin)
		sc.Buffer(nil, maxScript)
		return func(bool) (string, error) {
			if !sc.Scan() {
				return "", cmp.Or(sc.Err(), io.EOF)
			}
			return sc.Text(), nil
		}, func() {}, nil
	}
	history := ""
	if home, err := os.UserHomeDir(); err == nil {
		history = filepath.Join(home, ".grundy_history")
	}
	rl, err := readline.NewEx(&readline.Config{Prompt: ">>> ", HistoryFile: history, Stdin: f, Stdout: e.stdout, Stderr: e.stderr})
	if err != nil {
		return nil, nil, err
	}
	fmt.Fprintln(e.stdout, `grundy repl: Starlark with games and rulesets (docs/script.md); Ctrl-D ends`)
	return func(more bool) (string, error) {
		rl.SetPrompt(map[bool]string{false: ">>> ", true: "... "}[more])
		line, err := rl.Readline()
		if errors.Is(err, readline.ErrInterrupt) {
			return "", context.Canceled // Ctrl-C clears the entry
		}
		return line, err
	}, func() { rl.Close() }, nil
}
