package nimfield

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"
)

var writeTable = flag.Bool("write-table", false, "recompute the constants up to $NIMFIELD_LIMIT and write table.go")

// TestWriteTable regenerates table.go with a calculator that starts from
// nothing (or, with $NIMFIELD_FROM_TABLE set, from the current table).
func TestWriteTable(t *testing.T) {
	if !*writeTable {
		t.Skip("run with -write-table")
	}
	limit, _ := strconv.Atoi(os.Getenv("NIMFIELD_LIMIT"))
	maxDeg, _ := strconv.Atoi(os.Getenv("NIMFIELD_MAX_DEGREE"))
	c := calculator{MaxDegree: maxDeg}
	if os.Getenv("NIMFIELD_FROM_TABLE") != "" {
		c.Known = func(p int) (Prime, bool) {
			k := oddPrimeIndex(p)
			if k < len(table) {
				return table[k], true
			}
			return Prime{}, false
		}
	}
	var b bytes.Buffer
	b.WriteString("package nimfield\n\n// table holds Lenstra's constants of the odd primes from 3 on, as\n// calculator computed them (TestTable recomputes and compares).\nvar table = []Prime{\n")
	gap := false
	for _, p := range oddPrimes {
		if p > limit {
			break
		}
		start := time.Now()
		v, err := c.prime(p)
		if err != nil {
			t.Logf("p=%d: %v", p, err)
			gap = true // the table stays contiguous; later primes are only logged
			continue
		}
		deg, _ := c.fieldDegree(p)
		t.Logf("p=%d f=%d Q=%v m=%d field degree %d, %v", p, v.F, v.Q, v.Excess, deg, time.Since(start).Round(time.Millisecond))
		if gap {
			continue
		}
		q := fmt.Sprint(v.Q)
		fmt.Fprintf(&b, "\t{P: %d, F: %d, Q: []int{%s}, Excess: %d},\n", v.P, v.F, bytes.ReplaceAll([]byte(q[1:len(q)-1]), []byte(" "), []byte(", ")), v.Excess)
	}
	b.WriteString("}\n")
	if err := os.WriteFile("table.go", b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
