package main

import (
	"strings"
	"testing"
)

func TestStopperCommands(t *testing.T) {
	checkOutputs(t, []cliCase{
		{[]string{"stopper", "canon", "{0|pass}+*"}, "over\n2 positions; Left first: Left wins, Right first: Left wins\n"},
		{[]string{"stopper", "canon", "{pass|}+5"}, "on\n1 position; Left first: Left wins, Right first: Left wins\n"},
		{[]string{"stopper", "compare", "over", "^"}, ">\n"},
		{[]string{"stopper", "compare", "upon", "*"}, "||\n"},
		{[]string{"stopper", "sum", "over", "over", "-1"}, "-1over\n"},
		{[]string{"stopper", "outcome", "on+off"}, "Left first: draw, Right first: draw\n"},
		{[]string{"stopper", "outcome", "under"}, "Left first: Right wins, Right first: Right wins\n"},
	})
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"stopper", "canon", "{0|"}, "operand 1 \"{0|\": syntax error"},
		{[]string{"stopper", "canon", "dud"}, "operand 1: the game is not a stopper"},
		{[]string{"stopper", "compare", "0", "a:{0|{a|*}}"}, "operand 2: the game is not a stopper"},
		{[]string{"stopper", "compare", "0"}, "want 2 game(s)"},
		{[]string{"stopper", "canon", "99999999"}, "needs more than 65536 positions"},
		{[]string{"stopper", "sum", "nope"}, "unknown name \"nope\""},
	} {
		out, errs, code := runCLI("", c.args...)
		if code != 2 || out != "" || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%q: %q %q %d; want exit 2 and %q", c.args, out, errs, code, c.want)
		}
	}
}
