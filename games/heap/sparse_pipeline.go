package heap

// The hand-off between the two cores of the fast loops.

import (
	"sync/atomic"
)

// counter is a number one goroutine sets and another awaits: the waiter
// spins for a while (a block of heaps takes microseconds) and then sleeps
// until the setter rings.
type counter struct {
	n        atomic.Int64
	sleeping atomic.Bool
	bell     chan struct{}
}

func (c *counter) init() { c.bell = make(chan struct{}, 1) }

// set sets the number to v and wakes the waiter if it sleeps.
func (c *counter) set(v int64) {
	c.n.Store(v)
	if c.sleeping.Load() {
		select {
		case c.bell <- struct{}{}:
		default:
		}
	}
}

// spinRounds is how many times await looks before it sleeps, and it
// yields the CPU every yieldEvery rounds, for when the thread it waits for
// shares its core.
const (
	spinRounds = 1 << 20
	yieldEvery = 1 << 10
)

// await returns the number once it is above v or negative, and whether
// it had to sleep.
func (c *counter) await(v int64) (int64, bool) {
	for i := range spinRounds {
		if x := c.n.Load(); x > v || x < 0 {
			return x, false
		}
		if i%yieldEvery == yieldEvery-1 {
			yieldCPU()
		}
	}
	for {
		// Either set sees sleeping and rings, or this sees its number.
		c.sleeping.Store(true)
		if x := c.n.Load(); x > v || x < 0 {
			c.sleeping.Store(false)
			return x, true
		}
		<-c.bell
		c.sleeping.Store(false)
	}
}
