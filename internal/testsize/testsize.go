// Package testsize tells tests how far to go. The default run ("go test
// ./...") checks every path on inputs small enough for a few minutes on two
// cores; the long verifications (lexicodes to 305 coins, sparse space
// against the general loop far out, ten-million-position chains) run with
// the build tag "long", as CI does:
//
//	go test -tags long ./...
package testsize
