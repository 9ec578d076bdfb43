package main

import (
	"encoding/json"
	"errors"
	"io"
	"strconv"

	"github.com/nimbers/grundy/nimber"
)

// The --json flag: every verb that prints results can print them instead
// as one JSON document on standard output. docs/cli.md lists the fields of
// each verb. Numbers that can pass 2^53 (nimbers, values of sums, counts)
// are decimal strings, since many JSON readers hold numbers as doubles;
// Grundy values of heaps, sizes and indices are plain numbers.

// errNoJSON reports --json on a verb whose output is a picture or a server.
var errNoJSON = errors.New("--json does not apply here: the output is not a list of results")

// takeJSON removes every "--json" (or "-json") from args and reports
// whether there was one.
func takeJSON(args []string) ([]string, bool) {
	out := args[:0:0]
	found := false
	for _, a := range args {
		if a == "--json" || a == "-json" {
			found = true
			continue
		}
		out = append(out, a)
	}
	return out, found
}

// emit prints a result: as the JSON document of v under --json, else by
// text, which writes the plain form to e.out.
func (e *env) emit(v any, text func()) error {
	if !e.json {
		text()
		return nil
	}
	enc := json.NewEncoder(e.out)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

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
func (e *env) emitNimbers(key string, xs []nimber.Nimber, text func()) error {
	return e.emit(map[string][]decimal{key: decimals(xs)}, text)
}

// nonNil returns xs, or an empty slice for nil, so that JSON shows [].
func nonNil[T any](xs []T) []T {
	if xs == nil {
		return []T{}
	}
	return xs
}

// h52games: shared adapters.

// emitTo prints a library result: its JSON under --json, else its text
// as its WriteTo writes it.
func (e *env) emitTo(v io.WriterTo) error {
	return e.emit(v, func() { v.WriteTo(e.out) })
}
