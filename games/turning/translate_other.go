//go:build !amd64 || purego

package turning

// hasTranslateAVX512 is false: no assembly on this build.
const hasTranslateAVX512 = false

// xorTranslateOr is xorTranslateGo: no assembly on this build.
func xorTranslateOr(dst, src []uint64, c uint64, from int) int {
	return xorTranslateGo(dst, src, c, from)
}
