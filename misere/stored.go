package misere

import (
	"crypto/sha256"
	_ "embed"
	"encoding/binary"
	"errors"
	"sync"
)

// storedData holds quotients that take seconds to compute, Dawson's
// Kayles (0.07) to heap 33 and Dawson's Chess (0.137) to heap 32, the
// furthest Plambeck and Siegel published. TestStoredQuotients writes it
// (go test -tags long -run StoredQuotients -update ./misere).
//
//go:embed stored.bin
var storedData []byte

// storedMagic begins storedData.
const storedMagic = "grundy misere quotients 1\n"

// A storedQuotient is a quotient with the fingerprint of the moves of
// its heaps.
type storedQuotient struct {
	moves [sha256.Size]byte
	q     *Quotient
}

// stored decodes storedData once.
var stored = sync.OnceValue(func() []storedQuotient {
	qs, err := decodeQuotients(storedData)
	if err != nil {
		panic("misere: stored quotients: " + err.Error())
	}
	return qs
})

// recall returns a quotient of the sums of heaps of g up to n tokens
// from those this package stores, when one is stored for a game whose
// heaps up to its own bound N ≥ n move exactly as g's do. It decides
// every such sum as Compute's quotient does, though for n < N it may
// have more elements than the quotient of the heaps up to n.
func recall(g HeapGame, n int) (*Quotient, bool) {
	for _, s := range stored() {
		if n >= 0 && n <= s.q.maxHeap() && movesPrint(g, s.q.maxHeap()) == s.moves {
			return s.q, true
		}
	}
	return nil, false
}

// movesPrint returns the fingerprint of the moves of heaps 1 to n of g,
// in the order Moves lists them.
func movesPrint(g HeapGame, n int) [sha256.Size]byte {
	h := sha256.New()
	var buf []byte
	for k := 1; k <= n; k++ {
		for parts := range g.Moves(k) {
			buf = binary.AppendUvarint(buf[:0], uint64(len(parts)))
			for _, p := range parts {
				buf = binary.AppendUvarint(buf, uint64(p))
			}
			h.Write(buf)
		}
		h.Write([]byte{0xff}) // no move has 255 parts: it ends the heap
	}
	var out [sha256.Size]byte
	h.Sum(out[:0])
	return out
}

// encodeQuotient appends q, stored for the game whose moves print as
// moves. The table is written as the products of each element with the
// presentation's generators, from which decodeQuotients rebuilds it.
func encodeQuotient(b []byte, q *Quotient, moves [sha256.Size]byte) []byte {
	pr := q.present()
	b = append(b, moves[:]...)
	b = binary.AppendUvarint(b, uint64(q.maxHeap()))
	b = binary.AppendVarint(b, int64(q.reach))
	b = binary.AppendUvarint(b, uint64(q.order()))
	b = binary.AppendUvarint(b, uint64(len(pr.Generators)))
	for _, x := range q.heaps {
		b = binary.AppendUvarint(b, uint64(x))
	}
	for _, g := range pr.Generators {
		b = binary.AppendUvarint(b, uint64(g.Element))
	}
	for x := range q.order() {
		for _, g := range pr.Generators {
			b = binary.AppendUvarint(b, uint64(q.mul(x, g.Element)))
		}
	}
	p := make([]byte, (q.order()+7)/8)
	for x, in := range q.b.p {
		if in {
			p[x/8] |= 1 << (x % 8)
		}
	}
	b = append(b, p...)
	b = binary.AppendUvarint(b, uint64(len(q.expansions)))
	for _, h := range q.expansions {
		b = binary.AppendUvarint(b, uint64(h))
	}
	return b
}

// maxStoredOrder bounds the order of a stored quotient, whose table is
// rebuilt in 4·order² bytes.
const maxStoredOrder = 1 << 12

// errStored reports stored data that does not decode.
var errStored = errors.New("malformed data")

// decodeQuotients reads the quotients encodeQuotient wrote after
// storedMagic and a count.
func decodeQuotients(data []byte) ([]storedQuotient, error) {
	r := &dataReader{b: data}
	if string(r.bytes(len(storedMagic))) != storedMagic {
		return nil, errStored
	}
	out := make([]storedQuotient, r.uint(16))
	for i := range out {
		copy(out[i].moves[:], r.bytes(sha256.Size))
		// Every number takes a byte at least: sizes past the data left
		// are refused before anything is made of them.
		n := r.uint(len(r.b))
		reach := r.int()
		k := r.uint(maxStoredOrder)
		ng := r.uint(k)
		if r.err != nil || k == 0 || (k-1)*ng > len(r.b) {
			return nil, errStored
		}
		heaps := make([]int32, n+1)
		for h := range heaps {
			heaps[h] = int32(r.uint(k - 1))
		}
		gens := make([]int32, ng)
		for j := range gens {
			gens[j] = int32(r.uint(k - 1))
		}
		times := make([]int32, k*ng) // times[x·ng + j] = x·gens[j]
		for j := range times {
			times[j] = int32(r.uint(k - 1))
		}
		p := r.bytes((k + 7) / 8)
		exps := make([]int, r.uint(n))
		for j := range exps {
			exps[j] = r.uint(n)
		}
		if r.err != nil {
			return nil, r.err
		}
		// Each element is its parent times a generator, its parents met
		// first in a breadth-first walk; row x of the table follows.
		parent, via := make([]int32, k), make([]int32, k)
		walk := []int32{0}
		for j := range parent {
			parent[j] = -1
		}
		parent[0] = 0
		for w := 0; w < len(walk); w++ {
			for j := range gens {
				if y := times[int(walk[w])*ng+j]; parent[y] < 0 {
					parent[y], via[y] = walk[w], int32(j)
					walk = append(walk, y)
				}
			}
		}
		if len(walk) != k {
			return nil, errStored
		}
		m := &monoid{n: k, mul: make([]int32, k*k)}
		for x := range k {
			row := m.mul[x*k : (x+1)*k]
			row[0] = int32(x)
			for _, y := range walk[1:] {
				row[y] = times[int(row[parent[y]])*ng+int(via[y])]
			}
		}
		b := bipartite{m, make([]bool, k)}
		for x := range k {
			b.p[x] = p[x/8]>>(x%8)&1 != 0
		}
		q := &Quotient{b: b, heaps: heaps, expansions: exps, reach: reach}
		q.n0, q.p, _ = q.proven()
		out[i].q = q
	}
	if r.err == nil && len(r.b) != 0 {
		return nil, errStored
	}
	return out, r.err
}

// A dataReader reads stored data, remembering the first error.
type dataReader struct {
	b   []byte
	err error
}

func (r *dataReader) bytes(n int) []byte {
	if r.err != nil || n > len(r.b) {
		r.err = errStored
		return make([]byte, n)
	}
	out := r.b[:n]
	r.b = r.b[n:]
	return out
}

// uint reads a number no larger than limit.
func (r *dataReader) uint(limit int) int {
	v, w := binary.Uvarint(r.b)
	if r.err != nil || w <= 0 || v > uint64(limit) {
		r.err = errStored
		return 0
	}
	r.b = r.b[w:]
	return int(v)
}

// int reads a number from −1 to 2^20.
func (r *dataReader) int() int {
	v, w := binary.Varint(r.b)
	if r.err != nil || w <= 0 || v < -1 || v > 1<<20 {
		r.err = errStored
		return 0
	}
	r.b = r.b[w:]
	return int(v)
}
