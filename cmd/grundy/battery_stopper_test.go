package main

import (
	"strconv"
	"strings"
	"time"
)

// stopperBattery holds the cases of stoppers, strips and grids.
func stopperBattery(file func(name, text string) string) []batteryCase {
	stopper := func(args ...string) []string { return append([]string{"stopper"}, args...) }
	overs := strings.TrimSuffix(strings.Repeat("over+", 22), "+")
	upons := strings.Repeat("upon ", 14)
	fox := func(row, width int) string { // geese on a row, the fox at (1,1)
		var g []string
		for c := 2 - row%2; c <= width; c += 2 {
			g = append(g, "("+strconv.Itoa(row)+","+strconv.Itoa(c)+")")
		}
		return "{" + strings.Join(g, ",") + "}, (1,1)"
	}
	switches := func(n int) string { // +-1+...+-n
		var s []string
		for i := 1; i <= n; i++ {
			s = append(s, "+-"+strconv.Itoa(i))
		}
		return strings.Join(s, "+")
	}
	second := time.Second
	return []batteryCase{
		// Numbers and other short games are answered by their canonical
		// forms, without a search: integers cost nothing however large
		// (canon 10000 took 7.6 s, 60000 over 30 s).
		{args: stopper("canon", "10000"), want: "10000\n10001 positions; Left first: Left wins, Right first: Left wins\n", cpu: second},
		{args: stopper("canon", "60000"), want: "60001 positions", cpu: second},
		{args: stopper("sides", "60000"), want: "60000\n60001 positions", cpu: second},
		{args: stopper("canon", "1000000000000000000000"), want: "1000000000000000000001 positions", cpu: second},
		{args: stopper("canon", "-12345/1024"), want: "-12345/1024\n", cpu: second},
		{args: stopper("sum", "2000", "1999"), want: "3999\n", cpu: second},
		{args: stopper("sum", "60000", "-1/2", "{1|0}"), want: "{120001/2|119999/2}\n", cpu: second},
		{args: stopper("compare", "60000", "59999"), want: ">\n", cpu: second},
		{args: stopper("outcome", "60000"), want: "Left first: Left wins, Right first: Left wins\n", cpu: second},
		{args: stopper("outcome", "2000+1999-3999"), want: "Left first: Right wins, Right first: Left wins\n", cpu: second},
		// A sum of stoppers none of which has a Left move on a cycle (or
		// none a Right move) is a stopper, and is added term by term,
		// simplifying as it goes: 22 overs (17 s and 2.9 GB before).
		{args: stopper("outcome", overs), want: "Left first: Left wins, Right first: Left wins\n", cpu: second},
		{args: stopper("canon", overs), want: "over\n2 positions", cpu: second},
		{args: stopper("sides", overs), want: "over\n4194304 positions", cpu: second},
		{args: stopper("sum", overs), want: "over\n", cpu: second},
		{args: stopper("compare", overs, strings.ReplaceAll(strings.TrimSpace(upons), " ", "+")), want: ">\n", cpu: second},
		{args: stopper(strings.Fields("sum " + upons)...), want: "|^[on]*}}}}\n", cpu: second}, // braces kept at four bars, as in CGSuite
		// Other sums of loopy games are counted, as the product of their
		// terms' positions, before they are built; short terms are added
		// by their canonical forms first.
		{args: stopper("outcome", overs+"+"+strings.ReplaceAll(strings.TrimSpace(upons), " ", "+")), code: 2, want: "positions, more than the limit of 2.1e+09\n", cpu: second},
		{args: stopper("outcome", "over+upon+over+upon+over+upon+over+upon+over+upon+over+upon+over+upon+over+upon"), code: 2, want: "--budget", cpu: second},
		{args: stopper("sum", "over", "upon", "over", "upon", "over", "upon", "over", "upon", "over", "upon"), code: 2, want: "--budget", cpu: second},
		{args: stopper("outcome", "over+upon+over+upon+over+upon+over+upon+over+upon+over+upon"), want: "Left first: Left wins, Right first: Left wins\n", cpu: second},
		{args: stopper("sum", "over", "400", "399"), want: "799over\n"},
		// Short sums that grow exponentially are bounded by package
		// partizan's steps, raised by --budget too.
		{args: stopper("canon", switches(29), "--budget", "100000"), code: 2, want: "more than 100000 steps: raise it with --budget"},
		{args: stopper("outcome", switches(29), "--budget", "100000"), code: 2, want: "more than 100000 steps: raise it with --budget"},
		{args: stopper("sum", switches(12), "over"), want: "{78over|76over||74over|72over|||"},
		// A number added to loopy stoppers is added by translation, by
		// the simplest form's positions: sum over 2000 1999 took 1.4 s
		// before it was refused. A literal such as 10000over is one game,
		// whose simplest form's comparisons set each position against
		// every simplest one before it: 3000over answers, 10000over is
		// refused at the limit.
		{args: stopper("sum", "over", "2000", "1999"), want: "3999over\n", cpu: second},
		{args: stopper("canon", "5000+over"), want: "5000over\n5002 positions", cpu: second},
		{args: stopper("compare", "30000+over", "30000"), want: ">\n", cpu: second},
		{args: stopper("compare", "1000over", "1001"), want: "<\n", cpu: second},
		{args: stopper("outcome", "60000+over"), want: "Left first: Left wins, Right first: Left wins\n"},
		{args: stopper("canon", "3000over"), want: "3000over\n3002 positions", long: true},
		{args: stopper("canon", "10000over"), code: 2, want: "--budget", long: true},
		// Every verb takes --budget and --max-memory.
		{args: stopper("canon", "a:{0|{*|a}}+upon+upon", "--budget", "100"), code: 2, want: "--budget", cpu: second},
		{args: stopper("compare", "over+upon+over+upon+over+upon", "over+upon+over+upon+over+upon+*", "--max-memory", "1M"), code: 2, want: "--max-memory", cpu: second},
		{args: stopper("sides", "a{1||a|0}+b{1||b|0}", "--budget", "1000"), code: 2, want: "--budget", cpu: second},
		{args: stopper("outcome", "upon+upon+upon", "--max-memory", "1K"), code: 2, want: "--max-memory", cpu: second},
		{args: stopper("toads-frogs", "ttt..fff", "--budget", "1000"), code: 2, want: "--budget", cpu: second},
		{args: stopper("fox-geese", fox(4, 8), "--max-memory", "1M"), code: 2, want: "--max-memory", cpu: second},
		{args: stopper("canon", "{pass|}+5", "--budget", "none", "--max-memory", "none"), want: "on\n", cpu: second},
		// Toads and Frogs strips of 16 to 18 squares: bounded before
		// they are explored (tttt........ffff took 11 s and 690 MB).
		{args: stopper("toads-frogs", "tttt........ffff"), code: 2, want: "--budget", cpu: second},
		{args: stopper("toads-frogs", "ttt..........fff"), want: "0\n156534 positions", long: true},
		{args: stopper("toads-frogs", "tttttttt........"), want: "64\n12870 positions"},
		{args: stopper("toads-frogs", "tftftftf........"), want: "13541 positions"},
		{args: stopper("toads-frogs", "tttttt....ffffff"), code: 2, want: "--budget", cpu: second},
		{args: stopper("toads-frogs", "ttttt......fffff"), code: 2, want: "--budget", cpu: second},
		{args: stopper("toads-frogs", "ttttttt..fffffff"), code: 2, want: "--budget", cpu: second},
		{args: stopper("toads-frogs", "t.t.t.t.f.f.f.f."), code: 2, want: "--budget", cpu: second},
		{args: stopper("toads-frogs", "....tttttfffff...."), code: 2, want: "--budget", cpu: second},
		{args: stopper("toads-frogs", "tttttt......ffffff"), code: 2, want: "--budget", cpu: second},
		{args: stopper("toads-frogs", "--jump", "0", "ttttt......fffff"), code: 2, want: "--budget", cpu: second},
		{args: stopper("toads-frogs", "--jump", "3", "tttt........ffff"), code: 2, want: "--budget", cpu: second},
		{args: stopper("toads-frogs", "--jump", "3", "ttt..........fff"), want: "160160 positions", long: true},
		{args: stopper("toads-frogs", "--jump", "2", "ttttt......fffff"), code: 2, want: "--budget", cpu: second},
		// Backsliding strips: comparisons refused before they are made
		// (they took 6 s and up to 670 MB).
		{args: stopper("toads-frogs", "--backsliding", "tttt....ffff"), code: 2, want: "--budget"},
		{args: stopper("toads-frogs", "--backsliding", "ttt.....fff"), code: 2, want: "--max-memory"},
		{args: stopper("toads-frogs", "--backsliding", "tt............ff"), code: 2, want: "--max-memory"},
		{args: stopper("toads-frogs", "--backsliding", "tt.t..f.ff"), code: 2, want: "--max-memory"},
		{args: stopper("toads-frogs", "--backsliding", "t.t.t..f.f.f"), code: 2, want: "--budget"},
		{args: stopper("toads-frogs", "--backsliding", "ttttt......fffff"), code: 2, want: "--budget", cpu: second},
		{args: stopper("toads-frogs", "--backsliding", "ttttttt..fffffff"), code: 2, want: "--budget", cpu: second},
		// A comparison of more states than 32 bits number: no flag
		// raises that.
		{args: stopper("toads-frogs", "--backsliding", "ttt..........fff"), code: 2, want: "states, more than the limit of 2.1e+09\n", long: true},
		{args: stopper("toads-frogs", "--backsliding", "--jump", "2", "ttt..........fff"), code: 2, want: "states, more than the limit of 2.1e+09\n", long: true},
		{args: stopper("toads-frogs", "--backsliding", "t..............f"), want: "240 positions"},
		{args: stopper("toads-frogs", "--backsliding", "tttt.ffff"), want: "630 positions"},
		{args: stopper("toads-frogs", "--backsliding", "--jump", "0", "tt............ff"), want: "1820 positions; Left first: draw, Right first: draw\n"},
		// Fox and Geese: the classic start answers, and the geese on
		// row 5 (refused at once before, for an estimate that took no
		// two positions as equal); larger ones are refused by the bound
		// on their positions or, as the simplest form's comparisons
		// grow, at the limit.
		{args: stopper("fox-geese", fox(4, 8)), want: "{4*|7/2}\n7258 positions"},
		{args: stopper("fox-geese", "--range", "2", fox(4, 8)), want: "{9||4v[on]*|5/2*|||3|5/2*,5/2v||5/2}\n"},
		{args: stopper("fox-geese", fox(5, 8)), want: "{4,4*|||7/2|3||2over}\n33908 positions", long: true},
		{args: stopper("fox-geese", fox(6, 8)), code: 2, want: "--budget", long: true},
		{args: stopper("fox-geese", "--range", "2", fox(6, 8)), code: 2, want: "--budget", long: true},
		{args: stopper("fox-geese", fox(8, 8)), code: 2, want: "--budget", cpu: second},
		{args: stopper("fox-geese", fox(10, 8)), code: 2, want: "--budget", cpu: second},
		{args: stopper("fox-geese", "--width", "10", fox(4, 10)), code: 2, want: "--budget"},
		{args: stopper("fox-geese", "--width", "10", fox(5, 10)), code: 2, want: "--budget", cpu: second, long: true},
		{args: stopper("fox-geese", "--width", "16", fox(4, 16)), code: 2, want: "--budget", cpu: second},
		{args: stopper("fox-geese", "--width", "64", fox(4, 8)), code: 2, want: "--budget", cpu: second},
		{args: stopper("fox-geese", "--width", "64", "--range", "2", fox(4, 8)), code: 2, want: "--budget", cpu: second},
		{args: stopper("fox-geese", "--width", "64", "--range", "64", fox(4, 32)), code: 2, want: "positions, more than the limit of 2.1e+09\n", cpu: second},
		{args: stopper("fox-geese", "--width", "32", fox(6, 32)), code: 2, want: "positions, more than the limit of 2.1e+09\n", cpu: second},
		{args: stopper("fox-geese", "--width", "8", "--range", "8", fox(5, 8)), want: "33908 positions; Left first: Left wins, Right first: Right wins\n", long: true},
		{args: stopper("fox-geese", "--width", "6", fox(7, 6)), want: "13292 positions"},
		{args: stopper("fox-geese", "--width", "4", "{(20,2),(20,4)}, (1,1)"), want: "18262 positions"},
		{args: stopper("fox-geese", "--width", "2", "{(1000,2)}, (1,1)"), code: 2, want: "--budget", cpu: second},
	}
}
