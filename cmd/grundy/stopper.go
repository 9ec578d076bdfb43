package main

import (
	"fmt"
	"strings"

	"github.com/nimbers/grundy/games/grid"
	"github.com/nimbers/grundy/games/strip"
	"github.com/nimbers/grundy/partizan/loopy"
)

func stopperArea() area {
	return area{name: "stopper", summary: "partizan loopy games: stoppers, their simplest forms, sums and comparisons",
		more: []string{"G: a loopy game in CGSuite's notation: on, off, over, under, upon, dud, {0|pass} (pass: the game itself),",
			"a:{0|{*|a}} or a{0|{*|a}} (a label for a game that recurs), any short game (3/4, ^*, +-1, {2||1|0}), sums with + and -",
			"a comparison of games of n and m positions takes about 2·n·m states; past 2^26 it is refused"},
		verbs: []verb{
			{"canon", "G", "print the simplest form of the stopper G, its number of positions, and who wins with Left or Right first", `grundy stopper canon "{0|pass}+*"`, stopperCanon},
			{"compare", "G H", "print <, >, = or || (fuzzy): the relation of G to H (of their sides, for games that are not stoppers)", `grundy stopper compare over "^"`, stopperCompare},
			{"sum", "G H ...", "print the value of the sum: its simplest form when it is a stopper, else its onside & offside", `grundy stopper sum over over 1`, stopperSum},
			{"outcome", "G", "print who wins any loopy game, stopper or not, with Left first and with Right first (Left, Right or draw)", `grundy stopper outcome "on+off"`, stopperOutcome},
			{"sides", "G", "print the value of any loopy game as its onside & offside (one simplest form for a stopper), its positions, and who wins", `grundy stopper sides "a{1||a|0}"`, stopperSides},
			{"toads-frogs", "STRIP [--jump N] [--backsliding]", "the value of Toads and Frogs: t toads (Left) step or jump right, f frogs (Right) left, . empty; --jump 0 is Elephants and Rhinos; --backsliding lets each also step back", `grundy stopper toads-frogs ttt..fff`, stopperToadsFrogs},
			{"fox-geese", "\"{(ROW,COL),...}, (ROW,COL)\" [--width W] [--range R]", "the value of Fox and Geese: the geese (Left) and the fox (Right) on the dark squares, row 1 at the bottom; --width 8, --range 1 (2 for Ceylonese)", `grundy stopper fox-geese "{(4,2),(4,4),(4,6),(4,8)}, (1,1)"`, stopperFoxGeese},
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
		fmt.Fprintf(e.out, "%s; Left first: %s, Right first: %s\n", positions(s.Len()), loopyWinner(lf), loopyWinner(rf))
	})
}

// positions writes "1 position" or "n positions".
func positions(n int) string {
	if n == 1 {
		return "1 position"
	}
	return fmt.Sprintf("%d positions", n)
}

// loopyWinner writes a result for text: "Left wins", "Right wins" or "draw".
func loopyWinner(r loopy.Result) string {
	if r == loopy.Draw {
		return "draw"
	}
	return r.String() + " wins"
}

func stopperCompare(e *env, args []string) error {
	gs, err := loopyOperands(args, 2)
	if err != nil {
		return err
	}
	r, err := loopy.Compare(e.ctx, gs[0], gs[1])
	if err != nil {
		return err
	}
	return e.emit(struct {
		Relation string `json:"relation"`
	}{r.String()}, func() { fmt.Fprintln(e.out, r) })
}

func stopperSum(e *env, args []string) error {
	gs, err := loopyOperands(args, 0)
	if err != nil {
		return err
	}
	sum, err := loopy.Sum(gs...)
	if err != nil {
		return err
	}
	on, off, err := loopy.Sides(e.ctx, sum)
	if err != nil {
		return err
	}
	text, ok := loopy.SidedText(on, off, maxCanonText)
	if !ok {
		return fmt.Errorf("the value is longer than %d bytes written out", maxCanonText)
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

func stopperSides(e *env, args []string) error {
	gs, err := loopyOperands(args, 1)
	if err != nil {
		return err
	}
	return emitValue(e, gs[0])
}

func stopperToadsFrogs(e *env, args []string) error {
	pos, vals, set, err := flagArgs(args, []string{"jump"}, []string{"backsliding"})
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return errOperands("1 strip", len(pos))
	}
	jump, err := intFlag(vals, "jump", 1, 0, strip.MaxCells)
	if err != nil {
		return err
	}
	r := strip.ToadsAndFrogs{Jump: jump, Backsliding: set["backsliding"]}
	x, err := r.Game(e.ctx, pos[0])
	if err != nil {
		return err
	}
	return emitValue(e, x)
}

func stopperFoxGeese(e *env, args []string) error {
	pos, vals, _, err := flagArgs(args, []string{"width", "range"}, nil)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return errOperands("1 position", 0)
	}
	// The position may come as one operand or split at its spaces.
	geese, fox, err := grid.ParseFoxAndGeese(strings.Join(pos, " "))
	if err != nil {
		return err
	}
	var r grid.FoxAndGeese
	if r.Width, err = intFlag(vals, "width", grid.ClassicFoxAndGeese.Width, 2, 64); err != nil {
		return err
	}
	if r.Range, err = intFlag(vals, "range", grid.ClassicFoxAndGeese.Range, 1, 64); err != nil {
		return err
	}
	x, err := r.Game(e.ctx, geese, fox)
	if err != nil {
		return err
	}
	return emitValue(e, x)
}

// emitValue prints the value of a loopy game, as its sides, with the
// positions of its graph and who wins it.
func emitValue(e *env, x loopy.Game) error {
	on, off, err := loopy.Sides(e.ctx, x)
	if err != nil {
		return err
	}
	text, ok := loopy.SidedText(on, off, maxCanonText)
	if !ok {
		return fmt.Errorf("the value is longer than %d bytes written out", maxCanonText)
	}
	onText, _ := on.Text(maxCanonText)
	offText, _ := off.Text(maxCanonText)
	lf, rf, err := loopy.Play(x)
	if err != nil {
		return err
	}
	return e.emit(struct {
		Game       string `json:"game"`
		Onside     string `json:"onside"`
		Offside    string `json:"offside"`
		Stopper    bool   `json:"stopper"`
		Positions  int    `json:"positions"`
		LeftFirst  string `json:"left_first"`
		RightFirst string `json:"right_first"`
	}{text, onText, offText, x.IsStopper(), x.Len(), lf.String(), rf.String()}, func() {
		fmt.Fprintln(e.out, text)
		fmt.Fprintf(e.out, "%s; Left first: %s, Right first: %s\n", positions(x.Len()), loopyWinner(lf), loopyWinner(rf))
	})
}
