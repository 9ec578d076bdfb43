package main

import (
	"strconv"
	"strings"
	"time"
)

// rulesetBattery holds the cases of grundy game: every ruleset through
// the one path, with hostile positions and searches past their budget.
func rulesetBattery(file func(name, text string) string) []batteryCase {
	game := func(args ...string) []string { return append([]string{"game"}, args...) }
	long := strings.Repeat("0-1 ", 20000)
	var ladder []string // a 24-edge Hackenbush graph: no special engine plays it misère
	for i := 1; i <= 12; i++ {
		ladder = append(ladder, strconv.Itoa(i)+"-"+strconv.Itoa(i+1), "0-"+strconv.Itoa(i))
	}
	row := func(n int) string { return strings.Repeat(".", n) }
	return []batteryCase{
		{args: game("no-such-game", "1"), code: 2, want: "unknown ruleset"},
		{args: game("octal", "1"), code: 2, want: "CODE"},
		{args: game("nim:3", "1"), code: 2, want: "no parameter"},
		{args: game("hackenbush-string", "BBX"), code: 2, want: "offset"},
		{args: game("hackenbush-string", "BB", "BZ"), code: 2, want: "position 2"},
		{args: game("hackenbush"), code: 2, want: "position"},
		{args: game("hackenbush-string", "BR", "--outcome", "--moves"), code: 2, want: "not both"},
		{args: game("hackenbush", long), code: 2, want: "65536"},
		{args: game("hackenbush", strings.Join(ladder, " "), "--misere"), code: 2, want: "--budget"},
		{args: game("hackenbush-string", "BBR", "--budget", "x"), code: 2, want: "--budget"},
		{args: game("octal:0.77", "99999999999999999999"), code: 2, want: "heap"},
		{args: game("letters:cab,bed,fig", "-"), code: 2, want: "--budget"},
		{args: game("clobber", "xoxoxo|oxoxox|xoxoxo|oxoxox"), code: 2, want: "--budget"},
		{args: game("fox-geese", "{(8,2),(8,4),(8,6),(8,8),(7,1),(7,3),(7,5),(7,7)}, (1,1)"), code: 2, want: "--budget"},
		{args: game("cram", row(13)+"|"+row(13)+"|"+row(13), "--outcome"), code: 2, want: "--budget", long: true},
		{args: game("domineering", row(6)+"|"+row(6)+"|"+row(6)+"|"+row(6)+"|"+row(6)+"|"+row(6)), code: 2, want: "--budget", long: true},
		{args: game("hackenbush-string", "BBR RG"), want: "1/2*"},
		{args: game("loopy-subtraction:2,3/1/20", "7 4"), want: "draw"},
		{args: game("octal:0.77", "1500", "1200", "--outcome"), want: "second"},
		{args: game("turning:ruler", "HTTHH"), want: "*4"},
		{args: game("cutcake", "200x200"), want: "0\nsecond", long: true},
		{args: game("clobber", "xoxo|oxox|xoxo|oxox"), want: "*\nfirst", long: true},
		{args: game("clobber", "xoxo|oxox|xoxo|oxox", "--budget", "2100000", "--max-memory", "1G"), want: "*\nfirst", long: true, cpu: 20 * time.Second, mem: 800},
		{args: game("domineering", row(8)+"|"+row(8)+"|"+row(8)+"|"+row(8)+"|"+row(8)+"|"+row(8)+"|"+row(8)+"|"+row(8)), code: 2, want: "--budget"},
		{args: game("letters:cab,bed,fig", "-", "--outcome"), code: 2, want: "--budget"},
		{args: game("clobber", strings.Repeat("xo", 15), "--outcome"), want: "first", long: true, cpu: 20 * time.Second},
	}
}
