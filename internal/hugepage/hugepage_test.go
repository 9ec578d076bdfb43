package hugepage

import "testing"

func TestAlloc(t *testing.T) {
	for _, n := range []int{0, 1, 1000, minMapped/8 + 12345} {
		s, release := Alloc[uint64](n)
		if len(s) != n {
			t.Fatalf("length %d, want %d", len(s), n)
		}
		for i := range s {
			if s[i] != 0 {
				t.Fatalf("word %d not zero", i)
			}
			s[i] = uint64(i)
		}
		for i := range s {
			if s[i] != uint64(i) {
				t.Fatal("write lost")
			}
		}
		release()
	}
}
