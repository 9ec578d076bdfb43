package main

// heapBattery holds the cases of heap games, coin-turning games and loopy graphs.
func heapBattery(file func(name, text string) string) []batteryCase {
	return []batteryCase{}
}
