package turning

import "github.com/nimbers/grundy/internal/tier"

// The tiers of the translation kernel of atMostBitmaps, fastest first.
const (
	tierAVX512 = tier.AVX512
	tierAVX2   = tier.AVX2
	tierGo     = tier.Go
)

// A translator is xorTranslateGo or a kernel doing the same: it sets
// dst |= {i ⊕ c : i ∈ src} from the word from on, and returns the number
// of words it read.
type translator func(dst, src []uint64, c uint64, from int) int

// translateTier is the tier atMostBitmaps runs: the fastest this CPU runs,
// or the one GRUNDY_KERNELS names (avx512, avx2 or purego; one the CPU
// does not run gives the fastest it runs below it), read once at start-up.
var translateTier = tier.Choose(tier.Named(), translateTiers())

// xorTranslateOr is the translator of translateTier.
var xorTranslateOr = translateTiers()[translateTier]
