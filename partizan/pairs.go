package partizan

import "sync/atomic"

// Games get ids as build makes them, so that a comparison of two can be
// remembered in one machine word: pairs below.
var lastID atomic.Uint32

// maxID bounds the ids of games made by build: two ids and a bit of the
// answer fit in the 63 low bits of a word, and the ids from 2^30 on are
// those of small numbers (numberID). Games made once the ids run out
// get none (0), and their comparisons are remembered by key.
const maxID = 1<<30 - 1

// numberID returns the id of a number n/2^exp with |n| < 2^24 and
// exp < 32, made afresh whenever wanted but always the same value; 0
// for other numbers.
func numberID(d Dyadic) uint32 {
	if d.big != nil || d.exp >= 32 || d.num <= -1<<24 || d.num >= 1<<24 {
		return 0
	}
	return 1<<30 | uint32(d.exp)<<25 | uint32(d.num+1<<24)
}

// newID returns a fresh id, or 0 once they have run out.
func newID() uint32 {
	if lastID.Load() >= maxID {
		return 0
	}
	if id := lastID.Add(1); id <= maxID {
		return id
	}
	return 0
}

// pairs remembers whether g ≤ h for games g and h with ids: a table,
// open and probed linearly, of the words (id(g)·2^31 + id(h))·2 + answer,
// 0 marking a free slot. It holds one word an entry where a map of
// keys would hold forty bytes, so that more of it stays in the cache.
type pairs struct {
	slots []uint64
	n     int
}

// slot returns the index of the entry for the pair p, or of the free
// slot where it would go.
func (t *pairs) slot(p uint64) int {
	mask := len(t.slots) - 1
	i := int((p*0x9e3779b97f4a7c15)>>32) & mask
	for {
		e := t.slots[i]
		if e == 0 || e>>1 == p {
			return i
		}
		i = (i + 1) & mask
	}
}

// pair returns the pair of ids of g and h.
func pair(g, h *Game) uint64 { return uint64(g.id)<<31 | uint64(h.id) }

// get returns the remembered answer for g ≤ h, if any.
func (t *pairs) get(g, h *Game) (v, ok bool) {
	if t.n == 0 {
		return false, false
	}
	e := t.slots[t.slot(pair(g, h))]
	return e&1 == 1, e != 0
}

// put remembers the answer v for g ≤ h.
func (t *pairs) put(g, h *Game, v bool) {
	if 4*(t.n+1) > 3*len(t.slots) {
		t.grow()
	}
	p := pair(g, h)
	i := t.slot(p)
	if t.slots[i] == 0 {
		t.n++
	}
	t.slots[i] = p<<1 | b2u(v)
}

// grow doubles the table (or makes its first 64 slots).
func (t *pairs) grow() {
	old := t.slots
	t.slots = make([]uint64, max(2*len(old), 64))
	for _, e := range old {
		if e != 0 {
			t.slots[t.slot(e>>1)] = e
		}
	}
}

// reset empties the table, keeping a small one's slots.
func (t *pairs) reset() {
	if t.n == 0 {
		return
	}
	if len(t.slots) > 1<<10 {
		t.slots = nil
	} else {
		clear(t.slots)
	}
	t.n = 0
}

func b2u(v bool) uint64 {
	if v {
		return 1
	}
	return 0
}
