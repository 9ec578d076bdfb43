package main

import (
	"fmt"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/internal/cli"
	"github.com/nimbers/grundy/internal/scan"
)

// rulesetCommands are "grundy rulesets" and "grundy game": every
// registered ruleset through one path.
func rulesetCommands() []cli.Command {
	return []cli.Command{
		{Name: "rulesets", Run: runRulesets},
		{Name: "game", Run: runGame, Choices: rulesetChoices, Flags: []cli.Flag{
			{Name: "moves", Help: "then each option, \"Left: POSITION: VALUE\" (impartial: \"POSITION: VALUE\")"},
			{Name: "winning", Help: "then only the winning moves of each player moving first, \"Left: POSITION: OUTCOME\""},
			{Name: "outcome", Help: "decide who wins by a search that needs no canonical form (positions too large for one)"},
			{Name: "misere", Help: "the last player to move loses (impartial: the misère canonical form; partizan: who wins)"},
			{Name: "impartial", Help: "the impartial variant, either player making either's moves (Domineering becomes Cram)"},
			{Name: "each", Arg: "FILE", Kind: cli.File, Help: "one position a line (- for stdin), answered through one engine whose tables carry over, as \"POSITION<tab>VALUE<tab>WINNER\" a line, or with --json one answer's object a line"},
			cli.BudgetFlag("positions", games.DefaultLimit, "the positions to expand"),
			cli.MemoryFlag(games.DefaultMemory, "the bytes of the tables"),
			{Name: "checkpoint", Arg: "FILE", Kind: cli.File, Help: "save the engine's tables of who wins to FILE every 2 minutes and when the run stops (Ctrl-C, the budget), so that --resume goes on from there"},
			{Name: "checkpoint-every", Arg: "T", Kind: cli.Duration, Help: "how often the tables are saved, such as 30s"},
			{Name: "resume", Arg: "FILE", Kind: cli.File, Help: "first read the tables saved in FILE (same ruleset and grundy), and go on saving there unless --checkpoint names another file"},
		}},
	}
}

func runRulesets(e *cli.Env, args []string) error {
	if len(args) != 0 {
		return cli.WantOperands("no operands", len(args))
	}
	return e.EmitTo(&games.Catalog{Rulesets: games.Entries()})
}

func runGame(e *cli.Env, args []string) error {
	pos, f := args, e.Flags
	each := f.Has("each")
	switch {
	case len(pos) == 0 || len(pos) < 2 && !each:
		return cli.WantOperands("a ruleset and at least 1 position", len(pos))
	case each && len(pos) > 1:
		return fmt.Errorf("give the positions in the --each file, or as operands, not both")
	}
	q := games.Query{Ruleset: pos[0], Moves: f.Has("moves"), Winning: f.Has("winning"), Outcome: f.Has("outcome"),
		Misere: f.Has("misere"), Impartial: f.Has("impartial")}
	s, err := games.NewSession(q, &budget.Options{Limit: f.Limit("budget"), Memory: f.Limit("max-memory"), Progress: e.Progress("positions")})
	if err != nil {
		return err
	}
	// The tables are read from --resume, and saved to --checkpoint, or
	// else back to --resume.
	save := f.Text("resume")
	if f.Has("checkpoint") {
		save = f.Text("checkpoint")
	}
	if save == "" && f.Has("checkpoint-every") {
		return fmt.Errorf("--checkpoint-every goes with --checkpoint or --resume")
	}
	done, err := s.Tables(f.Text("resume"), save, f.Duration("checkpoint-every"))
	if err != nil {
		return scan.PathError(err)
	}
	if save != "" {
		defer cli.HoldSaves(e.Ctx)()
	}
	if each {
		return done(gameEach(e, s, f.Text("each")))
	}
	a, err := s.Ask(e.Ctx, pos[1:]...)
	if err = done(err); err != nil {
		return cli.LimitError(err)
	}
	return e.EmitTo(a)
}

// gameEach answers each line of the file name (- for stdin) with s, as
// games.Line prints it, a position past the budget answered by its error.
func gameEach(e *cli.Env, s *games.Session, name string) error {
	r, name, done, err := openInput(e, []string{name})
	if err != nil {
		return err
	}
	defer done()
	// Output is committed with the first answer, once every line has
	// been read: a malformed one is an input error.
	return s.Each(e.Ctx, r, name, func(l *games.Line) error {
		e.Commit()
		l.Err = cli.LimitError(l.Err)
		return e.EmitTo(l)
	})
}

// rulesetChoices returns the rulesets' names and summaries, which the
// shell completion offers after "grundy game".
func rulesetChoices() [][2]string {
	var cs [][2]string
	for _, r := range games.Entries() {
		cs = append(cs, [2]string{r.Name, r.Summary})
	}
	return cs
}
