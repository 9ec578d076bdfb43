package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/games/heap"
	"github.com/nimbers/grundy/games/letters"
	"github.com/nimbers/grundy/misere"
	"github.com/nimbers/grundy/sg"
)

// maxTerms bounds the number of P-positions wythoff prints.
const maxTerms = 1 << 24

// sequenceFlags are the flags of octal, subtraction and grundys-game.
var sequenceFlags = []flag{
	{name: "n", arg: "N", kind: intFlag, lo: 1, hi: heap.MaxTerms, need: true, help: "print G(0), …, G(N−1) on one line"},
	{name: "period", help: "the period and preperiod, proven when the periodicity theorem applies"},
	{name: "rare", help: "the sparse-space mask that makes the fewest late values sparse, then each sparse heap as \"n G(n)\""},
	{name: "png", arg: "FILE", kind: fileFlag, help: "a bar chart of the values with the period shaded (- for stdout)"},
	budgetOf("option evaluations", heap.DefaultLimit, "option evaluations to spend on a code with no proven period; not with --checkpoint or --resume"),
	memoryOf(budget.DefaultMemory, "bytes the run may take, checked first: 2 a heap with --out and a one-line summary, 11 for a plain run"),
	{name: "out", arg: "FILE", kind: fileFlag, help: "write the values to a values file (read it with grundy values) and print one line"},
	{name: "checkpoint", arg: "FILE", kind: fileFlag, help: "save the run every 2 minutes to FILE and FILE.values"},
	{name: "checkpoint-every", arg: "T", kind: durationFlag, help: "how often a checkpoint is saved, such as 30s"},
	{name: "resume", arg: "FILE", kind: fileFlag, help: "go on from the checkpoint FILE, with the same game and N"},
}

// gameCommands are the areas that are single commands.
func gameCommands() []area {
	return []area{
		{name: "octal", summary: "Grundy values of a take-and-break game (octal or hex code)",
			usage: "CODE", run: runOctal, flags: sequenceFlags,
			example: "grundy octal 0.77 -n 20",
			more:    []string{"codes such as 0.77 (Kayles), 0.07, 0.137, 4.7, hex digits too, and CGSuite's 4!.0 (Grundy's game) and 0.[3]; N ≤ 2^32"}},
		{name: "subtraction", summary: "Grundy values of a subtraction game",
			usage: "SET", run: runSubtraction, flags: sequenceFlags,
			example: "grundy subtraction 1,3,4 -n 14",
			more:    []string{"SET is a list such as 1,3,4, or all-but:1,3 for all-but sets"}},
		{name: "grundys-game", summary: "Grundy's game (split a heap into two unequal heaps)",
			run: runGrundysGame, example: "grundy grundys-game -n 20", flags: sequenceFlags,
			more: []string{"exact sparse space, N ≤ 2^32"}},
		{name: "values", summary: "read a values file written by --out or a checkpoint",
			usage: "FILE", run: runValues, example: "grundy octal 0.6 -n 1010 --out g.values; grundy values g.values --from 1000 --to 1010",
			more: []string{"prints G(A), …, G(B−1) on one line (by default the whole file); --json: {name, from, values}"},
			flags: []flag{
				{name: "from", arg: "A", kind: intFlag, lo: 0, hi: 1 << 62, help: "the first heap printed"},
				{name: "to", arg: "B", kind: intFlag, lo: 1, hi: 1 << 62, def: 1 << 62, help: "the heap after the last printed"},
				{name: "rare", help: "per power of two 2^k, the largest value below 2^k and its first heap, the sparse heaps below 2^k and the last of them, under the mask that makes the fewest heaps of the file sparse"},
				budgetOf("values read", heap.DefaultReadLimit, "the values read, counted from the frames' heads before any is inflated"),
			}},
		{name: "survey", summary: "the values of many games, one JSON line each, shardable",
			usage: "GAME... | @FILE", run: runSurvey,
			example: "grundy survey 0.6 0.14 0.36 -n 100000 --shard 1/2",
			more: []string{
				"GAME: a code such as 0.6, or \"subtraction 1,3,4\", \"grundys-game\"; @FILE: one a line, # comments",
				"each line is written as its game is done: {game, terms, period, preperiod, saltus, proven, max, max_at, mask, sparse, seconds}, or {game, terms, error} when a game is refused for its budget",
			},
			flags: []flag{
				sequenceFlags[0],
				{name: "shard", arg: "I/K", kind: textFlag, help: "only the games whose place in the list (from 0) is I−1 modulo K, for batch schedulers"},
				{name: "resume", arg: "OUT", kind: fileFlag, help: "skip the games of the lines OUT holds, so that a run stopped with Ctrl-C goes on, appending to OUT"},
				budgetOf("option evaluations", heap.DefaultLimit, "the option evaluations of the whole run, shared equally among its games; a run whose games cannot each have one a term and 1e5 is refused"),
				memoryOf(budget.DefaultMemory, "bytes each game may take"),
			}},
		{name: "wythoff", summary: "P-positions of Wythoff's game with parameter k",
			run: runWythoff, example: "grundy wythoff -k 1 -n 5",
			more: []string{"prints the first N P-positions \"a b\"; a move takes from one heap, or x and y from both with |x − y| ≤ K"},
			flags: []flag{
				{name: "k", arg: "K", kind: intFlag, lo: 0, hi: heap.MaxWythoffK, help: "the parameter"},
				{name: "n", arg: "N", kind: intFlag, lo: 1, hi: maxTerms, need: true, help: "the number of P-positions"},
			}},
		{name: "letters", summary: "the 26-letter game: whoever first can spell a word loses",
			usage: "FILE", run: runLetters, example: `printf '1\na\n' | grundy letters /dev/stdin`,
			more: []string{"FILE: n, then n words of a–z; prints \"second\", or \"first\" and the winning first letters"}},
		{name: "sum", summary: "value and winning moves of a sum of games",
			usage: "COMPONENT...", run: runSum,
			example: "grundy sum \"octal 0.77 10\" \"nim 3\"",
			more: []string{
				"components: \"nim H…\", \"octal CODE H…\", \"subtraction SET H…\", \"grundys-game H…\", \"turning RULE HTTH\", \"hackenbush FILE\", \"cointree FILE\", \"leafdel FILE\", \"loopy FILE [START]\", \"loopy subtraction TAKE ADD N H\"",
				"prints the value, then each winning move as \"component: game: heap -> heaps left\" (rows: turn COINS; graphs: cut EDGE; coin trees: turn HEAD DESCENDANTS…; trees: delete LEAVES…)",
			},
			flags: []flag{
				{name: "misere", help: "last mover loses (heap games); prints first or second, then the winning moves found by a search of the sum"},
				{name: "anti-sg", help: "the Anti-SG rule, exact when play ends once every component has value 0"},
				budgetOf("positions", games.SumSearchLimit, "the positions of a misère or loopy search, about a second"),
			}},
	}
}

// tooLarge adds to a *budget.TooLargeError the flag that raises the
// limit, unless the limit is fixed; other errors pass unchanged.
func tooLarge(err error, flag string) error {
	var tl *budget.TooLargeError
	if errors.As(err, &tl) && !tl.Fixed {
		return fmt.Errorf("%w: raise it with %s", err, flag)
	}
	return err
}

// limitError names the flag that raises the limit err ran into:
// --max-memory for bytes, --budget for the rest.
func limitError(err error) error {
	var tl *budget.TooLargeError
	if errors.As(err, &tl) && tl.Unit == "bytes" {
		return tooLarge(err, "--max-memory")
	}
	return tooLarge(err, "--budget")
}

// progress returns a progress reporter drawing a bar on stderr when it is
// a terminal, else nil.
func (e *env) progress(what string) func(done, total int) {
	f, ok := e.stderr.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return e.progressTo(f, what, 100*time.Millisecond)
}

// progressTo returns a reporter drawing a progress bar on w, redrawn at
// most once per throttle, and cleared when done reaches total; a total of
// 0 (not known) draws a spinner with the count. A bar left unfinished is
// cleared before the command's result or error is written.
func (e *env) progressTo(w io.Writer, what string, throttle time.Duration) func(done, total int) {
	var bar *progressbar.ProgressBar
	return func(done, total int) {
		if total <= 0 {
			total = -1
		}
		if bar == nil {
			bar = progressbar.NewOptions64(int64(total),
				progressbar.OptionSetWriter(w),
				progressbar.OptionSetDescription(what),
				progressbar.OptionSetWidth(30),
				progressbar.OptionShowCount(),
				progressbar.OptionShowIts(),
				progressbar.OptionSetPredictTime(true),
				progressbar.OptionThrottle(throttle),
				progressbar.OptionClearOnFinish())
			e.bar = bar
		}
		if int64(total) != bar.GetMax64() {
			bar.ChangeMax64(int64(total))
		}
		bar.Set64(int64(done))
		if total > 0 && done >= total {
			bar.Finish()
			e.bar = nil
		}
	}
}

// writeValues writes a sequence of values on one line, or under --json
// as {"name": name, "values": [...]}, streamed rather than built in memory.
func writeValues(e *env, name string, v []uint64) {
	p := newValuesPrinter(e, name, "")
	p.add(v)
	p.end()
}

// A valuesPrinter writes values on one line as they come, or under
// --json as {"name": name, extra "values": [...]}.
type valuesPrinter struct {
	w     io.Writer
	buf   []byte
	sep   byte
	first bool
	json  bool
}

func newValuesPrinter(e *env, name, extra string) *valuesPrinter {
	p := &valuesPrinter{w: e.commit(), buf: make([]byte, 0, 1<<16), sep: ' ', first: true, json: e.json}
	if e.json {
		q, _ := json.Marshal(name)
		p.buf = append(append(append(append(p.buf, `{"name":`...), q...), extra...), `,"values":[`...)
		p.sep = ','
	}
	return p
}

func (p *valuesPrinter) add(v []uint64) {
	for _, x := range v {
		if !p.first {
			p.buf = append(p.buf, p.sep)
		}
		p.first = false
		p.buf = strconv.AppendUint(p.buf, x, 10)
		if len(p.buf) > 1<<16-24 {
			p.w.Write(p.buf)
			p.buf = p.buf[:0]
		}
	}
}

func (p *valuesPrinter) end() {
	if p.json {
		p.buf = append(p.buf, "]}"...)
	}
	p.w.Write(append(p.buf, '\n'))
}

func runWythoff(e *env, args []string) error {
	if len(args) != 0 {
		return errOperands("no operands", len(args))
	}
	ps := (heap.Wythoff{K: e.flags.int("k")}).PPositions(e.flags.int("n"))
	return e.emit(ps, func() { ps.WriteTo(e.commit()) })
}

func runSum(e *env, args []string) error {
	limit, set := e.flags.limit("budget"), e.flags.has
	if len(args) == 0 {
		return errOperands("at least 1 component", 0)
	}
	if set("misere") && set("anti-sg") {
		return fmt.Errorf("give at most one of --misere and --anti-sg")
	}
	play := sg.Normal
	switch {
	case set("misere"):
		play = sg.Misere
	case set("anti-sg"):
		play = sg.AntiSG
	}
	opt := &budget.Options{Limit: limit, Progress: e.progress("positions")}
	sum, err := games.SumTerms(e.ctx, args, play, opt)
	switch {
	case errors.Is(err, budget.ErrTooLarge):
		return tooLarge(err, "--budget")
	case errors.Is(err, misere.ErrNoSearch):
		return fmt.Errorf("%w; --anti-sg applies the Anti-SG rule to any components", err)
	case err != nil:
		return err
	}
	return e.emitTo(sum)
}

func runLetters(e *env, args []string) error {
	if len(args) != 1 {
		return errOperands("1 file operand", len(args))
	}
	masks, err := readInput(e, args, letters.Read)
	if err != nil {
		return err
	}
	res, err := letters.Solve(letters.Alphabet, masks)
	if err != nil {
		return err
	}
	return e.emitTo(res)
}
