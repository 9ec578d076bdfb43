package games

import (
	"encoding/binary"

	"github.com/nimbers/grundy/partizan"
)

// formTable maps positions' keys to their canonical forms. Keys of up to
// shortKey bytes (a board's of up to 64 squares: 18) are held in the
// slots of an open table probed linearly, so that a look-up reads one
// or two cache lines where a map of strings reads the map's group and
// then the key's bytes; longer ones go to a map. The engine looks up
// every option of every position it expands, most of them found.
type formTable struct {
	slots []formSlot
	n     int
	long  map[string]*partizan.Game
}

// shortKey is the longest key held in a slot.
const shortKey = 23

// A formSlot is a key of up to shortKey bytes, its length plus one in
// the last byte (0 marks a free slot), and its form.
type formSlot struct {
	k [3]uint64
	g *partizan.Game
}

// pack returns key as a slot's words, and whether it fits one.
func pack(key []byte) (k [3]uint64, ok bool) {
	if len(key) > shortKey {
		return k, false
	}
	var b [24]byte
	copy(b[:], key)
	b[23] = byte(len(key) + 1)
	return [3]uint64{binary.LittleEndian.Uint64(b[:]), binary.LittleEndian.Uint64(b[8:]),
		binary.LittleEndian.Uint64(b[16:])}, true
}

// slot returns the index of k's slot, or of the free one where it
// would go.
func (t *formTable) slot(k [3]uint64) int {
	h := hash(k)
	mask := len(t.slots) - 1
	i := int(h>>32) & mask
	for {
		s := &t.slots[i]
		if s.k == k || s.k[2]>>56 == 0 {
			return i
		}
		i = (i + 1) & mask
	}
}

// get returns the form kept for key, if any.
func (t *formTable) get(key []byte) (*partizan.Game, bool) {
	k, ok := pack(key)
	if !ok {
		g, ok := t.long[string(key)]
		return g, ok
	}
	if t.n == 0 {
		return nil, false
	}
	s := &t.slots[t.slot(k)]
	return s.g, s.k[2]>>56 != 0
}

// put keeps g as the form of key.
func (t *formTable) put(key []byte, g *partizan.Game) {
	k, ok := pack(key)
	if !ok {
		if t.long == nil {
			t.long = map[string]*partizan.Game{}
		}
		t.long[string(key)] = g
		return
	}
	if 2*(t.n+1) > len(t.slots) {
		old := t.slots
		t.slots = make([]formSlot, max(2*len(old), 1<<10))
		for _, s := range old {
			if s.k[2]>>56 != 0 {
				t.slots[t.slot(s.k)] = s
			}
		}
	}
	i := t.slot(k)
	if t.slots[i].k[2]>>56 == 0 {
		t.n++
	}
	t.slots[i] = formSlot{k, g}
}

// A recentTable remembers the forms of the last positions put in it
// with short keys, one a slot, a new one replacing what its slot held:
// a table of bounded size for the whole boards the engine meets again
// soon (by another order of the same moves), which stays in the cache
// where a table of every board met would not. Keys of up to 7 bytes (a
// board's of up to 24 squares: 6 to 8) take slots of two words, 1 MiB in
// all; longer ones a table of formSlots, made at the first.
type recentTable struct {
	small []smallSlot
	slots []formSlot
}

// A smallSlot is a key of up to 7 bytes with its length plus one in the
// last byte (0 marks a free slot), and its form.
type smallSlot struct {
	k uint64
	g *partizan.Game
}

// recentSlots is the size of each table of a recentTable.
const recentSlots = 1 << 16

// packSmall returns key as a smallSlot's word, and whether it fits one.
func packSmall(key []byte) (uint64, bool) {
	if len(key) > 7 {
		return 0, false
	}
	var b [8]byte
	copy(b[:], key)
	b[7] = byte(len(key) + 1)
	return binary.LittleEndian.Uint64(b[:]), true
}

// hash returns the hash of a packed key.
func hash(k [3]uint64) uint64 {
	h := k[0] * 0x9e3779b97f4a7c15
	h = (h ^ h>>29 ^ k[1]) * 0xbf58476d1ce4e5b9
	return (h ^ h>>32 ^ k[2]) * 0x94d049bb133111eb
}

// smallIndex returns the slot of a small key.
func smallIndex(k uint64) uint64 {
	h := k * 0xbf58476d1ce4e5b9
	return (h ^ h>>31) * 0x94d049bb133111eb >> 32 & (recentSlots - 1)
}

// get returns the form kept for key, if any.
func (t *recentTable) get(key []byte) (*partizan.Game, bool) {
	if k, ok := packSmall(key); ok {
		if t.small == nil {
			return nil, false
		}
		s := &t.small[smallIndex(k)]
		return s.g, s.k == k
	}
	k, ok := pack(key)
	if !ok || t.slots == nil {
		return nil, false
	}
	s := &t.slots[hash(k)>>32&(recentSlots-1)]
	return s.g, s.k == k
}

// put keeps g as the form of key, in place of another key's.
func (t *recentTable) put(key []byte, g *partizan.Game) {
	if k, ok := packSmall(key); ok {
		if t.small == nil {
			t.small = make([]smallSlot, recentSlots)
		}
		t.small[smallIndex(k)] = smallSlot{k, g}
		return
	}
	k, ok := pack(key)
	if !ok {
		return
	}
	if t.slots == nil {
		t.slots = make([]formSlot, recentSlots)
	}
	t.slots[hash(k)>>32&(recentSlots-1)] = formSlot{k, g}
}

// wholeStats counts the engine's look-ups of whole positions in its
// recentTable, which are given up when they rarely find one: a ruleset
// whose keys are long (too long for the table) or cost as much as its
// components' (a graph's, found by a canonical labelling of each
// component) would pay for them twice.
type wholeStats struct {
	tried, found int
	off          bool
}

// wholeTrial is the look-ups after which they are given up unless one
// in eight found its position.
const wholeTrial = 1 << 12

// worth reports whether whole positions are still looked up.
func (w *wholeStats) worth() bool { return !w.off }

// count counts a look-up of a key of n bytes, and whether it found the
// position.
func (w *wholeStats) count(found bool, n int) {
	if n > shortKey {
		w.off = true
		return
	}
	w.tried++
	if found {
		w.found++
	}
	if w.tried == wholeTrial {
		w.off = 8*w.found < w.tried
	}
}
