package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
)

// rulesetCommands are "grundy rulesets" and "grundy game": every
// registered ruleset through one path.
func rulesetCommands() []area {
	return []area{
		{name: "rulesets", summary: "the rulesets grundy game knows, one a line", usage: "",
			run: runRulesets, example: "grundy rulesets",
			more: []string{
				"prints per ruleset its name (with :PARAM when it takes one), kind, an example and its notation",
				"--json: {rulesets: [{name, param, optional, kind, summary, notation, example}]}",
			}},
		{name: "game", summary: "value and outcome of positions of any ruleset",
			usage: "RULESET (POSITION... | --each FILE)",
			run:   runGame, example: "grundy game hackenbush-string BBR RG",
			more: []string{
				"RULESET: a name from grundy rulesets, its parameter after a colon: octal:0.77, subtraction:1,3,4",
				"prints the value of the sum of the positions (CGSuite's notation; *n for impartial values; a stopper or onside & offside for loopy ones), then who wins: Left, Right, first, second or draw",
				"--json: {ruleset, position, value, outcome, winner, moves: [{player, position, value, outcome}]}",
			},
			flags: []flag{
				{name: "moves", help: "then each option, \"Left: POSITION: VALUE\" (impartial: \"POSITION: VALUE\")"},
				{name: "winning", help: "then only the winning moves of each player moving first, \"Left: POSITION: OUTCOME\""},
				{name: "outcome", help: "decide who wins by a search that needs no canonical form (positions too large for one)"},
				{name: "misere", help: "the last player to move loses (impartial: the misère canonical form; partizan: who wins)"},
				{name: "impartial", help: "the impartial variant, either player making either's moves (Domineering becomes Cram)"},
				{name: "each", arg: "FILE", kind: fileFlag, help: "one position a line (- for stdin), answered through one engine whose tables carry over, as \"POSITION<tab>VALUE<tab>WINNER\" a line, or with --json one answer's object a line"},
				budgetOf("positions", games.DefaultLimit, "the positions to expand"),
				memoryOf(games.DefaultMemory, "the bytes of the tables"),
				{name: "checkpoint", arg: "FILE", kind: fileFlag, help: "save the engine's tables of who wins to FILE every 2 minutes and when the run stops (Ctrl-C, the budget), so that --resume goes on from there"},
				{name: "checkpoint-every", arg: "T", kind: durationFlag, help: "how often the tables are saved, such as 30s"},
				{name: "resume", arg: "FILE", kind: fileFlag, help: "first read the tables saved in FILE (same ruleset and grundy), and go on saving there unless --checkpoint names another file"},
			}},
	}
}

func runRulesets(e *env, args []string) error {
	if len(args) != 0 {
		return errOperands("no operands", len(args))
	}
	rs := games.Entries()
	return e.emit(map[string][]games.Entry{"rulesets": nonNil(rs)}, func() {
		for _, r := range rs {
			name := r.Name
			switch {
			case r.Param != "" && r.Optional:
				name += "[:" + r.Param + "]"
			case r.Param != "":
				name += ":" + r.Param
			}
			fmt.Fprintf(e.out, "%-24s %-18s %-32s %s\n", name, r.Kind, strings.Join(r.Example, " "), r.Summary)
		}
	})
}

func runGame(e *env, args []string) error {
	pos, f := args, e.flags
	each := f.has("each")
	switch {
	case len(pos) == 0 || len(pos) < 2 && !each:
		return errOperands("a ruleset and at least 1 position", len(pos))
	case each && len(pos) > 1:
		return fmt.Errorf("give the positions in the --each file, or as operands, not both")
	}
	q := games.Query{Ruleset: pos[0], Moves: f.has("moves"), Winning: f.has("winning"), Outcome: f.has("outcome"),
		Misere: f.has("misere"), Impartial: f.has("impartial")}
	s, err := games.NewSession(q, &budget.Options{Limit: f.limit("budget"), Memory: f.limit("max-memory"), Progress: e.progress("positions")})
	if err != nil {
		return err
	}
	save, err := engineTables(e, s.Engine())
	if err != nil {
		return err
	}
	if each {
		return save(gameEach(e, s, f.text("each")))
	}
	a, err := s.Ask(e.ctx, pos[1:]...)
	if err = save(err); err != nil {
		return limitError(err)
	}
	return e.emit(a, func() { writeAnswer(e.out, a) })
}

// engineTables reads the tables --resume names into eng, and has eng
// save them every --checkpoint-every to the file --checkpoint (or
// --resume) names. The function it returns saves them a last time when
// the run stops, and returns the run's error, or the save's.
func engineTables(e *env, eng *games.Engine) (func(error) error, error) {
	f := e.flags
	file := f.text("resume")
	if f.has("resume") {
		in, err := os.Open(file)
		if err != nil {
			return nil, fileError(err)
		}
		err = eng.LoadTables(in)
		in.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
	}
	if f.has("checkpoint") {
		file = f.text("checkpoint")
	}
	if file == "" {
		if f.has("checkpoint-every") {
			return nil, fmt.Errorf("--checkpoint-every goes with --checkpoint or --resume")
		}
		return func(err error) error { return err }, nil
	}
	save := func() error {
		if err := writeAtomic(file, eng.SaveTables); err != nil {
			return fmt.Errorf("saving the tables: %w", err)
		}
		return nil
	}
	eng.Checkpoint, eng.CheckpointEvery = save, f.duration("checkpoint-every")
	if eng.CheckpointEvery == 0 {
		eng.CheckpointEvery = 2 * time.Minute
	}
	release := holdSaves(e.ctx)
	return func(err error) error {
		defer release()
		if serr := save(); err == nil {
			err = serr
		}
		return err
	}, nil
}

// writeAtomic writes a file through write, to a temporary file renamed
// over it once complete, so that a stop midway leaves the last one whole.
func writeAtomic(name string, write func(io.Writer) error) error {
	tmp := name + ".tmp"
	out, err := os.Create(tmp)
	if err != nil {
		return fileError(err)
	}
	if err := write(out); err != nil {
		out.Close()
		return err
	}
	if err := out.Close(); err != nil {
		return fileError(err)
	}
	return os.Rename(tmp, name)
}

// writeAnswer writes an answer as grundy game prints it.
func writeAnswer(w io.Writer, a *games.Answer) {
	if a.Value != "" {
		fmt.Fprintln(w, a.Value)
	}
	fmt.Fprintln(w, a.Winner)
	for _, m := range a.Moves {
		if m.Player != "" {
			fmt.Fprintf(w, "%s: %s: %s\n", m.Player, m.Position, m.Value)
		} else {
			fmt.Fprintf(w, "%s: %s\n", m.Position, m.Value)
		}
	}
}

// maxEachInput bounds the bytes of a --each file.
const maxEachInput = 64 << 20

// gameEach answers each line of the file name (- for stdin) with s: every
// line is read and checked first, so that a malformed one stops the run
// before anything is printed; then the answers stream, one line each
// ("POSITION<tab>VALUE<tab>WINNER", or a JSON object a line with --json),
// a position past the budget answered by its error.
func gameEach(e *env, s *games.Session, name string) error {
	var args []string
	if name != "-" {
		args = []string{name}
	}
	r, name, done, err := openInput(e, args)
	if err != nil {
		return err
	}
	defer done()
	data, err := io.ReadAll(io.LimitReader(r, maxEachInput+1))
	if err != nil {
		return fmt.Errorf("%s: %w", name, fileError(err))
	}
	if len(data) > maxEachInput {
		return fmt.Errorf("%s: more than %d bytes of positions", name, maxEachInput)
	}
	var lines []string
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if _, err := s.Ruleset().Parse(line); err != nil {
			return fmt.Errorf("%s line %d: %w", name, i+1, err)
		}
		lines = append(lines, line)
	}
	w := e.commit()
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, line := range lines {
		a, err := s.Ask(e.ctx, line)
		switch {
		case e.ctx.Err() != nil:
			return e.ctx.Err()
		case err != nil && e.json:
			err = enc.Encode(struct {
				Position string `json:"position"`
				Error    string `json:"error"`
			}{line, limitError(err).Error()})
		case err != nil:
			_, err = fmt.Fprintf(w, "%s\terror: %v\n", line, limitError(err))
		case e.json:
			err = enc.Encode(a)
		default:
			_, err = fmt.Fprintf(w, "%s\t%s\t%s\n", line, a.Value, a.Winner)
		}
		if err != nil {
			return err
		}
	}
	return nil
}
