// Package tier picks the tier of kernels a package runs: the fastest
// this CPU runs, or the one the environment variable GRUNDY_KERNELS names
// (avx512, avx2 or purego; one the CPU does not run gives the fastest it
// runs below it).
package tier

import (
	"os"
	"strings"
)

// The tiers of the kernels of packages heap and turning, by the names
// GRUNDY_KERNELS gives them.
const (
	AVX512 = "avx512"
	AVX2   = "avx2"
	Go     = "purego"
)

// Order lists the tiers, fastest first.
var Order = []string{AVX512, AVX2, Go}

// Choose returns the tier named by want if have holds it, else the
// fastest in have after it in Order; an empty or unknown name asks for
// the fastest in have. The AVX2 tiers of package nimber (avx2-pclmul,
// avx2-gfni) name AVX2.
func Choose[T any](want string, have map[string]T) string {
	if strings.HasPrefix(want, AVX2+"-") {
		want = AVX2
	}
	from := 0
	for j, t := range Order {
		if t == want {
			from = j
		}
	}
	for _, t := range Order[from:] {
		if _, ok := have[t]; ok {
			return t
		}
	}
	return Go
}

// Named returns the tier GRUNDY_KERNELS names, read at start-up.
func Named() string { return os.Getenv("GRUNDY_KERNELS") }
