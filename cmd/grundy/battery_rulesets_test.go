package main

import "strings"

// rulesetBattery holds the cases of grundy game: every ruleset through
// the one path, with hostile positions and searches past their budget.
func rulesetBattery(file func(name, text string) string) []batteryCase {
	game := func(args ...string) []string { return append([]string{"game"}, args...) }
	long := strings.Repeat("0-1 ", 20000)
	return []batteryCase{
		{args: game("no-such-game", "1"), code: 2, want: "unknown ruleset"},
		{args: game("hackenbush-string", "BBX"), code: 2, want: "offset"},
		{args: game("hackenbush-string", "BB", "BZ"), code: 2, want: "position 2"},
		{args: game("hackenbush"), code: 2, want: "position"},
		{args: game("hackenbush-string", "BR", "--outcome", "--moves"), code: 2, want: "not both"},
		{args: game("hackenbush", long), code: 2, want: "64 KiB"},
		{args: game("leaf-deletion", strings.Repeat("o", 60)+"(o o o o)", "--misere"), code: 2, want: "--budget"},
		{args: game("hackenbush-string", "BBR", "--budget", "x"), code: 2, want: "--budget"},
		{args: game("hackenbush-string", "BBR RG"), want: "1/2*"},
		{args: game("loopy-subtraction:2,3/1/20", "7 4"), want: "draw"},
	}
}
