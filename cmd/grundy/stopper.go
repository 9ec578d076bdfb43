package main

import (
	"fmt"

	"github.com/nimbers/grundy/partizan/loopy"
)

func stopperArea() area {
	return area{name: "stopper", summary: "partizan loopy games: stoppers, their simplest forms, sums and comparisons",
		more: []string{"G: a loopy game in CGSuite's notation: on, off, over, under, upon, dud, {0|pass} (pass: the game itself),",
			"a:{0|{*|a}} (a label for a game that recurs), any short game (3/4, ^*, +-1, {2||1|0}), sums with + and -",
			"a comparison of games of n and m positions takes about 2·n·m states; past 2^26 it is refused"},
		verbs: []verb{
			{"canon", "G", "print the simplest form of the stopper G, its number of positions, and who wins with Left or Right first", `grundy stopper canon "{0|pass}+*"`, stopperCanon},
			{"compare", "G H", "print <, >, = or || (fuzzy): the relation of the stopper G to the stopper H", `grundy stopper compare over "^"`, stopperCompare},
			{"sum", "G H ...", "print the simplest form of the sum of stoppers", `grundy stopper sum over over 1`, stopperSum},
			{"outcome", "G", "print who wins any loopy game, stopper or not, with Left first and with Right first (Left, Right or draw)", `grundy stopper outcome "on+off"`, stopperOutcome},
		}}
}

// parseLoopy reads operand i (from 1) as a loopy game.
func parseLoopy(s string, i int) (loopy.Game, error) {
	if len(s) > maxGameText {
		return loopy.Game{}, fmt.Errorf("operand %d: longer than %d bytes", i, maxGameText)
	}
	g, err := loopy.Parse(s)
	if err != nil {
		return loopy.Game{}, fmt.Errorf("operand %d %q: %w", i, clip(s), err)
	}
	return g, nil
}

// loopyOperands reads the operands of a stopper verb: want of them, or
// at least one when want is 0.
func loopyOperands(args []string, want int) ([]loopy.Game, error) {
	pos, _, _, err := flagArgs(args, nil, nil)
	if err != nil {
		return nil, err
	}
	if want > 0 && len(pos) != want || want == 0 && len(pos) == 0 {
		return nil, errOperands(fmt.Sprintf("%d game(s)", max(want, 1)), len(pos))
	}
	gs := make([]loopy.Game, len(pos))
	for i, s := range pos {
		if gs[i], err = parseLoopy(s, i+1); err != nil {
			return nil, err
		}
	}
	return gs, nil
}

// stoppers reads the operands of a verb on stoppers, as loopyOperands.
func stoppers(args []string, want int) ([]loopy.Game, error) {
	gs, err := loopyOperands(args, want)
	if err != nil {
		return nil, err
	}
	for i, g := range gs {
		if !g.IsStopper() {
			return nil, fmt.Errorf("operand %d: %w", i+1, loopy.ErrNotStopper)
		}
	}
	return gs, nil
}

// stopperText writes a simplest form, or refuses one too long to print.
func stopperText(g loopy.Game) (string, error) {
	s, ok := g.Text(maxCanonText)
	if !ok {
		return "", fmt.Errorf("the simplest form has %d positions and is longer than %d bytes written out", g.Len(), maxCanonText)
	}
	return s, nil
}

func stopperCanon(e *env, args []string) error {
	gs, err := loopyOperands(args, 1)
	if err != nil {
		return err
	}
	s, err := loopy.Simplify(e.ctx, gs[0])
	if err != nil {
		return fmt.Errorf("operand 1: %w", err)
	}
	text, err := stopperText(s)
	if err != nil {
		return err
	}
	lf, rf, err := loopy.Play(s)
	if err != nil {
		return err
	}
	return e.emit(struct {
		Game       string `json:"game"`
		Positions  int    `json:"positions"`
		LeftFirst  string `json:"left_first"`
		RightFirst string `json:"right_first"`
	}{text, s.Len(), lf.String(), rf.String()}, func() {
		fmt.Fprintln(e.out, text)
		plural := "s"
		if s.Len() == 1 {
			plural = ""
		}
		fmt.Fprintf(e.out, "%d position%s; Left first: %s, Right first: %s\n", s.Len(), plural, loopyWinner(lf), loopyWinner(rf))
	})
}

// loopyWinner writes a result for text: "Left wins", "Right wins" or "draw".
func loopyWinner(r loopy.Result) string {
	if r == loopy.Draw {
		return "draw"
	}
	return r.String() + " wins"
}

func stopperCompare(e *env, args []string) error {
	gs, err := stoppers(args, 2)
	if err != nil {
		return err
	}
	r, err := loopy.Compare(gs[0], gs[1])
	if err != nil {
		return err
	}
	return e.emit(struct {
		Relation string `json:"relation"`
	}{r.String()}, func() { fmt.Fprintln(e.out, r) })
}

func stopperSum(e *env, args []string) error {
	gs, err := stoppers(args, 0)
	if err != nil {
		return err
	}
	sum, err := loopy.Sum(gs...)
	if err != nil {
		return err
	}
	s, err := loopy.Simplify(e.ctx, sum)
	if err != nil {
		return err
	}
	text, err := stopperText(s)
	if err != nil {
		return err
	}
	return e.emit(struct {
		Game string `json:"game"`
	}{text}, func() { fmt.Fprintln(e.out, text) })
}

func stopperOutcome(e *env, args []string) error {
	gs, err := loopyOperands(args, 1)
	if err != nil {
		return err
	}
	lf, rf, err := loopy.Play(gs[0])
	if err != nil {
		return err
	}
	return e.emit(struct {
		LeftFirst  string `json:"left_first"`
		RightFirst string `json:"right_first"`
	}{lf.String(), rf.String()}, func() {
		fmt.Fprintf(e.out, "Left first: %s, Right first: %s\n", loopyWinner(lf), loopyWinner(rf))
	})
}
