package misere

import (
	"context"
	"encoding/binary"

	"github.com/nimbers/grundy/budget"
)

// StoredData encodes quotients with the moves of their games' heaps, as
// stored.bin holds them.
func StoredData(qs []*Quotient, gs []HeapGame) []byte {
	b := binary.AppendUvarint([]byte(storedMagic), uint64(len(qs)))
	for i, q := range qs {
		b = encodeQuotient(b, q, movesPrint(gs[i], q.MaxHeap()))
	}
	return b
}

// Recall is recall, for the tests of the stored quotients.
var Recall = recall

// StoredFile returns the stored quotients' data.
func StoredFile() []byte { return storedData }

// Proves runs the check every candidate passes on q as the quotient of
// g's heaps up to q.MaxHeap(): it reports whether q predicts the outcome
// of every sum of those heaps.
func Proves(q *Quotient, g HeapGame) (bool, error) {
	s := &solver{ctx: context.Background(), what: "a stored quotient", limit: 1 << 40, memory: 1 << 40, memo: map[string]bool{}}
	s.opts = [][]int32{nil}
	for h := 1; h <= q.MaxHeap(); h++ {
		if err := s.readHeap(g, h); err != nil {
			return false, err
		}
	}
	f, _, err := s.check(q.b, q.heaps)
	return f == nil && err == nil, err
}

// ClosureBySearch is ClosureQuotient by the search alone, for games the
// closed forms also serve.
func ClosureBySearch(ctx context.Context, g Game, opt *budget.Options) (*Quotient, []Game, error) {
	return closureSearch(ctx, g, opt)
}

// Names the external tests reach that the package does not export.
var (
	Link          = link
	Distinguisher = distinguisher
	AddTame       = addTame
	Nim           = nimHeap
)

// Element returns the element of the sum of heaps of the given sizes.
func (q *Quotient) Element(sizes ...int) int { return q.elementOf(sizes...) }

// MaxHeap returns the largest heap q covers.
func (q *Quotient) MaxHeap() int { return q.maxHeap() }

// Covers reports whether q gives the element of a heap of n tokens.
func (q *Quotient) Covers(n int) bool { return q.covers(n) }

// Expansions returns the heaps at which q grew.
func (q *Quotient) Expansions() []int { return q.grewAt() }

// Tame reports whether p is a tame phylum.
func (p Phylum) Tame() bool { return p.isTame() }

// Followers returns x and every game reachable from it.
func (x Game) Followers() []Game { return x.followers() }

// At returns γi of x.
func (x Genus) At(i int) int { return x.at(i) }

// Period returns the proven period of q's heaps and where it starts.
func (q *Quotient) Period() (n0, p int, ok bool) { return q.proven() }

// Order returns the number of elements of q.
func (q *Quotient) Order() int { return q.order() }

// Mul returns the product of elements x and y.
func (q *Quotient) Mul(x, y int) int { return q.mul(x, y) }

// IsP reports whether element x is in the P-portion.
func (q *Quotient) IsP(x int) bool { return q.isP(x) }

// P returns the P-portion.
func (q *Quotient) P() []int { return q.pPortion() }

// Presentation returns q's generators and relations.
func (q *Quotient) Presentation() *presentation { return q.present() }
