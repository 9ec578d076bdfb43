package main

import (
	"fmt"
	"io"
	"strconv"

	"github.com/nimbers/grundy/nimber"
)

// operand parses the i-th operand (1-based) as a nimber below 2^64.
func operand(s string, i int) (nimber.Nimber, error) {
	a, err := nimber.Parse(s)
	if err != nil {
		return 0, fmt.Errorf("operand %d: %s", i, err)
	}
	return a, nil
}

// writeLines writes each nimber in decimal on its own line.
func writeLines(w io.Writer, xs []nimber.Nimber) {
	buf := make([]byte, 0, 1<<16)
	for _, x := range xs {
		buf = strconv.AppendUint(buf, uint64(x), 10)
		buf = append(buf, '\n')
		if len(buf) > 1<<16-24 {
			w.Write(buf)
			buf = buf[:0]
		}
	}
	w.Write(buf)
}
