package main

import (
	"strconv"

	"github.com/nimbers/grundy/internal/cli"
	"github.com/nimbers/grundy/nimber"
)

// The --json flag: every verb that prints results can print them instead
// as one JSON document on standard output. docs/cli.md lists the fields of
// each verb. Numbers that can pass 2^53 (nimbers, values of sums, counts)
// are decimal strings, since many JSON readers hold numbers as doubles;
// Grundy values of heaps, sizes and indices are plain numbers.

// decimal is a number below 2^64 written in JSON as a decimal string.
type decimal uint64

// MarshalText returns the decimal digits of d.
func (d decimal) MarshalText() ([]byte, error) {
	return strconv.AppendUint(nil, uint64(d), 10), nil
}

// decimals converts nimbers or other values below 2^64 for JSON.
func decimals[T ~uint64](xs []T) []decimal {
	out := make([]decimal, len(xs))
	for i, x := range xs {
		out[i] = decimal(x)
	}
	return out
}

// emitNimbers prints a list of nimbers: by text, or as {key: ["…", …]}.
func emitNimbers(e *cli.Env, key string, xs []nimber.Nimber, text func()) error {
	return e.Emit(map[string][]decimal{key: decimals(xs)}, text)
}
