package turning

import (
	"os"
	"strings"
)

// The tiers of the translation kernel of atMostBitmaps, fastest first, by
// the names GRUNDY_KERNELS gives them.
const (
	tierAVX512 = "avx512"
	tierAVX2   = "avx2"
	tierGo     = "purego"
)

// tierOrder lists the tiers, fastest first.
var tierOrder = []string{tierAVX512, tierAVX2, tierGo}

// A translator is xorTranslateGo or a kernel doing the same: it sets
// dst |= {i ⊕ c : i ∈ src} from the word from on, and returns the number
// of words it read.
type translator func(dst, src []uint64, c uint64, from int) int

// chooseTier returns the tier named by want if have holds it, else the
// fastest in have after it in tierOrder; an empty or unknown name asks for
// the fastest in have. The AVX2 tiers of package nimber (avx2-pclmul,
// avx2-gfni) name this package's avx2.
func chooseTier(want string, have map[string]translator) string {
	if strings.HasPrefix(want, tierAVX2+"-") {
		want = tierAVX2
	}
	from := 0
	for j, t := range tierOrder {
		if t == want {
			from = j
		}
	}
	for _, t := range tierOrder[from:] {
		if _, ok := have[t]; ok {
			return t
		}
	}
	return tierGo
}

// translateTier is the tier atMostBitmaps runs: the fastest this CPU runs,
// or the one GRUNDY_KERNELS names (avx512, avx2 or purego; one the CPU
// does not run gives the fastest it runs below it), read once at start-up.
var translateTier = chooseTier(os.Getenv("GRUNDY_KERNELS"), translateTiers())

// xorTranslateOr is the translator of translateTier.
var xorTranslateOr = translateTiers()[translateTier]
