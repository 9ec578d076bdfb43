package main

import (
	"bufio"
	"bytes"
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

// scriptOptions reads --budget and --max-memory.
func scriptOptions(e *env, args []string) ([]string, *script.Options, error) {
	return args, &script.Options{Steps: e.flags.limit("budget"), Memory: e.flags.limit("max-memory")}, nil
}

func runScript(e *env, args []string) error {
	pos, opt, err := scriptOptions(e, args)
	if err != nil {
		return err
	}
	r, name, done, err := openInput(e, pos)
	if err != nil {
		return err
	}
	defer done()
	src, err := io.ReadAll(io.LimitReader(r, maxScript+1))
	if err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	if len(src) > maxScript {
		return fmt.Errorf("%s: longer than %d bytes", name, maxScript)
	}
	var lines []string
	opt.Print = func(line string) {
		if e.json {
			lines = append(lines, line)
		} else {
			fmt.Fprintln(e.out, line)
		}
	}
	sb := script.NewSandbox(opt)
	defer sb.Close()
	globals, err := sb.Exec(e.ctx, name, src)
	if err != nil {
		return limitError(err)
	}
	if lines == nil {
		lines = []string{}
	}
	return e.emit(struct {
		Output  []string      `json:"output"`
		Globals script.Object `json:"globals"`
	}{lines, globals}, func() {})
}

func runRepl(e *env, args []string) error {
	pos, opt, err := scriptOptions(e, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return errOperands("no operands", len(pos))
	}
	if e.json {
		return replJSON(e, opt)
	}
	out := e.commit()
	opt.Print = func(line string) { fmt.Fprintln(out, line) }
	s := script.NewSandbox(opt)
	defer s.Close()
	read, closeRead, err := replReader(e)
	if err != nil {
		return err
	}
	defer closeRead()
	// Ctrl-C stops the entry being computed, not grundy: the session
	// takes SIGINT from main's handler for good.
	intr := make(chan os.Signal, 1)
	signal.Reset(os.Interrupt)
	signal.Notify(intr, os.Interrupt)
	defer signal.Stop(intr)
	for {
		first := true
		chunk, err := script.ReadChunk(func() ([]byte, error) {
			line, err := read(first)
			first = false
			if err != nil {
				return nil, err
			}
			return []byte(line + "\n"), nil
		})
		eof := err == io.EOF
		switch {
		case errors.Is(err, readline.ErrInterrupt):
			continue
		case err != nil && !eof:
			return err
		case eof && len(bytes.TrimSpace(chunk)) == 0:
			return out.Flush()
		}
		v, ok, err := evalEntry(e.ctx, s, chunk, intr)
		if e.ctx.Err() != nil {
			return e.ctx.Err()
		}
		if err != nil {
			out.Flush()
			fmt.Fprintf(e.stderr, "grundy: %s\n", oneLine(limitError(err).Error()))
		} else if ok {
			fmt.Fprintln(out, v)
		}
		if err := out.Flush(); err != nil {
			return err
		}
		if eof {
			return nil
		}
	}
}

// evalEntry evaluates an entry of the session, stopped by a signal on
// intr as by the cancellation of ctx.
func evalEntry(ctx context.Context, s *script.Sandbox, chunk []byte, intr <-chan os.Signal) (string, bool, error) {
	run, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-intr:
			cancel()
		case <-done:
		}
	}()
	return s.Eval(run, "<stdin>", chunk)
}

// replReader returns the function that reads a line of the session:
// through readline on a terminal, with a prompt and history, and plainly
// otherwise.
func replReader(e *env) (func(first bool) (string, error), func(), error) {
	f, ok := e.stdin.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		sc := bufio.NewScanner(e.stdin)
		sc.Buffer(nil, maxScript)
		return func(bool) (string, error) {
			if !sc.Scan() {
				if err := sc.Err(); err != nil {
					return "", err
				}
				return "", io.EOF
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
	return func(first bool) (string, error) {
		if first {
			rl.SetPrompt(">>> ")
		} else {
			rl.SetPrompt("... ")
		}
		return rl.Readline()
	}, func() { rl.Close() }, nil
}

// replEntry is an entry of the session in the JSON of repl --json.
type replEntry struct {
	Input  string   `json:"input"`
	Output []string `json:"output"`
	Value  *string  `json:"value"`
	Error  *string  `json:"error"`
}

// replJSON runs the entries of standard input and prints one JSON
// document: each entry with the lines it printed, its value (an
// expression's) or its error.
func replJSON(e *env, opt *script.Options) error {
	var entry *replEntry
	opt.Print = func(line string) { entry.Output = append(entry.Output, line) }
	s := script.NewSandbox(opt)
	defer s.Close()
	sc := bufio.NewScanner(e.stdin)
	sc.Buffer(nil, maxScript)
	entries := []replEntry{}
	for {
		chunk, err := script.ReadChunk(func() ([]byte, error) {
			if !sc.Scan() {
				if err := sc.Err(); err != nil {
					return nil, err
				}
				return nil, io.EOF
			}
			return append(sc.Bytes(), '\n'), nil
		})
		if err != nil && err != io.EOF {
			return err
		}
		if len(bytes.TrimSpace(chunk)) > 0 {
			entry = &replEntry{Input: string(chunk), Output: []string{}}
			v, ok, evalErr := s.Eval(e.ctx, "<stdin>", chunk)
			if e.ctx.Err() != nil {
				return e.ctx.Err()
			}
			if evalErr != nil {
				msg := limitError(evalErr).Error()
				entry.Error = &msg
			} else if ok {
				entry.Value = &v
			}
			entries = append(entries, *entry)
		}
		if err == io.EOF {
			break
		}
	}
	return e.emit(struct {
		Entries []replEntry `json:"entries"`
	}{entries}, func() {})
}
