package heap

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"

	"github.com/nimbers/grundy/sg"
)

// Misère play of sums of heap games, where the player who makes the last
// move loses. Misère values do not add like Grundy values, so a sum is
// searched as one game: a position is the multiset of its heaps. The
// search uses the normal-play engine on a modified game in which every
// terminal position gets one move to a new, final position; the player who
// wins that game under normal play wins the original under misère play.

// Heap is one heap of a sum: the index of its game in the list given to
// NewMisere, and its size.
type Heap struct {
	Game, Size int
}

// Misere decides misère sums of heaps of a fixed list of games.
type Misere struct {
	games  []*Game
	dead   []map[int]bool // heaps with no move, by game
	solver *sg.Solver[string]
}

// ErrMisereTooLarge is returned when a misère search needs more positions
// than the limit given to NewMisere.
var ErrMisereTooLarge = errors.New("misère search needs too many positions")

// final is the key of the position added after every terminal one; no
// encoded multiset of heaps is a lone 0xff byte.
const final = "\xff"

// NewMisere returns a misère solver for sums of heaps of the given games
// that stores at most maxPositions positions (0: no limit).
func NewMisere(games []*Game, maxPositions int) *Misere {
	m := &Misere{games: games, dead: make([]map[int]bool, len(games))}
	for i := range m.dead {
		m.dead[i] = map[int]bool{}
	}
	m.solver = sg.NewSolver[string](sg.GameFunc[string](m.options), 0)
	m.solver.MaxPositions = maxPositions
	return m
}

// isDead reports whether a heap has no move. Such a heap changes nothing
// in any sum, under either play convention, and is dropped from positions.
func (m *Misere) isDead(h Heap) bool {
	if h.Size == 0 {
		return true
	}
	d, ok := m.dead[h.Game][h.Size]
	if !ok {
		d = true
		m.games[h.Game].Moves(h.Size, func(...int) { d = false })
		m.dead[h.Game][h.Size] = d
	}
	return d
}

// key encodes a position canonically: live heaps sorted.
func (m *Misere) key(hs []Heap) string {
	live := make([]Heap, 0, len(hs))
	for _, h := range hs {
		if !m.isDead(h) {
			live = append(live, h)
		}
	}
	slices.SortFunc(live, func(a, b Heap) int {
		if a.Game != b.Game {
			return a.Game - b.Game
		}
		return a.Size - b.Size
	})
	buf := make([]byte, 0, 4*len(live))
	for _, h := range live {
		buf = binary.AppendUvarint(buf, uint64(h.Game))
		buf = binary.AppendUvarint(buf, uint64(h.Size))
	}
	return string(buf)
}

func decode(k string) []Heap {
	var hs []Heap
	b := []byte(k)
	for len(b) > 0 {
		g, n := binary.Uvarint(b)
		s, n2 := binary.Uvarint(b[n:])
		b = b[n+n2:]
		hs = append(hs, Heap{int(g), int(s)})
	}
	return hs
}

// moves calls f for each move of a position: the heap moved (index into
// hs) and the position it leaves. Equal heaps are moved only once.
func (m *Misere) moves(hs []Heap, f func(i int, parts []int, next []Heap)) {
	for i, h := range hs {
		if i > 0 && hs[i-1] == h {
			continue
		}
		m.games[h.Game].Moves(h.Size, func(parts ...int) {
			next := make([]Heap, 0, len(hs)+2)
			next = append(next, hs[:i]...)
			next = append(next, hs[i+1:]...)
			for _, p := range parts {
				next = append(next, Heap{h.Game, p})
			}
			f(i, parts, next)
		})
	}
}

func (m *Misere) options(k string, buf []string) []string {
	if k == final {
		return buf
	}
	if k == "" {
		return append(buf, final)
	}
	m.moves(decode(k), func(_ int, _ []int, next []Heap) {
		buf = append(buf, m.key(next))
	})
	return buf
}

// Wins reports whether the player to move wins the misère sum of the
// heaps.
func (m *Misere) Wins(hs []Heap) (bool, error) {
	if err := m.check(hs); err != nil {
		return false, err
	}
	v, err := m.solver.Grundy(m.key(hs))
	if errors.Is(err, sg.ErrTooManyNodes) {
		return false, fmt.Errorf("%w (more than %d)", ErrMisereTooLarge, m.solver.MaxPositions)
	}
	return v != 0, err
}

// MisereMove is a move of a sum: heap Index of the position is replaced
// by heaps of the sizes Parts (none when it is taken away entirely).
type MisereMove struct {
	Index int
	Parts []int
}

// WinningMoves returns the moves after which the opponent loses the
// misère sum (none if the player to move loses). Moves on equal heaps are
// listed once, on the first of them.
func (m *Misere) WinningMoves(hs []Heap) ([]MisereMove, error) {
	if err := m.check(hs); err != nil {
		return nil, err
	}
	var out []MisereMove
	var err error
	m.moves(hs, func(i int, parts []int, next []Heap) {
		if err != nil {
			return
		}
		var w bool
		w, err = m.Wins(next)
		if !w && err == nil {
			out = append(out, MisereMove{i, slices.Clone(parts)})
		}
	})
	return out, err
}

func (m *Misere) check(hs []Heap) error {
	for _, h := range hs {
		if h.Game < 0 || h.Game >= len(m.games) || h.Size < 0 {
			return fmt.Errorf("misère position: bad heap %+v", h)
		}
	}
	return nil
}

// MisereNimWins reports whether the player to move wins misère Nim with
// the given heaps (Bouton): with a heap of two or more, exactly when the
// nim-sum is not 0; with only heaps of one, exactly when their number is
// even.
func MisereNimWins(heaps []uint64) bool { return sg.AntiSGWins(heaps) }
