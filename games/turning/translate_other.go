//go:build !amd64 || purego

package turning

// translateTiers lists the tiers of the translation this build runs: Go
// only.
func translateTiers() map[string]translator {
	return map[string]translator{tierGo: xorTranslateGo}
}
