package main

import "time"

// misereBattery holds the cases of misère canonical forms and quotients.
func misereBattery(file func(name, text string) string) []batteryCase {
	return []batteryCase{
		// Quotients count the bytes they hold against --max-memory (256M
		// by default) and estimate each check's steps before it starts.
		// These ran 8-30 s to 1.6-3 GB before a refusal naming no
		// estimate.
		{args: []string{"misere", "quotient", "0.76", "-n", "20"}, code: 2, want: "--max-memory", long: true},
		{args: []string{"misere", "quotient", "0.76", "-n", "20", "--max-memory", "64M"}, code: 2, want: "--max-memory", mem: 100, long: true},
		{args: []string{"misere", "quotient", "0.16", "-n", "20"}, code: 2, want: "--budget", long: true},
		{args: []string{"misere", "quotient", "0.35", "-n", "20"}, code: 2, want: "--budget", long: true},
		{args: []string{"misere", "quotient", "0.35", "-n", "20", "--budget", "3e9"}, want: "order 2258, 472 in P", long: true, cpu: 10 * time.Second},
		{args: []string{"misere", "quotient", "grundys-game", "-n", "4096"}, code: 2, want: "--max-memory", long: true},
		{args: []string{"misere", "quotient", "4.7", "-n", "4096"}, code: 2, want: "--budget", long: true},
		{args: []string{"misere", "quotient", "0.77", "-n", "4096"}, want: "order 40, 9 in P"},
		// Heaps with h²/12 moves of three heaps: the moves read count.
		{args: []string{"misere", "quotient", "0.F", "-n", "4096"}, code: 2, want: "--max-memory", long: true},
		{args: []string{"misere", "quotient", "0.FFFF", "-n", "4096"}, code: 2, want: "--max-memory", long: true},
		// The published quotients: Q_33(0.07) and Q_32(0.137) are stored,
		// Q_32(0.07) is computed.
		{args: []string{"misere", "quotient", "0.07", "-n", "33"}, want: "order 638, 109 in P"},
		{args: []string{"misere", "quotient", "0.137", "-n", "32"}, want: "order 638, 109 in P"},
		{args: []string{"misere", "quotient", "0.07", "-n", "32"}, want: "order 552, 93 in P", long: true},
		{args: []string{"misere", "quotient", "0.07", "-n", "33", "--budget", "2e9"}, want: "order 638, 109 in P"},
		// A nim heap's closure is misère Nim's quotient, built at once
		// (31 s of search before); other closures are estimated.
		{args: []string{"misere", "quotient", "*1024"}, want: "order 2050, 2 in P"},
		{args: []string{"misere", "quotient", "*1024#"}, code: 2, want: "--budget", long: true},
		// Sums of canonical forms are estimated from the followers before
		// they start (16 s and 560 MB before).
		{args: []string{"misere", "canon", "*1024+*1023"}, code: 2, want: "--budget"},
		{args: []string{"misere", "canon", "*1024#+*1023#"}, code: 2, want: "--budget"},
		{args: []string{"misere", "canon", "*1024+*1023", "--budget", "1e5"}, code: 2, want: "--budget"},
		{args: []string{"misere", "canon", "*200+*199"}, code: 2, want: "more than 1048576 bytes", long: true},
		{args: []string{"misere", "canon", "*10+*10+*10+*10+*10+*10"}, want: "*[&10;[&10;&10;&10;&10;&10;]]"},
		// The genus counts the heaps' moves first and estimates the rest
		// from the last heap's steps.
		{args: []string{"misere", "genus", "0.77", "-n", "4096"}, code: 2, want: "--budget"},
		{args: []string{"misere", "genus", "0.77", "-n", "60"}, code: 2, want: "--budget"},
		{args: []string{"misere", "genus", "0.77", "-n", "50"}, want: "  50  ", long: true},
		// A character is quoted whole.
		{args: []string{"misere", "canon", "*２"}, code: 2, want: "unexpected '２'"},
		{args: []string{"misere", "canon", "*\xff"}, code: 2, want: "unexpected byte 0xff"},
		// Misère sums of heaps try a quotient, then search.
		{args: []string{"sum", "--misere", "octal 0.35 20 19 18 17 5"}, code: 2, want: "--budget", long: true},
		{args: []string{"sum", "--misere", "octal 0.07 33 31 29 20 17 9 5"}, want: "first\n"},
	}
}
