package misere

import "testing"

// FuzzDecodeQuotients checks that stored data, however damaged, decodes
// or is refused, without a panic, and that what decodes is a monoid
// table whose entries are elements.
func FuzzDecodeQuotients(f *testing.F) {
	f.Add(storedData)
	f.Add(storedData[:len(storedData)/2])
	f.Add([]byte(storedMagic + "\x01"))
	f.Fuzz(func(t *testing.T, data []byte) {
		qs, err := decodeQuotients(data)
		if err != nil {
			return
		}
		for _, s := range qs {
			k := s.q.order()
			for x := range k {
				for y := range k {
					if z := s.q.mul(x, y); z < 0 || z >= k {
						t.Fatalf("%d·%d = %d in a quotient of order %d", x, y, z, k)
					}
				}
			}
			for h := range s.q.MaxHeap() + 1 {
				if x := s.q.Heap(h); x < 0 || x >= k {
					t.Fatalf("heap %d has element %d of %d", h, x, k)
				}
			}
		}
	})
}
