package main

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/nimbers/grundy/internal/cli"
	"github.com/nimbers/grundy/internal/nimkern"
	"github.com/nimbers/grundy/nimber"
	"github.com/nimbers/grundy/nimfield"
	"github.com/nimbers/grundy/plot"
)

// N and O abbreviate the operand types of the nim verbs.
type (
	N = nimber.Nimber
	O = nimfield.Ordinal
)

func nimArea() cli.Command {
	return cli.Command{Name: "nim", Verbs: append([]cli.Verb{
		{Name: "add", Run: nimOp{n: -2, op: "add"}.run},
		{Name: "mul", Run: nimOp{n: -2, op: "mul", batch: true}.run},
		{Name: "div", Run: nimOp{n: 2, op: "div"}.run},
		{Name: "inv", Run: nimOp{n: 1, op: "inv"}.run},
		{Name: "square", Run: nimOp{n: 1, op: "square"}.run},
		{Name: "sqrt", Run: nimOp{n: 1, op: "sqrt"}.run},
		{Name: "pow", Run: nimOp{n: 2, op: "pow"}.run},
		{Name: "log", Run: nimOp{n: 2, op: "log", batch: true}.run},
		{Name: "order", Run: nimOp{n: 1, op: "order"}.run},
		{Name: "trace", Run: nimOp{n: 1, op: "trace"}.run},
		{Name: "solve", Run: nimOp{n: 2, op: "solve"}.run},
		{Name: "bench", Run: nimBench},
		{Name: "excess", Run: nimExcess},
		{Name: "table", Run: nimTable},
	}, matrixVerbs()...), VerbFlags: nimVerbFlags()}
}

// A nimOp is the verb op of nimfield.Calc on n operands (-2: two or
// more): nimbers below 2^64, or ordinals when one is written with w or ω.
// With no operands a batch verb answers nimfield.Batch's input on stdin.
type nimOp struct {
	n     int
	op    string
	batch bool
}

func (op nimOp) run(e *cli.Env, args []string) error {
	if len(args) == 0 && op.batch {
		a, err := nimfield.Batch(op.op, e.Stdin, "stdin")
		if err != nil {
			return err
		}
		e.Commit() // the input is checked: the answers may be long
		return e.EmitTo(a)
	}
	// Transfinite operands are parsed before they are counted, finite ones
	// after.
	parse := func(s string) (O, error) {
		x, err := nimber.Parse(s)
		return nimfield.Nat(uint64(x)), err
	}
	ord := slices.ContainsFunc(args, func(s string) bool { return strings.ContainsAny(s, "wω") })
	if ord {
		parse = nimfield.Parse
	}
	xs := make([]O, len(args))
	var bad error
	for i := 0; i < len(args) && bad == nil; i++ {
		if xs[i], bad = parse(args[i]); bad != nil {
			bad = fmt.Errorf("operand %d: %v", i+1, bad)
		}
	}
	switch {
	case ord && bad != nil:
		return bad
	case op.n == -2 && len(args) < 2:
		return cli.WantOperands("at least 2 operands", len(args))
	case op.n > 0 && len(args) != op.n:
		return cli.WantOperands(fmt.Sprintf("%d operand%s", op.n, cli.Plural(op.n)), len(args))
	case bad != nil:
		return bad
	}
	r, err := nimfield.Calc(op.op, xs...)
	switch {
	case errors.Is(err, nimber.ErrNoLog):
		return fmt.Errorf("no solution: %v", err)
	case err != nil:
		return err
	case op.op == "solve":
		return e.Emit(map[string][]string{"roots": r}, func() {
			for _, x := range r {
				fmt.Fprintln(e.Out, x)
			}
		})
	}
	return e.Emit(map[string]string{"value": r[0]}, func() { fmt.Fprintln(e.Out, r[0]) })
}

// nimExcess prints Lenstra's constants of an odd prime.
func nimExcess(e *cli.Env, args []string) error {
	if len(args) != 1 {
		return cli.WantOperands("1 operand", len(args))
	}
	p, err := strconv.Atoi(args[0])
	if err != nil || p < 3 {
		return fmt.Errorf("%q is not an odd prime", args[0])
	}
	c, err := nimfield.Constants(p)
	if err != nil {
		return err
	}
	return e.Emit(c, func() { fmt.Fprintln(e.Out, c) })
}

// nimTable prints the product table of side N, or with --png its heat map.
func nimTable(e *cli.Env, args []string) error {
	if len(args) != 1 {
		return cli.WantOperands("1 operand", len(args))
	}
	n, err := operand(args[0], 1)
	if err != nil {
		return err
	}
	t, err := nimfield.Table(uint64(n))
	if err != nil {
		return err
	}
	if path, ok := e.Flags.Text("png"), e.Flags.Has("png"); ok {
		if e.JSON {
			return cli.ErrNoJSON
		}
		if n == 0 {
			return fmt.Errorf("a picture of the empty table (side 0)")
		}
		img, err := plot.ProductTable(int(n))
		if err != nil {
			return err
		}
		return writePNG(e, path, img)
	}
	e.Commit()
	return e.EmitTo(t)
}

// nimBench times every multiplication path over N random pairs.
func nimBench(e *cli.Env, args []string) error {
	n := N(1 << 20)
	if len(args) > 1 {
		return cli.WantOperands("at most 1 operand", len(args))
	}
	if len(args) == 1 {
		var err error
		if n, err = operand(args[0], 1); err != nil {
			return err
		}
		if n < 1 || n > 1<<24 {
			return fmt.Errorf("the number of pairs %d is outside [1, 2^24]", uint64(n))
		}
	}
	r := nimkern.Bench(int(n))
	return e.Emit(r, func() { r.WriteTo(e.Out) })
}
