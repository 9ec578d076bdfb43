package main

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"unicode/utf8"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/games/graph"
	"github.com/nimbers/grundy/games/grid"
	"github.com/nimbers/grundy/partizan"
	"github.com/nimbers/grundy/surreal"
)

// domineeringPositions bounds the components a Domineering search values:
// a 5×5 board takes about 16 500 (1.3 s); a 6×6 far more.
const domineeringPositions = 20000

// maxGameText bounds the length of a game expression on the command line.
const maxGameText = 1 << 16

func cgtArea() area {
	return area{name: "cgt", summary: "partizan games in CGSuite's notation",
		more: []string{"games: numbers 3/4 (canon, sum, compare, outcome and thermo also take 1/3, 1/3*, 2/5 + {1|0}: a rational that is not dyadic, as a term of the whole sum), nimbers *2, ^ v ^^ ^3 v9*8 for multiples of up and down, ^<2> and ^[2] for its powers, +-1, +-{2|1} and +-{1,1*} switches, Tiny(2), Miny({2|1}), 2.Tiny, 3 * G, {L|R} with || to nest ({5|4||3|2}), sums with + and -, -G the negative of G; games print as CGSuite prints them"},
		flags: []flag{
			{name: "unicode", help: "print games with ↑ ↓ ⇑ ±"},
			budgetOf("steps", partizan.DefaultLimit, "the steps"),
			outputOf("games", defaultMaxOutput, "the games the answer writes out"),
		},
		verbFlags: map[string][]flag{"thermo": thermoFlags},
		verbs: []verb{
			{"canon", "G", "print the canonical form of G", `grundy cgt canon "{0|*}"`, cgtCanon},
			{"compare", "G H", "print <, >, = or || (fuzzy): the relation of G to H", `grundy cgt compare "^+*" 0`, cgtCompare},
			{"sum", "G H ...", "print the canonical form of the sum", `grundy cgt sum ^ ^ "*"`, cgtSum},
			{"outcome", "G", "print who wins: Left, Right, first or second (the player to move, or the other)", `grundy cgt outcome "^*"`, cgtOutcome},
			{"thermo", "G", "print the mean, temperature, Left and Right stops, and the walls of the thermograph as t:x breakpoints from t = -1", `grundy cgt thermo "{4|{2|0}}"`, cgtThermo},
			{"hackenbush", "COLOURS", "the value of a Blue-Red-Green Hackenbush string, from the ground up (B Blue for Left, R Red for Right, G Green)", "grundy cgt hackenbush BBRG", cgtHackenbush},
			{"hackentree", "[FILE]", "Blue-Red-Green Hackenbush on a tree: n, a line of the n-1 parents of nodes 1..n-1 (node 0 on the ground), and the colours of the edges above nodes 1..n-1 (B, R, G)", `printf '6\n0 1 1 0 4\nB R G B R\n' | grundy cgt hackentree`, cgtHackenTree},
			{"cutcake", "ROWS COLS", "the value of Cutcake (Left cuts between columns, Right between rows)", "grundy cgt cutcake 3 8", cgtCutcake},
			{"birthday", "G", "print the day G is born: 0 for 0, else one more than its options' latest", `grundy cgt birthday "^*"`, cgtBirthday},
			{"incentives", "G", "print the Left incentives G^L - G, then the Right incentives G - G^R", `grundy cgt incentives "{2|-1}"`, cgtIncentives},
			{"cool", "G T", "print G cooled by the number T >= 0 (frozen at its mean past its temperature)", `grundy cgt cool "{2|-1}" 1`, cgtCool},
			{"heat", "G T", "print G heated by the game T: {T + heated G^L | -T + heated G^R}, numbers unchanged", `grundy cgt heat "^" 2`, binaryOp("games G and T", (*partizan.Calculator).Heat)},
			{"overheat", "G S T", "print G overheated from S to T: an integer n becomes n copies of S, any other game {T + G^L | -T + G^R} overheated", `grundy cgt overheat "{1|0}" 1 "1*"`, cgtOverheat},
			{"freeze", "G", "print G cooled by its temperature (a number unchanged)", `grundy cgt freeze "{5|{3|1}}"`, unaryOp((*partizan.Calculator).Freeze)},
			{"reduced", "G", "print the reduced canonical form: the simplest game infinitesimally close to G", `grundy cgt reduced "{2|^}"`, unaryOp((*partizan.Calculator).ReducedCanonicalForm)},
			{"atomic-weight", "G", "print the atomic weight W, with G infinitesimally close to W.^ (an error if G has none)", `grundy cgt atomic-weight "{^^|v}"`, unaryOp((*partizan.Calculator).AtomicWeight)},
			{"norton", "G U", "print the Norton product G.U: n copies of U for an integer n, else {G^L.U + U + I | G^R.U - U - I} over U's incentives I", `grundy cgt norton 3/2 "^"`, binaryOp("games G and U", (*partizan.Calculator).NortonMultiply)},
			{"conjunctive", "G H", "print the conjunctive compound: move in both, the end of either ends it", `grundy cgt conjunctive "{1|-1}" "*"`, binaryOp("games G and H", (*partizan.Calculator).Conjunctive)},
			{"selective", "G H", "print the selective compound: move in either or both (Winning Ways: the compound stays selective; *5 and *6 give *11)", `grundy cgt selective "{1|-1}" "*"`, binaryOp("games G and H", (*partizan.Calculator).Selective)},
			{"selective-cgsuite", "G H", "print what CGSuite calls the selective sum: a move in one component leaves the disjunctive sum, a move in both the conjunctive compound (*5 and *6 give *8)", `grundy cgt selective-cgsuite "*5" "*6"`, binaryOp("games G and H", (*partizan.Calculator).SelectiveCGSuite)},
			{"properties", "G", "print whether G is a number, a nimber, infinitesimal, all-small, its parity (even, odd or neither) and temper (even-tempered, odd-tempered or neither), and its uptimal expansion (x*m.a1a2…: x + *m + a1.^ + a2.^<2> + …, a digit - after for a negative one) when it has one", `grundy cgt properties "^<2>"`, cgtProperties},
			{"conway-product", "G H", "print the Conway product G.H of the forms (CGSuite's ConwayProduct): numbers multiply, nimbers nim-multiply; '{*|*}' in quotes is a form kept as written", `grundy cgt conway-product "{3|1}" "^^"`, cgtConwayProduct},
			{"ordinal-product", "G H", "print CGSuite's ordinal product of the forms: *a times *b is *(a.b)", `grundy cgt ordinal-product "*5" "*6"`, cgtOrdinalProduct},
			{"ordinal-sum", "G H", "print the ordinal sum G:H = {G^L, G:H^L | G^R, G:H^R}, on the form of G as written ('{*|*}' : 3 is ^[3]) and the value of H", `grundy cgt ordinal-sum "'{*|*}'" 3`, cgtOrdinalSum},
			{"number", "X", "print a number beyond the dyadics, as CGSuite has them: a rational p/q (1/3 is born on day ω) or a generalized ordinal, an ω-polynomial written with w (or ω, omega), ^, *, + and - (w^w-5*w^19+w^2+1); then its absolute value, sign, birthday, who wins it, and whether it is an ordinal (dyadic, for a rational)", `grundy cgt number "w-5"`, cgtNumber},
			{"sensible", "G", "print the sensible options of the form G (in quotes, '{0,*,-1|1}', to keep it as written): the Left options worth at least a Left option of its canonical form, then the Right options worth at most a Right one", `grundy cgt sensible "'{0,*,-1|1}'"`, cgtSensible},
			{"sensible-lines", "G", "print the sensible lines of play of the form G (quoted to keep it as written): for each Left option K^L of its canonical form K, the moves G^L, G^LR, G^LRL, … of the form, Left's each at least K^L and Right's at most K, ending at K^L (CGSuite's SensibleLines); then Right's", `grundy cgt sensible-lines "'{{3|{1|1}}|}'"`, cgtSensibleLines},
			{"companion", "G", "print the companion: *m and k.^ + *m toggle * for m <= 1, numbers stay, any other game {0 if G >= 0, companions of G^L | 0 if G <= 0, companions of G^R}", `grundy cgt companion "^"`, unaryOp((*partizan.Calculator).Companion)},
			{"stop-count", "G", "print the number of lines of play through G's canonical form that end at a number", `grundy cgt stop-count "*8"`, cgtStopCount},
			{"followers", "G", "print the positions of G's canonical form, G and all it reaches, one a line, numbers first", `grundy cgt followers "^[3]"`, cgtFollowers},
		}}
}

func domineeringCommand() area {
	return area{name: "domineering", summary: "Domineering (Left places vertical dominoes, Right horizontal)",
		usage: "[FILE]", run: runDomineering, flags: []flag{{name: "board", arg: "FILE", kind: fileFlag, help: "the board file (the same as the operand)"}}, example: `printf '..#.\n.#..\n##.#\n' | grundy domineering`,
		more: []string{
			"FILE (or stdin): rows of . (empty) and # (filled), at most 64 squares; prints the canonical value, then who wins",
			"components are valued apart; boards needing more than 20000 components (6×6) are refused",
		}}
}

// cgtLimits are the limits of a cgt verb: --budget, the steps of its
// partizan.Calculator, and --max-output, the games its answer may write
// out (partizan.Game.TreeSize).
type cgtLimits struct {
	opt       *budget.Options
	maxOutput float64
	notation  partizan.Notation // for text; JSON is always CGSuite's
}

// defaultMaxOutput bounds the games an answer writes out: 2^22 of them
// print in about 2.5 s as about 9 MB.
const defaultMaxOutput = 1 << 22

// takeLimits returns the operands of a cgt verb and its limits, read
// from its flags --budget, --max-output and --unicode.
func takeLimits(e *env, args []string) ([]string, cgtLimits, error) {
	notation := partizan.CGSuite
	if e.flags.has("unicode") {
		notation = partizan.Unicode
	}
	return args, cgtLimits{&budget.Options{Limit: e.flags.limit("budget"), Progress: e.progress("steps")},
		(&budget.Options{Limit: e.flags.limit("max-output")}).Max(defaultMaxOutput), notation}, nil
}

// parseGame reads operand i as a game.
func parseGame(e *env, calc *partizan.Calculator, s string, i int) (*partizan.Game, error) {
	if len(s) > maxGameText {
		return nil, fmt.Errorf("operand %d: longer than %d bytes", i, maxGameText)
	}
	g, err := calc.Parse(e.ctx, s)
	if err != nil {
		if x, rerr := partizan.NewCalculator(nil).ParseRational(e.ctx, s); rerr == nil {
			if _, short := x.Short(); !short {
				return nil, fmt.Errorf("operand %d %q: %s is not a short game (a number whose denominator is not a power of 2 is born on day ω): only %s take it", i, clip(s), x, rationalVerbs)
			}
		}
		return nil, fmt.Errorf("operand %d %q: %w", i, clip(s), tooLarge(err, "--budget"))
	}
	return g, nil
}

// rationalVerbs names the cgt verbs that take rationals that are not
// dyadic.
const rationalVerbs = "canon, sum, compare, outcome and thermo"

// parseRational reads operand i as a game that may hold a rational that
// is not dyadic (1/3*).
func parseRational(e *env, calc *partizan.Calculator, s string, i int) (partizan.RationalGame, error) {
	if len(s) > maxGameText {
		return partizan.RationalGame{}, fmt.Errorf("operand %d: longer than %d bytes", i, maxGameText)
	}
	x, err := calc.ParseRational(e.ctx, s)
	if err != nil {
		return x, fmt.Errorf("operand %d %q: %w", i, clip(s), tooLarge(err, "--budget"))
	}
	return x, nil
}

func parseRationals(e *env, calc *partizan.Calculator, args []string) ([]partizan.RationalGame, error) {
	xs := make([]partizan.RationalGame, len(args))
	for i, a := range args {
		x, err := parseRational(e, calc, a, i+1)
		if err != nil {
			return nil, err
		}
		xs[i] = x
	}
	return xs, nil
}

// emitRational prints r + G as emitGame prints G.
func emitRational(e *env, x partizan.RationalGame, lim cgtLimits) error {
	if g, ok := x.Short(); ok {
		return emitGame(e, g, lim)
	}
	_, g := x.Parts()
	if n := g.TreeSize(); n > lim.maxOutput {
		return fmt.Errorf("%w: raise it with --max-output", &budget.TooLargeError{
			What: "the answer", Unit: "games written out", Estimate: n, Limit: lim.maxOutput})
	}
	return e.emit(struct {
		Game string `json:"game"`
	}{x.String()}, func() { fmt.Fprintln(e.out, x.Text(lim.notation)) })
}

// clip shortens a long operand for a message.
func clip(s string) string {
	if len(s) > 40 {
		end := 40
		for end > 0 && !utf8.RuneStart(s[end]) {
			end-- // a character is kept whole or left out
		}
		return s[:end] + "…"
	}
	return s
}

func parseGames(e *env, calc *partizan.Calculator, args []string) ([]*partizan.Game, error) {
	gs := make([]*partizan.Game, len(args))
	for i, a := range args {
		g, err := parseGame(e, calc, a, i+1)
		if err != nil {
			return nil, err
		}
		gs[i] = g
	}
	return gs, nil
}

func cgtCanon(e *env, args []string) error {
	args, lim, err := takeLimits(e, args)
	if err != nil {
		return err
	}
	calc := partizan.NewCalculator(lim.opt)
	if len(args) != 1 {
		return errOperands("1 operand (a game)", len(args))
	}
	x, err := parseRational(e, calc, args[0], 1)
	if err != nil {
		return err
	}
	return emitRational(e, x, lim)
}

func cgtCompare(e *env, args []string) error {
	args, lim, err := takeLimits(e, args)
	if err != nil {
		return err
	}
	calc := partizan.NewCalculator(lim.opt)
	if len(args) != 2 {
		return errOperands("2 operands (two games)", len(args))
	}
	xs, err := parseRationals(e, calc, args)
	if err != nil {
		return err
	}
	o, err := calc.CompareRational(e.ctx, xs[0], xs[1])
	if err != nil {
		return tooLarge(err, "--budget")
	}
	rel := map[partizan.Relation]string{
		partizan.Equal: "=", partizan.Greater: ">", partizan.Less: "<", partizan.Fuzzy: "||",
	}[o]
	return e.emit(struct {
		Relation string `json:"relation"`
	}{rel}, func() { fmt.Fprintln(e.out, rel) })
}

func cgtSum(e *env, args []string) error {
	args, lim, err := takeLimits(e, args)
	if err != nil {
		return err
	}
	calc := partizan.NewCalculator(lim.opt)
	if len(args) == 0 {
		return errOperands("at least 1 operand (games)", 0)
	}
	xs, err := parseRationals(e, calc, args)
	if err != nil {
		return err
	}
	s, err := calc.SumRational(e.ctx, xs...)
	if err != nil {
		return tooLarge(err, "--budget")
	}
	return emitRational(e, s, lim)
}

// outcomeWords names who wins a game of each outcome class.
var outcomeWords = map[partizan.Relation]string{
	partizan.Equal: "second", partizan.Greater: "Left", partizan.Less: "Right", partizan.Fuzzy: "first",
}

func cgtOutcome(e *env, args []string) error {
	args, lim, err := takeLimits(e, args)
	if err != nil {
		return err
	}
	calc := partizan.NewCalculator(lim.opt)
	if len(args) != 1 {
		return errOperands("1 operand (a game)", len(args))
	}
	x, err := parseRational(e, calc, args[0], 1)
	if err != nil {
		return err
	}
	rel, err := calc.CompareRational(e.ctx, x, partizan.RationalGame{})
	if err != nil {
		return tooLarge(err, "--budget")
	}
	o := outcomeWords[rel]
	return e.emit(struct {
		Outcome string `json:"outcome"`
	}{o}, func() { fmt.Fprintln(e.out, o) })
}

func cgtThermo(e *env, args []string) error {
	args, lim, err := takeLimits(e, args)
	if err != nil {
		return err
	}
	calc := partizan.NewCalculator(lim.opt)
	if len(args) != 1 {
		return errOperands("1 operand (a game)", len(args))
	}
	x, err := parseRational(e, calc, args[0], 1)
	if err != nil {
		return err
	}
	// r + G: G's thermograph moved right by r (number translation).
	r, g := x.Parts()
	th, err := calc.Thermograph(e.ctx, g)
	if err != nil {
		return tooLarge(err, "--budget")
	}
	if r.Sign() == 0 {
		if drawn, err := drawThermograph(e, th, args[0]); drawn || err != nil {
			return err
		}
	} else if e.flags.has("svg") || e.flags.has("png") {
		return fmt.Errorf("--svg and --png draw short games; %s has a part that is not dyadic", clip(args[0]))
	}
	shift := func(v *big.Rat) string { return new(big.Rat).Add(v, r).RatString() }
	type point struct {
		T string `json:"t"`
		X string `json:"x"`
	}
	wall := func(w partizan.Wall) []point {
		var ps []point
		for _, b := range w.Breakpoints() {
			ps = append(ps, point{b.T.RatString(), shift(b.X)})
		}
		return ps
	}
	text := func(ps []point) string {
		parts := make([]string, len(ps))
		for i, p := range ps {
			parts[i] = p.T + ":" + p.X
		}
		return strings.Join(parts, " ")
	}
	lw, rw := wall(th.Left), wall(th.Right)
	ls, rs := x.LeftStop().RatString(), x.RightStop().RatString()
	mean := shift(th.Mean())
	return e.emit(struct {
		Mean        string  `json:"mean"`
		Temperature string  `json:"temperature"`
		LeftStop    string  `json:"left_stop"`
		RightStop   string  `json:"right_stop"`
		LeftWall    []point `json:"left_wall"`
		RightWall   []point `json:"right_wall"`
	}{mean, th.Temperature().RatString(), ls, rs, lw, rw}, func() {
		fmt.Fprintf(e.out, "mean %s\ntemperature %s\nleft stop %s\nright stop %s\nleft wall %s\nright wall %s\n",
			mean, th.Temperature().RatString(), ls, rs, text(lw), text(rw))
	})
}

func cgtHackenbush(e *env, args []string) error {
	args, lim, err := takeLimits(e, args)
	if err != nil {
		return err
	}
	if len(args) != 1 {
		return errOperands("1 operand (a string of B, R and G)", len(args))
	}
	return emitPosition(e, "hackenbush-string", args[0], lim)
}

func cgtHackenTree(e *env, args []string) error {
	args, lim, err := takeLimits(e, args)
	if err != nil {
		return err
	}
	r, name, done, err := openInput(e, args)
	if err != nil {
		return err
	}
	defer done()
	t, colors, err := graph.ReadColouredTree(r, name)
	if err != nil {
		return err
	}
	forest, err := t.HackenbushNotation(colors)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if err := emitPosition(e, "hackenbush-tree", forest, lim); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

func cgtCutcake(e *env, args []string) error {
	if len(args) != 2 {
		return errOperands("2 operands (rows and columns)", len(args))
	}
	var side [2]int
	for i, a := range args {
		v, err := parseInt(a)
		if err != nil || v < 1 || v > grid.MaxCutcake {
			return fmt.Errorf("operand %d %q: want an integer from 1 to %d", i+1, clip(a), grid.MaxCutcake)
		}
		side[i] = v
	}
	return emitPosition(e, "cutcake", fmt.Sprintf("%dx%d", side[0], side[1]), cgtLimits{maxOutput: defaultMaxOutput})
}

// emitPosition prints, as emitGame does, the canonical form of the
// position s of the short ruleset named rules, as the registry reads and
// values it within lim.
func emitPosition(e *env, rules, s string, lim cgtLimits) error {
	r, err := games.Lookup(rules)
	if err != nil {
		return err
	}
	p, err := r.Parse(s)
	if err != nil {
		return fmt.Errorf("operand 1: %w", err)
	}
	g, err := games.NewEngine(r, lim.opt).Canonical(e.ctx, p)
	if err != nil {
		return limitError(err)
	}
	return emitGame(e, g, lim)
}

func runDomineering(e *env, args []string) error {
	pos := args
	if e.flags.has("board") {
		pos = append([]string{e.flags.text("board")}, pos...)
	}
	r, name, done, err := openInput(e, pos)
	if err != nil {
		return err
	}
	defer done()
	b, err := grid.ReadBoard(r)
	if err != nil {
		return fmt.Errorf("%s: %s", name, err)
	}
	// The board, in the ruleset's notation, through the one path of
	// grundy game.
	board := strings.ReplaceAll(strings.TrimSuffix(b.String(), "\n"), "\n", "|")
	a, err := games.Ask(e.ctx, games.Query{Ruleset: "domineering", Positions: []string{board}},
		&budget.Options{Limit: domineeringPositions, Progress: e.progress("components")})
	if err != nil {
		return fmt.Errorf("%s: %w", name, limitError(err))
	}
	g, o := a.Value, a.Winner
	return e.emit(struct {
		Game    string `json:"game"`
		Outcome string `json:"outcome"`
	}{g, o}, func() {
		fmt.Fprintln(e.out, g)
		fmt.Fprintln(e.out, o)
	})
}

// emitGame prints a partizan game in CGSuite's notation, or {"game": "…"},
// refusing a game that writes out more games than lim allows.
func emitGame(e *env, g *partizan.Game, lim cgtLimits) error {
	if n := g.TreeSize(); n > lim.maxOutput {
		return fmt.Errorf("%w: raise it with --max-output", &budget.TooLargeError{
			What: "the answer", Unit: "games written out", Estimate: n, Limit: lim.maxOutput})
	}
	return e.emit(struct {
		Game string `json:"game"`
	}{g.String()}, func() { fmt.Fprintln(e.out, g.Text(lim.notation)) })
}

// cgtGames takes the limits of a cgt verb and reads its operands: want
// of them, the first games games and the rest left as text.
func cgtGames(e *env, args []string, want, games int, what string) (*partizan.Calculator, []*partizan.Game, []string, cgtLimits, error) {
	args, lim, err := takeLimits(e, args)
	if err != nil {
		return nil, nil, nil, lim, err
	}
	calc := partizan.NewCalculator(lim.opt)
	if len(args) != want {
		return nil, nil, nil, lim, errOperands(what, len(args))
	}
	gs, err := parseGames(e, calc, args[:games])
	if err != nil {
		return nil, nil, nil, lim, err
	}
	return calc, gs, args[games:], lim, nil
}

func cgtBirthday(e *env, args []string) error {
	_, gs, _, _, err := cgtGames(e, args, 1, 1, "1 operand (a game)")
	if err != nil {
		return err
	}
	b := gs[0].Birthday()
	return e.emit(struct {
		Birthday string `json:"birthday"`
	}{b.String()}, func() { fmt.Fprintln(e.out, b) })
}

func cgtIncentives(e *env, args []string) error {
	calc, gs, _, lim, err := cgtGames(e, args, 1, 1, "1 operand (a game)")
	if err != nil {
		return err
	}
	left, right, err := calc.Incentives(e.ctx, gs[0])
	if err != nil {
		return tooLarge(err, "--budget")
	}
	size := 0.0
	for _, d := range append(append([]*partizan.Game{}, left...), right...) {
		size += d.TreeSize()
	}
	if size > lim.maxOutput {
		return fmt.Errorf("%w: raise it with --max-output", &budget.TooLargeError{
			What: "the answer", Unit: "games written out", Estimate: size, Limit: lim.maxOutput})
	}
	texts := func(ds []*partizan.Game, n partizan.Notation) []string {
		out := []string{}
		for _, d := range ds {
			out = append(out, d.Text(n))
		}
		return out
	}
	return e.emit(struct {
		Left  []string `json:"left"`
		Right []string `json:"right"`
	}{texts(left, partizan.CGSuite), texts(right, partizan.CGSuite)}, func() {
		fmt.Fprintf(e.out, "left %s\nright %s\n", strings.Join(texts(left, lim.notation), " "), strings.Join(texts(right, lim.notation), " "))
	})
}

// cgtTemperature runs cool or heat: a game and a number.
func cgtTemperature(e *env, args []string, op func(*partizan.Calculator, *partizan.Game, partizan.Dyadic) (*partizan.Game, error)) error {
	calc, gs, rest, lim, err := cgtGames(e, args, 2, 1, "2 operands (a game and a number)")
	if err != nil {
		return err
	}
	t, err := partizan.ParseDyadic(rest[0])
	if err != nil {
		return fmt.Errorf("operand 2 %q: %w", clip(rest[0]), err)
	}
	g, err := op(calc, gs[0], t)
	if err != nil {
		return tooLarge(err, "--budget")
	}
	return emitGame(e, g, lim)
}

func cgtCool(e *env, args []string) error {
	return cgtTemperature(e, args, func(k *partizan.Calculator, g *partizan.Game, t partizan.Dyadic) (*partizan.Game, error) {
		return k.Cool(e.ctx, g, t)
	})
}

// cgtGameOp runs a verb whose operands are all games and whose answer is
// a game.
// unaryOp returns the run function of a verb that prints f of its game.
func unaryOp(f func(*partizan.Calculator, context.Context, *partizan.Game) (*partizan.Game, error)) func(*env, []string) error {
	return func(e *env, args []string) error {
		return cgtGameOp(e, args, "1 operand (a game)", 1, func(k *partizan.Calculator, gs []*partizan.Game) (*partizan.Game, error) {
			return f(k, e.ctx, gs[0])
		})
	}
}

// binaryOp returns the run function of a verb that prints f of its two
// games, named in errors by names.
func binaryOp(names string, f func(*partizan.Calculator, context.Context, *partizan.Game, *partizan.Game) (*partizan.Game, error)) func(*env, []string) error {
	return func(e *env, args []string) error {
		return cgtGameOp(e, args, "2 operands ("+names+")", 2, func(k *partizan.Calculator, gs []*partizan.Game) (*partizan.Game, error) {
			return f(k, e.ctx, gs[0], gs[1])
		})
	}
}

func cgtGameOp(e *env, args []string, what string, n int, op func(k *partizan.Calculator, gs []*partizan.Game) (*partizan.Game, error)) error {
	calc, gs, _, lim, err := cgtGames(e, args, n, n, what)
	if err != nil {
		return err
	}
	g, err := op(calc, gs)
	if err != nil {
		return tooLarge(err, "--budget")
	}
	return emitGame(e, g, lim)
}

func cgtOverheat(e *env, args []string) error {
	return cgtGameOp(e, args, "3 operands (games G, S and T)", 3, func(k *partizan.Calculator, gs []*partizan.Game) (*partizan.Game, error) {
		return k.Overheat(e.ctx, gs[0], gs[1], gs[2])
	})
}

// cgtProperties prints what kind of game G is.
func cgtProperties(e *env, args []string) error {
	_, gs, _, _, err := cgtGames(e, args, 1, 1, "1 operand (a game)")
	if err != nil {
		return err
	}
	g := gs[0]
	_, number := g.AsNumber()
	_, nimber := g.AsNimber()
	temper := g.Temper().String()
	if temper != "neither" {
		temper += "-tempered"
	}
	uptimal := ""
	if u, ok := g.Uptimal(); ok {
		uptimal = u.String()
	}
	p := struct {
		Number        bool   `json:"number"`
		Nimber        bool   `json:"nimber"`
		Infinitesimal bool   `json:"infinitesimal"`
		AllSmall      bool   `json:"all_small"`
		Parity        string `json:"parity"`
		Temper        string `json:"temper"`
		Uptimal       string `json:"uptimal,omitempty"`
	}{number, nimber, g.IsInfinitesimal(), g.IsAllSmall(), g.Parity().String(), temper, uptimal}
	return e.emit(p, func() {
		fmt.Fprintf(e.out, "number %v\nnimber %v\ninfinitesimal %v\nall-small %v\nparity %s\ntemper %s\n", p.Number, p.Nimber, p.Infinitesimal, p.AllSmall, p.Parity, p.Temper)
		if p.Uptimal != "" {
			fmt.Fprintf(e.out, "uptimal %s\n", p.Uptimal)
		}
	})
}

// readForms reads the n operands as forms: quoted operands ('{*|*}')
// are kept as written, others read as their canonical forms.
func readForms(e *env, args []string, n int) (*partizan.Calculator, []*partizan.Form, cgtLimits, error) {
	args, lim, err := takeLimits(e, args)
	if err != nil {
		return nil, nil, lim, err
	}
	if len(args) != n {
		what := "1 operand (a game)"
		if n == 2 {
			what = "2 operands (games G and H)"
		}
		return nil, nil, lim, errOperands(what, len(args))
	}
	calc := partizan.NewCalculator(lim.opt)
	fs := make([]*partizan.Form, n)
	for i, a := range args {
		if len(a) > maxGameText {
			return nil, nil, lim, fmt.Errorf("operand %d: longer than %d bytes", i+1, maxGameText)
		}
		if fs[i], err = calc.ParseForm(e.ctx, a); err != nil {
			return nil, nil, lim, fmt.Errorf("operand %d %q: %w", i+1, clip(a), tooLarge(err, "--budget"))
		}
	}
	return calc, fs, lim, nil
}

// cgtForms runs a verb on two forms (readForms).
func cgtForms(e *env, args []string, op func(k *partizan.Calculator, g, h *partizan.Form) (*partizan.Game, error)) error {
	calc, fs, lim, err := readForms(e, args, 2)
	if err != nil {
		return err
	}
	g, err := op(calc, fs[0], fs[1])
	if err != nil {
		return tooLarge(err, "--budget")
	}
	return emitGame(e, g, lim)
}

// cgtNumber prints a rational or a generalized ordinal.
func cgtNumber(e *env, args []string) error {
	args, _, err := takeLimits(e, args)
	if err != nil {
		return err
	}
	if len(args) != 1 {
		return errOperands("1 operand (a number)", len(args))
	}
	type answer struct {
		Number   string `json:"number"`
		Abs      string `json:"abs"`
		Sign     int    `json:"sign"`
		Birthday string `json:"birthday"`
		Outcome  string `json:"outcome"`
		Ordinal  *bool  `json:"ordinal,omitempty"`
		Dyadic   *bool  `json:"dyadic,omitempty"`
	}
	var a answer
	text := strings.TrimSpace(args[0])
	if r, ok := new(big.Rat).SetString(text); ok && !strings.ContainsAny(text, "eE.") && len(text) <= maxGameText {
		dyadic := surreal.RatBirthday(r).IsInteger()
		a = answer{Number: r.RatString(), Abs: new(big.Rat).Abs(r).RatString(), Sign: r.Sign(),
			Birthday: surreal.RatBirthday(r).String(), Dyadic: &dyadic}
	} else {
		x, err := surreal.Parse(text)
		if err != nil {
			return fmt.Errorf("operand 1 %q: %w", clip(args[0]), err)
		}
		ordinal := x.IsOrdinal()
		a = answer{Number: x.String(), Abs: x.Abs().String(), Sign: x.Sign(), Birthday: x.Birthday().String(), Ordinal: &ordinal}
	}
	a.Outcome = map[int]string{1: "Left", -1: "Right", 0: "second"}[a.Sign]
	return e.emit(a, func() {
		fmt.Fprintf(e.out, "number %s\nabs %s\nsign %d\nbirthday %s\noutcome %s\n", a.Number, a.Abs, a.Sign, a.Birthday, a.Outcome)
		if a.Ordinal != nil {
			fmt.Fprintf(e.out, "ordinal %v\n", *a.Ordinal)
		}
		if a.Dyadic != nil {
			fmt.Fprintf(e.out, "dyadic %v\n", *a.Dyadic)
		}
	})
}

func cgtSensible(e *env, args []string) error {
	calc, fs, _, err := readForms(e, args, 1)
	if err != nil {
		return err
	}
	f := fs[0]
	left, right, err := calc.SensibleOptions(e.ctx, f)
	if err != nil {
		return tooLarge(err, "--budget")
	}
	texts := func(fs []*partizan.Form) []string {
		out := []string{}
		for _, x := range fs {
			out = append(out, x.String())
		}
		return out
	}
	l, r := texts(left), texts(right)
	return e.emit(struct {
		Left  []string `json:"left"`
		Right []string `json:"right"`
	}{l, r}, func() {
		fmt.Fprintf(e.out, "left %s\nright %s\n", strings.Join(l, " "), strings.Join(r, " "))
	})
}

func cgtConwayProduct(e *env, args []string) error {
	return cgtForms(e, args, func(k *partizan.Calculator, g, h *partizan.Form) (*partizan.Game, error) {
		return k.ConwayProduct(e.ctx, g, h)
	})
}

func cgtOrdinalProduct(e *env, args []string) error {
	return cgtForms(e, args, func(k *partizan.Calculator, g, h *partizan.Form) (*partizan.Game, error) {
		return k.OrdinalProduct(e.ctx, g, h)
	})
}

func cgtOrdinalSum(e *env, args []string) error {
	return cgtForms(e, args, func(k *partizan.Calculator, g, h *partizan.Form) (*partizan.Game, error) {
		hv, err := k.Canonical(e.ctx, h)
		if err != nil {
			return nil, err
		}
		return k.OrdinalSumForm(e.ctx, g, hv)
	})
}

func cgtStopCount(e *env, args []string) error {
	_, gs, _, _, err := cgtGames(e, args, 1, 1, "1 operand (a game)")
	if err != nil {
		return err
	}
	n := gs[0].StopCount()
	return e.emit(struct {
		StopCount string `json:"stop_count"`
	}{n.String()}, func() { fmt.Fprintln(e.out, n) })
}

// maxFollowers bounds the positions cgt followers lists.
const maxFollowers = 1 << 16

func cgtFollowers(e *env, args []string) error {
	_, gs, _, lim, err := cgtGames(e, args, 1, 1, "1 operand (a game)")
	if err != nil {
		return err
	}
	fs, err := gs[0].Followers(maxFollowers)
	if err != nil {
		return err
	}
	size := 0.0
	items := make([]partizan.OptionText, len(fs))
	for i, f := range fs {
		size += f.TreeSize()
		d, ok := f.AsNumber()
		items[i] = partizan.OptionText{Text: f.Text(lim.notation), Num: d, IsNum: ok}
	}
	if size > lim.maxOutput {
		return fmt.Errorf("%w: raise it with --max-output", &budget.TooLargeError{
			What: "the answer", Unit: "games written out", Estimate: size, Limit: lim.maxOutput})
	}
	partizan.JoinOptions(items) // sorts them
	texts := make([]string, len(items))
	for i, it := range items {
		texts[i] = it.Text
	}
	return e.emit(struct {
		Followers []string `json:"followers"`
	}{texts}, func() { fmt.Fprintln(e.out, strings.Join(texts, "\n")) })
}

func cgtSensibleLines(e *env, args []string) error {
	calc, fs, _, err := readForms(e, args, 1)
	if err != nil {
		return err
	}
	f := fs[0]
	left, right, err := calc.SensibleLines(e.ctx, f)
	if err != nil {
		return tooLarge(err, "--budget")
	}
	texts := func(lines [][]*partizan.Form) [][]string {
		out := [][]string{}
		for _, line := range lines {
			l := []string{}
			for _, x := range line {
				l = append(l, x.String())
			}
			out = append(out, l)
		}
		return out
	}
	l, r := texts(left), texts(right)
	return e.emit(struct {
		Left  [][]string `json:"left"`
		Right [][]string `json:"right"`
	}{l, r}, func() {
		for _, side := range []struct {
			name  string
			lines [][]string
		}{{"left", l}, {"right", r}} {
			for _, line := range side.lines {
				fmt.Fprintf(e.out, "%s %s\n", side.name, strings.Join(line, " -> "))
			}
		}
	})
}
