//go:build long

package testsize

// Long reports whether the long verifications run: true under the build
// tag "long".
const Long = true
