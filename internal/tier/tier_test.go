package tier

import "testing"

// TestChoose checks how GRUNDY_KERNELS picks a tier: the one named if
// the machine runs it, else the fastest below it, and the fastest of all
// for an empty or unknown name.
func TestChoose(t *testing.T) {
	all := map[string]bool{AVX512: true, AVX2: true, Go: true}
	noAVX512 := map[string]bool{AVX2: true, Go: true}
	goOnly := map[string]bool{Go: true}
	for _, c := range []struct {
		want string
		have map[string]bool
		got  string
	}{
		{"", all, AVX512},
		{"avx2", all, AVX2},
		{"purego", all, Go},
		{"sse", all, AVX512},
		{"neon-pmull", all, AVX512},
		{"avx512", noAVX512, AVX2},
		{"", noAVX512, AVX2},
		{"avx512", goOnly, Go},
		{"avx2", goOnly, Go},
		{"avx2-gfni", all, AVX2},
		{"avx2-pclmul", noAVX512, AVX2},
	} {
		if got := Choose(c.want, c.have); got != c.got {
			t.Errorf("Choose(%q, %d tiers) = %s, want %s", c.want, len(c.have), got, c.got)
		}
	}
}
