//go:build race

package script

// raceEnabled is set in a build with the race detector, whose shadow
// memory no bound on the process's data allows.
const raceEnabled = true
