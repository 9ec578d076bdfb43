package main

import "time"

// heapBattery holds the cases of heap games, coin-turning games and loopy
// graphs.
func heapBattery(file func(name, text string) string) []batteryCase {
	return []batteryCase{
		// Sparse space: the budget counts option evaluations, spent
		// before the refusal (about 2 s), which projects the rest from
		// the last heaps.
		{args: []string{"octal", "0.14", "-n", "4000000"}, code: 2, want: "needs about", cpu: 6 * time.Second, long: true},
		{args: []string{"octal", "0.6", "-n", "4000000"}, code: 2, want: "--budget", cpu: 6 * time.Second, long: true},
		{args: []string{"octal", "0.64", "-n", "4000000"}, want: "0 0 1 2 3 4 1 5 3 2 1 5", cpu: 6 * time.Second, long: true},
		{args: []string{"octal", "0.6", "-n", "1000000"}, want: "0 0 1 2 0 1 2 3 1 2 3 4", long: true},
		{args: []string{"grundys-game", "-n", "1048576"}, want: "0 0 0 1 0 2 1 0 2 1 0 2", long: true},
		// The bitmaps of a lexicode rule: 1.4 GB for 34 values.
		{args: []string{"turning", "at-most:17", "-n", "34"}, code: 2, want: "--max-memory"},
		{args: []string{"turning", "at-most:17", "-n", "30"}, want: "1 2 4 8 16 32 64 128 256"},
	}
}
