//go:build !race

package script

// raceEnabled is set in a build with the race detector.
const raceEnabled = false
