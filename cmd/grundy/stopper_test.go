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
		// CGSuite's values (CgscriptTest.scala, GameTest.scala).
		{[]string{"stopper", "sides", "a{1||a|0}"}, "2 & +-1\n5 positions; Left first: Left wins, Right first: draw\n"},
		{[]string{"stopper", "sides", "dud"}, "on & off\n1 position; Left first: draw, Right first: draw\n"},
		{[]string{"stopper", "compare", "0", "a:{0|{a|*}}"}, "||\n"},
		{[]string{"stopper", "compare", "{pass|pass,0}", "under"}, "<\n"},
		{[]string{"stopper", "compare", "on", "dud"}, ">\n"},
		{[]string{"stopper", "sum", "over", "under"}, "over & under\n"},
		{[]string{"stopper", "sum", "{pass|pass,0}", "1"}, "1under & off\n"},
		{[]string{"stopper", "sides", "a:{0,pass|{|a||}}"}, "1under\n4 positions; Left first: Left wins, Right first: Left wins\n"},
		{[]string{"stopper", "sides", "{pass|pass,0}"}, "under & off\n2 positions; Left first: Right wins, Right first: Right wins\n"},
		{[]string{"stopper", "sides", "a:{{0,pass|0,{pass|a,pass}}|0,pass,{0,pass|0,{pass|a,pass}}}"}, "under & off\n10 positions; Left first: Right wins, Right first: Right wins\n"},
		{[]string{"stopper", "toads-frogs", "--backsliding", "ttt..fff"}, "{on||0|-1/2} & {1/2|0||off}\n560 positions; Left first: draw, Right first: draw\n"},
		{[]string{"stopper", "toads-frogs", "--jump", "0", "tttt..fff"}, "1\n36 positions; Left first: Left wins, Right first: Left wins\n"},
		{[]string{"stopper", "toads-frogs", "--jump=2", "tttt..fff"}, "{1/2*|v}\n1176 positions; Left first: Left wins, Right first: Right wins\n"},
		{[]string{"stopper", "fox-geese", "{(4,2),(4,4),(4,6),(4,8)}, (1,1)"}, "{4*|7/2}\n7258 positions; Left first: Left wins, Right first: Left wins\n"},
		{[]string{"stopper", "fox-geese", "--range", "2", "{(4,2),(4,4),(4,6),(4,8)},", "(1,1)"}, "{9||4v[on]*|5/2*|||3|5/2*,5/2v||5/2}\n7258 positions; Left first: Left wins, Right first: Left wins\n"},
		// Short games are answered by their canonical forms, numbers
		// however large.
		{[]string{"stopper", "canon", "99999999"}, "99999999\n100000000 positions; Left first: Left wins, Right first: Left wins\n"},
		{[]string{"stopper", "canon", "-5/8"}, "-5/8\n5 positions; Left first: Right wins, Right first: Right wins\n"},
		{[]string{"stopper", "sides", "{5|3}"}, "{5|3}\n7 positions; Left first: Left wins, Right first: Left wins\n"},
		{[]string{"stopper", "sum", "2000", "1999"}, "3999\n"},
		{[]string{"stopper", "compare", "{1|0}", "1/2"}, "||\n"},
		{[]string{"stopper", "outcome", "*"}, "Left first: Left wins, Right first: Right wins\n"},
		{[]string{"stopper", "fox-geese", "--width", "10", "{(3,1),(3,3),(3,5),(3,7),(3,9)}, (1,9)"}, "{6over|5*}\n5076 positions; Left first: Left wins, Right first: Left wins\n"},
	})
	checkRefusals(t, []cliCase{
		{[]string{"stopper", "canon", "{0|"}, "operand 1 \"{0|\": syntax error"},
		{[]string{"stopper", "canon", "dud"}, "operand 1 \"dud\": the game is not a stopper"},
		{[]string{"stopper", "compare", "0"}, "want 2 game(s)"},
		{[]string{"stopper", "sum", "over", "99999"}, "needs more than 65536 positions"},
		{[]string{"stopper", "sum", "over", "upon", "--budget", "1000"}, "needs about 1536 steps, more than the limit of 1000: raise it with --budget"},
		{[]string{"stopper", "compare", "over+over", "upon", "--max-memory", "100"}, "the simplest form of a sum needs about 1536 bytes, more than the limit of 100: raise it with --max-memory"},
		{[]string{"stopper", "sum", "nope"}, "unknown name \"nope\""},
		{[]string{"stopper", "sides", "b:{0,a:{pass|{0,a,{b|pass}|pass,{b|pass}},{b|pass}}|{0,c:{0,a:{pass|c,{b|pass}},{b|pass}|pass,{b|pass}}|a:{pass|c:{0,a,{b|pass}|pass,{b|pass}},{b|pass}}},{|b}}"}, "the sides were not found"},
		{[]string{"stopper", "toads-frogs", "tx.f"}, "square 2: 'x' is not"},
		{[]string{"stopper", "toads-frogs", "t.f", "--jump", "-1"}, "-jump \"-1\": want an integer from 0"},
		{[]string{"stopper", "toads-frogs", "--backsliding", "tttttttttttttt...........ffffffffffff"}, "needs about 8.3e+15 positions, more than the limit of 2.1e+09"},
		{[]string{"stopper", "fox-geese", "{(3,2)}, (1,1)"}, "(3,2) is not a dark square"},
		{[]string{"stopper", "fox-geese", "{(3,1)}"}, "is not {(row,col),…}, (row,col)"},
		{[]string{"stopper", "fox-geese", "{(1000000,2)}, (1,1)"}, "needs about 1.6e+13 positions"},
		{[]string{"stopper", "fox-geese", "{(3,1)}, (1,1)", "--width", "99"}, "-width \"99\": want an integer from 2 to 64"},
	})
}

// TestStopperDegrees checks the degree verbs against CGSuite's values
// (CanonicalStopperTestCase.scala: Degree and Variety; GameTest.scala:
// Upsum and Downsum of upon and ^<on>).
func TestStopperDegrees(t *testing.T) {
	checkOutputs(t, []cliCase{
		{[]string{"stopper", "degree", "off"}, "on\n"},
		{[]string{"stopper", "degree", "{pass|3/2}"}, "over\n"},
		{[]string{"stopper", "degree", "{on|0||0}"}, "Tiny(on)\n"},
		{[]string{"stopper", "degree", "a{0||||0|||a|*||*}"}, "{0|a{0|0,{0|||a|0||0}}}\n"},
		{[]string{"stopper", "degree", "{5|3}"}, "0\n"},
		{[]string{"stopper", "variety", "{pass|3/2}"}, "under\n"},
		{[]string{"stopper", "variety", "{on|0||0}"}, "Miny(on)\n"},
		{[]string{"stopper", "variety", "+-{5|pass}"}, "+-{10over|over}\n"},
		{[]string{"stopper", "upsum", "upon", "^<on>"}, "{0|^<on>*}\n"},
		{[]string{"stopper", "downsum", "upon", "^<on>"}, "^[on]\n"},
		{[]string{"--json", "stopper", "degree", "over"}, `{"degree":"over"}` + "\n"},
	})
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"stopper", "variety", "{0|||0||0|off}"}, "must be idempotent"},
		{[]string{"stopper", "variety", "a{0|{0||||0,*2|||a|0||0}||0}"}, "not stable"},
		{[]string{"stopper", "degree", "dud"}, "not a stopper"},
		{[]string{"stopper", "upsum", "on"}, "want 2"},
	} {
		out, errs, code := runCLI("", c.args...)
		checkContract(t, strings.Join(c.args, " "), out, errs, code)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("grundy %q: exit %d, stderr %q; want %q", c.args, code, errs, c.want)
		}
	}
}
