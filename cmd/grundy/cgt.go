package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/games/graph"
	"github.com/nimbers/grundy/games/grid"
	"github.com/nimbers/grundy/internal/cli"
	"github.com/nimbers/grundy/internal/gametext"
	"github.com/nimbers/grundy/internal/scan"
	"github.com/nimbers/grundy/partizan"
	"github.com/nimbers/grundy/partizan/loopy"
	"github.com/nimbers/grundy/surreal"
)

// maxGameText bounds the length of a game expression on the command line.
const maxGameText = 1 << 16

// defaultMaxOutput bounds the games an answer writes out: 2^22 of them
// print in about 2.5 s as about 9 MB.
const defaultMaxOutput = 1 << 22

// maxFollowers bounds the positions cgt followers lists.
const maxFollowers = 1 << 16

// rationalVerbs names the cgt verbs that take rationals that are not
// dyadic.
const rationalVerbs = "canon, sum, compare, outcome and thermo"

func cgtArea() cli.Command {
	return cli.Command{Name: "cgt", Flags: []cli.Flag{
		{Name: "unicode", Help: "print games with ↑ ↓ ⇑ ±"},
		eachFlag,
		cli.BudgetFlag("steps", partizan.DefaultLimit, "the steps"),
		cli.OutputFlag("games", defaultMaxOutput, "the games the answer writes out"),
	}, VerbFlags: map[string][]cli.Flag{"thermo": thermoFlags}, Verbs: []cli.Verb{
		{Name: "canon", Run: cgt("r", "1 operand (a game)", func(c *cgtCall) (any, error) { return c.rats[0], nil })},
		{Name: "compare", Run: cgt("rr", "2 operands (two games)", func(c *cgtCall) (any, error) {
			o, err := c.calc.CompareRational(c.ctx, c.rats[0], c.rats[1])
			return one("relation", o.String()), err
		})},
		{Name: "sum", Run: cgt("r+", "at least 1 operand (games)", func(c *cgtCall) (any, error) { return c.calc.SumRational(c.ctx, c.rats...) })},
		{Name: "outcome", Run: cgt("r", "1 operand (a game)", func(c *cgtCall) (any, error) {
			o, err := c.calc.CompareRational(c.ctx, c.rats[0], partizan.RationalGame{})
			return one("outcome", o.Outcome().Words()), err
		})},
		{Name: "thermo", Run: cgt("r", "1 operand (a game)", cgtThermo)},
		{Name: "hackenbush", Run: cgt("s", "1 operand (a string of B, R and G)", func(c *cgtCall) (any, error) {
			g, err := games.Canonical(c.ctx, "hackenbush-string", c.args[0], c.opt)
			if errors.Is(err, games.ErrInput) {
				return nil, fmt.Errorf("operand 1: %w", err)
			}
			return g, err
		})},
		{Name: "hackentree", Run: cgt("", "", cgtHackenTree)},
		{Name: "cutcake", Run: cgt("ss", "2 operands (rows and columns)", cgtCutcake)},
		{Name: "birthday", Run: cgt("g", "1 operand (a game)", func(c *cgtCall) (any, error) { return one("birthday", c.games[0].Birthday().String()), nil })},
		{Name: "incentives", Run: cgt("g", "1 operand (a game)", func(c *cgtCall) (any, error) {
			l, r, err := c.calc.Incentives(c.ctx, c.games[0])
			if err != nil {
				return nil, err
			}
			return c.gameSides(l, r)
		})},
		{Name: "cool", Run: cgt("gn", "2 operands (a game and a number)", func(c *cgtCall) (any, error) { return c.calc.Cool(c.ctx, c.games[0], c.num) })},
		{Name: "heat", Run: binaryOp("games G and T", (*partizan.Calculator).Heat)},
		{Name: "overheat", Run: cgt("ggg", "3 operands (games G, S and T)", func(c *cgtCall) (any, error) { return c.calc.Overheat(c.ctx, c.games[0], c.games[1], c.games[2]) })},
		{Name: "freeze", Run: unaryOp((*partizan.Calculator).Freeze)},
		{Name: "reduced", Run: unaryOp((*partizan.Calculator).ReducedCanonicalForm)},
		{Name: "atomic-weight", Run: unaryOp((*partizan.Calculator).AtomicWeight)},
		{Name: "norton", Run: binaryOp("games G and U", (*partizan.Calculator).NortonMultiply)},
		{Name: "conjunctive", Run: binaryOp("games G and H", (*partizan.Calculator).Conjunctive)},
		{Name: "selective", Run: binaryOp("games G and H", (*partizan.Calculator).Selective)},
		{Name: "selective-cgsuite", Run: binaryOp("games G and H", (*partizan.Calculator).SelectiveCGSuite)},
		{Name: "properties", Run: cgt("g", "1 operand (a game)", func(c *cgtCall) (any, error) { return c.games[0].Properties(), nil })},
		{Name: "conway-product", Run: cgt("ff", "2 operands (games G and H)", func(c *cgtCall) (any, error) { return c.calc.ConwayProduct(c.ctx, c.forms[0], c.forms[1]) })},
		{Name: "ordinal-product", Run: cgt("ff", "2 operands (games G and H)", func(c *cgtCall) (any, error) { return c.calc.OrdinalProduct(c.ctx, c.forms[0], c.forms[1]) })},
		{Name: "ordinal-sum", Run: cgt("ff", "2 operands (games G and H)", func(c *cgtCall) (any, error) { return c.calc.OrdinalSumForm(c.ctx, c.forms[0], c.forms[1]) })},
		{Name: "number", Run: cgt("s", "1 operand (a number)", func(c *cgtCall) (any, error) {
			n, err := surreal.Describe(c.args[0])
			return n, c.operandError(0, err)
		})},
		{Name: "sensible", Run: cgt("f", "1 operand (a game)", func(c *cgtCall) (any, error) {
			l, r, err := c.calc.SensibleOptions(c.ctx, c.forms[0])
			return sides(formTexts(l), formTexts(r), formTexts(l), formTexts(r)), err
		})},
		{Name: "sensible-lines", Run: cgt("f", "1 operand (a game)", cgtSensibleLines)},
		{Name: "companion", Run: unaryOp((*partizan.Calculator).Companion)},
		{Name: "stop-count", Run: cgt("g", "1 operand (a game)", func(c *cgtCall) (any, error) { return one("stop_count", c.games[0].StopCount().String()), nil })},
		{Name: "followers", Run: cgt("g", "1 operand (a game)", cgtFollowers)},
	}}
}

func domineeringCommand() cli.Command {
	return cli.Command{Name: "domineering", Run: runDomineering, Flags: []cli.Flag{{Name: "board", Arg: "FILE", Kind: cli.File, Help: "the board file (the same as the operand)"}}}
}

// cgtCall is one run of a cgt verb: its operands, read by their kinds,
// and its limits, from --budget, --max-output and --unicode.
type cgtCall struct {
	e         *cli.Env
	ctx       context.Context
	calc      *partizan.Calculator
	opt       *budget.Options
	maxOutput float64                 // the games the answer may write out (partizan.Game.TreeSize)
	unicode   bool                    // --unicode: text with ↑ ↓ ⇑ ±; JSON is always CGSuite's
	args      []string                // the operands as given
	games     []*partizan.Game        // the operands of kind g
	rats      []partizan.RationalGame // of kind r
	forms     []*partizan.Form        // of kind f
	num       partizan.Dyadic         // the operand of kind n
	exprs     []loopy.Expr            // of kind x
	stoppers  []loopy.Game            // of kind p
}

// cgt returns the run function of a cgt or stopper verb: its operands are
// read by kinds, one letter each (g a game, r a game that may hold a
// rational that is not dyadic, f a form kept as written when quoted, n a
// number, x a loopy game, p a stopper, s text left as it is; a final +
// repeats the last kind, at least once), a count error saying it wants
// want; call computes the answer, which is printed by (*cgtCall).emit.
func cgt(kinds, want string, call func(c *cgtCall) (any, error)) func(*cli.Env, []string) error {
	return func(e *cli.Env, args []string) error {
		if e.Flags.Has("each") {
			return cgtEach(e, kinds, want, call, args)
		}
		c, err := newCgtCall(e, kinds, want, args)
		if err != nil {
			return err
		}
		return c.answer(call)
	}
}

// newCgtCall reads the operands args by kinds, as cgt says.
func newCgtCall(e *cli.Env, kinds, want string, args []string) (*cgtCall, error) {
	c := &cgtCall{e: e, ctx: e.Ctx, args: args, unicode: e.Flags.Has("unicode"), opt: e.Limits("steps"),
		maxOutput: (&budget.Options{Limit: e.Flags.Limit("max-output")}).Max(defaultMaxOutput)}
	c.calc = partizan.NewCalculator(c.opt)
	if n := len(kinds); strings.HasSuffix(kinds, "+") && len(args) >= n-1 {
		kinds = kinds[:n-1] + strings.Repeat(kinds[n-2:n-1], len(args)-n+1)
	} else if kinds != "" && len(args) != n {
		return nil, cli.WantOperands(want, len(args))
	}
	for i := range kinds {
		if err := c.read(i, kinds[i]); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// answer computes the answer of c by call and prints it.
func (c *cgtCall) answer(call func(c *cgtCall) (any, error)) error {
	v, err := call(c)
	var done asIs
	if errors.As(err, &done) {
		return done.error
	}
	if err != nil {
		return cli.LimitError(err)
	}
	return c.emit(v)
}

// eachFlag is --each of the cgt and stopper verbs.
var eachFlag = cli.Flag{Name: "each", Arg: "FILE", Kind: cli.File, Help: "answer each line of FILE (- for stdin): the verb's operands, separated by tabs"}

// maxEachInput bounds the bytes --each reads.
const maxEachInput = 64 << 20

// cgtEach answers each line of the file --each names (- for stdin): the
// operands of one run of the verb, separated by tabs. Every line is read
// and checked first; then each is answered as it is found, its answer's
// lines after the line and a tab, or with --json as {"input": […],
// "answer": …}; a line past the limits is answered by its error.
func cgtEach(e *cli.Env, kinds, want string, call func(c *cgtCall) (any, error), args []string) error {
	switch {
	case len(args) > 0:
		return fmt.Errorf("with --each the operands come from its file: got %d on the command line", len(args))
	case kinds == "":
		return errors.New("--each does not apply: this verb reads its own input")
	case e.Flags.Has("svg") || e.Flags.Has("png"):
		return errors.New("--each does not apply to a picture")
	}
	in, err := readInput(e, []string{e.Flags.Text("each")}, func(r io.Reader, name string) ([]scan.Line, error) {
		lines, err := scan.ReadLines(r, name, maxEachInput, "games")
		for _, l := range lines {
			var tl *budget.TooLargeError
			if _, err := newCgtCall(e, kinds, want, strings.Split(l.Text, "\t")); err != nil && !errors.As(err, &tl) && e.Ctx.Err() == nil {
				return nil, fmt.Errorf("%s line %d: %w", name, l.N, err)
			}
		}
		return lines, err
	})
	if err != nil {
		return err
	}
	for _, l := range in {
		ops := strings.Split(l.Text, "\t")
		var buf bytes.Buffer
		sub := e.To(&buf)
		c, err := newCgtCall(sub, kinds, want, ops)
		if err == nil {
			err = c.answer(call)
		}
		sub.Out.Flush()
		if e.Ctx.Err() != nil {
			return e.Ctx.Err()
		}
		e.Commit()
		if err := e.Emit(eachLine{ops, json.RawMessage(bytes.TrimSpace(buf.Bytes())), errText(err)}, func() {
			if err != nil {
				buf.Reset()
				fmt.Fprintf(&buf, "error: %s\n", cli.OneLine(err.Error()))
			}
			for _, l := range strings.SplitAfter(strings.TrimSuffix(buf.String(), "\n"), "\n") {
				fmt.Fprintf(e.Out, "%s\t%s\n", strings.Join(ops, "\t"), strings.TrimSuffix(l, "\n"))
			}
		}); err != nil {
			return err
		}
	}
	return nil
}

// eachLine is the JSON line of cgtEach: a line's operands, and its
// answer or its error.
type eachLine struct {
	Input  []string        `json:"input"`
	Answer json.RawMessage `json:"answer,omitempty"`
	Error  string          `json:"error,omitempty"`
}

// errText returns the text of err, "" for nil.
func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// read reads operand i as kind k.
func (c *cgtCall) read(i int, k byte) error {
	s := c.args[i]
	if len(s) > maxGameText && k != 's' {
		return fmt.Errorf("operand %d: longer than %d bytes", i+1, maxGameText)
	}
	var err error
	switch k {
	case 'g':
		var g *partizan.Game
		if g, err = c.calc.Parse(c.ctx, s); err != nil {
			if x, rerr := partizan.NewCalculator(nil).ParseRational(c.ctx, s); rerr == nil {
				if _, short := x.Short(); !short {
					return fmt.Errorf("operand %d %q: %s is not a short game (a number whose denominator is not a power of 2 is born on day ω): only %s take it", i+1, clip(s), x, rationalVerbs)
				}
			}
		}
		c.games = append(c.games, g)
	case 'r':
		var x partizan.RationalGame
		x, err = c.calc.ParseRational(c.ctx, s)
		c.rats = append(c.rats, x)
	case 'f':
		var f *partizan.Form
		f, err = c.calc.ParseForm(c.ctx, s)
		c.forms = append(c.forms, f)
	case 'n':
		c.num, err = partizan.ParseDyadic(s)
	case 'x':
		var x loopy.Expr
		x, err = loopy.ParseExpr(c.ctx, s, c.opt)
		c.exprs = append(c.exprs, x)
	case 'p':
		var g loopy.Game
		g, err = loopy.Parse(c.ctx, s, c.opt)
		if err == nil && !g.IsStopper() {
			return fmt.Errorf("operand %d %q: not a stopper (it has an endless alternating line of play)", i+1, clip(s))
		}
		c.stoppers = append(c.stoppers, g)
	}
	return c.operandError(i, cli.LimitError(err))
}

// operandError names operand i in err.
func (c *cgtCall) operandError(i int, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("operand %d %q: %w", i+1, clip(c.args[i]), err)
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

// unaryOp returns the run function of a verb that prints f of its game.
func unaryOp(f func(*partizan.Calculator, context.Context, *partizan.Game) (*partizan.Game, error)) func(*cli.Env, []string) error {
	return cgt("g", "1 operand (a game)", func(c *cgtCall) (any, error) { return f(c.calc, c.ctx, c.games[0]) })
}

// binaryOp returns the run function of a verb that prints f of its two
// games, named in errors by names.
func binaryOp(names string, f func(*partizan.Calculator, context.Context, *partizan.Game, *partizan.Game) (*partizan.Game, error)) func(*cli.Env, []string) error {
	return cgt("gg", "2 operands ("+names+")", func(c *cgtCall) (any, error) { return f(c.calc, c.ctx, c.games[0], c.games[1]) })
}

// asIs is an error of a cgt verb that names its limits already.
type asIs struct{ error }

// shown is an answer whose JSON document and text differ in form: the
// text is printed as it is, and the games are first checked against
// --max-output.
type shown struct {
	json  any
	text  string
	games []*partizan.Game
}

// one returns the answer of one value: {"key": "value"}, or the value.
func one(key, value string) shown {
	return shown{json: map[string]string{key: value}, text: value + "\n"}
}

// sides returns the answer of two lists, Left's and Right's: l and r as
// {"left": […], "right": […]}, or lt and rt on two lines, "left …" and
// "right …".
func sides(l, r, lt, rt []string) shown {
	return shown{json: map[string][]string{"left": l, "right": r},
		text: "left " + strings.Join(lt, " ") + "\nright " + strings.Join(rt, " ") + "\n"}
}

// emit prints the answer v: a game or a rational game in CGSuite's
// notation (or --unicode), or {"game": "…"}, within --max-output, or as
// emitAnswer does.
func (c *cgtCall) emit(v any) error {
	switch x := v.(type) {
	case *partizan.Game:
		return c.emit(partizan.RationalOf(x))
	case partizan.RationalGame:
		if _, g := x.Parts(); c.fits(g) != nil {
			return c.fits(g)
		}
		return c.emit(shown{json: map[string]string{"game": x.String()}, text: c.written(x.String()) + "\n"})
	case shown:
		if err := c.fits(x.games...); err != nil {
			return err
		}
	}
	return emitAnswer(c.e, v)
}

// emitAnswer prints the answer v of a verb: a shown answer, or any other
// value as its JSON document or its String form. A nil answer has been
// printed already.
func emitAnswer(e *cli.Env, v any) error {
	switch x := v.(type) {
	case nil:
		return nil
	case shown:
		return e.Emit(x.json, func() { fmt.Fprint(e.Out, x.text) })
	}
	return e.Emit(v, func() { fmt.Fprintln(e.Out, v) })
}

// fits refuses games that write out more games than --max-output.
func (c *cgtCall) fits(gs ...*partizan.Game) error {
	size := 0.0
	for _, g := range gs {
		size += g.TreeSize()
	}
	if size > c.maxOutput {
		return fmt.Errorf("%w: raise it with --max-output", &budget.TooLargeError{
			What: "the answer", Unit: "games written out", Estimate: size, Limit: c.maxOutput})
	}
	return nil
}

// gameSides returns games l and r as sides, written as --unicode asks in
// text and in CGSuite's notation in JSON.
func (c *cgtCall) gameSides(l, r []*partizan.Game) (any, error) {
	if err := c.fits(append(l[:len(l):len(l)], r...)...); err != nil {
		return nil, asIs{err}
	}
	lc, lt := c.gameTexts(l)
	rc, rt := c.gameTexts(r)
	return sides(lc, rc, lt, rt), nil
}

// gameTexts returns the games gs in CGSuite's notation and as --unicode
// asks.
func (c *cgtCall) gameTexts(gs []*partizan.Game) (cgsuite, text []string) {
	cgsuite, text = []string{}, []string{}
	for _, g := range gs {
		cgsuite = append(cgsuite, g.String())
		text = append(text, c.written(g.String()))
	}
	return cgsuite, text
}

// written returns a game written s in CGSuite's notation as --unicode asks.
func (c *cgtCall) written(s string) string {
	if c.unicode {
		return gametext.Unicode(s)
	}
	return s
}

// formTexts writes forms as they were written.
func formTexts(fs []*partizan.Form) []string {
	out := []string{}
	for _, f := range fs {
		out = append(out, f.String())
	}
	return out
}

// cgtThermo answers cgt thermo, or draws the thermograph for --svg and
// --png.
func cgtThermo(c *cgtCall) (any, error) {
	th, err := c.calc.Thermograph(c.ctx, c.rats[0])
	if err != nil {
		return nil, err
	}
	if r, _ := c.rats[0].Parts(); r.Sign() == 0 {
		if drawn, err := drawThermograph(c.e, th, c.args[0]); drawn || err != nil {
			return nil, err
		}
	} else if c.e.Flags.Has("svg") || c.e.Flags.Has("png") {
		return nil, fmt.Errorf("--svg and --png draw short games; %s has a part that is not dyadic", clip(c.args[0]))
	}
	return th, nil
}

func cgtHackenTree(c *cgtCall) (any, error) {
	r, name, done, err := openInput(c.e, c.args)
	if err != nil {
		return nil, err
	}
	defer done()
	g, err := graph.HackenbushTree(c.ctx, r, name, c.opt)
	if err != nil {
		return nil, err
	}
	if err := c.emit(g); err != nil {
		return nil, asIs{fmt.Errorf("%s: %w", name, err)}
	}
	return nil, nil
}

func cgtCutcake(c *cgtCall) (any, error) {
	var side [2]int
	for i, a := range c.args {
		v, err := scan.Int(a)
		if err != nil || v < 1 || v > grid.MaxCutcake {
			return nil, fmt.Errorf("operand %d %q: want an integer from 1 to %d", i+1, clip(a), grid.MaxCutcake)
		}
		side[i] = v
	}
	return grid.Cutcake(side[0], side[1]) // by formula, within no budget
}

func runDomineering(e *cli.Env, args []string) error {
	pos := args
	if e.Flags.Has("board") {
		pos = append([]string{e.Flags.Text("board")}, pos...)
	}
	r, name, done, err := openInput(e, pos)
	if err != nil {
		return err
	}
	defer done()
	res, err := grid.SolveDomineering(e.Ctx, r, &budget.Options{Progress: e.Progress("components")})
	if err != nil {
		return fmt.Errorf("%s: %w", name, cli.LimitError(err))
	}
	return e.EmitTo(res)
}

func cgtFollowers(c *cgtCall) (any, error) {
	fs, err := c.games[0].Followers(maxFollowers)
	if err != nil {
		return nil, asIs{err} // maxFollowers is no flag
	}
	cg, text := c.gameTexts(fs)
	return shown{map[string][]string{"followers": cg}, strings.Join(text, "\n") + "\n", fs}, nil
}

func cgtSensibleLines(c *cgtCall) (any, error) {
	left, right, err := c.calc.SensibleLines(c.ctx, c.forms[0])
	lines, text := map[string][][]string{"left": {}, "right": {}}, ""
	for i, side := range [][][]*partizan.Form{left, right} {
		name := [2]string{"left", "right"}[i]
		for _, line := range side {
			lines[name] = append(lines[name], formTexts(line))
			text += name + " " + strings.Join(formTexts(line), " -> ") + "\n"
		}
	}
	return shown{json: lines, text: text}, err
}
