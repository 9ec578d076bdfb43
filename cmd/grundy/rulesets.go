package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/internal/scan"
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
	// The tables are read from --resume, and saved to --checkpoint, or
	// else back to --resume.
	save := f.text("resume")
	if f.has("checkpoint") {
		save = f.text("checkpoint")
	}
	if save == "" && f.has("checkpoint-every") {
		return fmt.Errorf("--checkpoint-every goes with --checkpoint or --resume")
	}
	done, err := s.Tables(f.text("resume"), save, f.duration("checkpoint-every"))
	if err != nil {
		return scan.PathError(err)
	}
	if save != "" {
		defer holdSaves(e.ctx)()
	}
	if each {
		return done(gameEach(e, s, f.text("each")))
	}
	a, err := s.Ask(e.ctx, pos[1:]...)
	if err = done(err); err != nil {
		return limitError(err)
	}
	return e.emitTo(a)
}

// gameEach answers each line of the file name (- for stdin) with s, one
// line each ("POSITION<tab>VALUE<tab>WINNER", or a JSON object a line
// with --json), a position past the budget answered by its error.
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
	// Output is committed with the first answer, once every line has
	// been read: a malformed one is an input error.
	var w io.Writer
	var enc *json.Encoder
	return s.Each(e.ctx, r, name, func(line string, a *games.Answer, err error) error {
		if w == nil {
			w = e.commit()
			enc = json.NewEncoder(w)
			enc.SetEscapeHTML(false)
		}
		switch {
		case err != nil && e.json:
			return enc.Encode(struct {
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
		return err
	})
}
