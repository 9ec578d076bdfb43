package main

import (
	"fmt"
	"strings"

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
			usage: "RULESET POSITION... [--moves] [--outcome] [--misere] [--impartial] [--budget N] [--max-memory B]",
			run:   runGame, example: "grundy game hackenbush-string BBR RG",
			more: []string{
				"RULESET: a name from grundy rulesets, its parameter after a colon: octal:0.77, subtraction:1,3,4",
				"prints the value of the sum of the positions (CGSuite's notation; *n for impartial values; a stopper or onside & offside for loopy ones), then who wins: Left, Right, first, second or draw",
				"--moves: then each option, \"Left: POSITION: VALUE\" (impartial: \"POSITION: VALUE\")",
				"--outcome: decide who wins by a search that needs no canonical form (positions too large for one)",
				"--misere: the last player to move loses (impartial: the misère canonical form; partizan: who wins)",
				"--impartial: the impartial variant, either player making either's moves (Domineering becomes Cram)",
				fmt.Sprintf("--budget N: positions to expand (default %d), or none; --max-memory B: bytes of the tables (default %dM)", games.DefaultLimit, games.DefaultMemory>>20),
				"--json: {ruleset, position, value, outcome, winner, moves: [{player, position, value, outcome}]}",
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
	pos, vals, set, err := flagArgs(args, []string{"budget", "max-memory"}, []string{"moves", "outcome", "misere", "impartial"})
	if err != nil {
		return err
	}
	if len(pos) < 2 {
		return errOperands("a ruleset and at least 1 position", len(pos))
	}
	limit, err := budgetFlag(vals, "positions", games.DefaultLimit)
	if err != nil {
		return err
	}
	mem, err := memoryFlag(vals)
	if err != nil {
		return err
	}
	q := games.Query{Ruleset: pos[0], Positions: pos[1:], Moves: set["moves"], Outcome: set["outcome"],
		Misere: set["misere"], Impartial: set["impartial"]}
	a, err := games.Ask(e.ctx, q, &budget.Options{Limit: limit, Memory: mem, Progress: e.progress("positions")})
	if err != nil {
		return limitError(err)
	}
	return e.emit(a, func() {
		if a.Value != "" {
			fmt.Fprintln(e.out, a.Value)
		}
		fmt.Fprintln(e.out, a.Winner)
		for _, m := range a.Moves {
			if m.Player != "" {
				fmt.Fprintf(e.out, "%s: %s: %s\n", m.Player, m.Position, m.Value)
			} else {
				fmt.Fprintf(e.out, "%s: %s\n", m.Position, m.Value)
			}
		}
	})
}
