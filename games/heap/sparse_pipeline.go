package heap

// The hand-off between the two cores of the fast loops.

import (
	"sync/atomic"
	"time"
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

// spinFor is how long await spins before it sleeps: longer than the
// other core takes for a block of heaps. It does not yield while it
// spins: when the thread it waits for has lost its core to other work,
// sleeping hands the core back at once, where repeated sched_yield calls
// push this thread behind every other (Linux's EEVDF scheduler then all
// but stops it).
const spinFor = 200 * time.Microsecond

// await returns the number once it is above v or negative, and whether
// it had to sleep.
func (c *counter) await(v int64) (int64, bool) {
	var start time.Time
	for i := 0; ; i++ {
		if x := c.n.Load(); x > v || x < 0 {
			return x, false
		}
		if i%256 == 255 {
			if start.IsZero() {
				start = time.Now()
			} else if time.Since(start) > spinFor {
				break
			}
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
