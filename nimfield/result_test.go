package nimfield

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/nimbers/grundy/nimber"
)

// mexProducts returns the nim-product table of the numbers below n by the
// mex definitions alone: a ⊕ b is the least number not a' ⊕ b or a ⊕ b',
// and a ⊗ b the least not (a' ⊗ b) ⊕ (a ⊗ b') ⊕ (a' ⊗ b').
func mexProducts(n int) [][]uint64 {
	sum := make([][]uint64, n)
	for a := range sum {
		sum[a] = make([]uint64, n)
		for b := range n {
			seen := map[uint64]bool{}
			for x := range a {
				seen[sum[x][b]] = true
			}
			for y := range b {
				seen[sum[a][y]] = true
			}
			for seen[sum[a][b]] {
				sum[a][b]++
			}
		}
	}
	// The sums of products below n stay below the least Fermat 2-power
	// at least n, which n is when it is one.
	add := func(x, y uint64) uint64 { return sum[x][y] }
	prod := make([][]uint64, n)
	for a := range prod {
		prod[a] = make([]uint64, n)
		for b := range n {
			seen := map[uint64]bool{}
			for x := range a {
				for y := range b {
					seen[add(add(prod[x][b], prod[a][y]), prod[x][y])] = true
				}
			}
			for seen[prod[a][b]] {
				prod[a][b]++
			}
		}
	}
	return prod
}

func TestTable(t *testing.T) {
	want := mexProducts(16)
	for _, n := range []uint64{0, 1, 3, 16} {
		tab, err := Table(n)
		if err != nil {
			t.Fatal(err)
		}
		var text, js strings.Builder
		rows := [][]uint64{}
		for a := range n {
			rows = append(rows, want[a][:n])
			for b := range n {
				if b > 0 {
					text.WriteByte(' ')
				}
				fmt.Fprint(&text, want[a][b])
			}
			text.WriteByte('\n')
		}
		json.NewEncoder(&js).Encode(map[string][][]uint64{"table": rows})
		var got bytes.Buffer
		if k, err := tab.WriteTo(&got); err != nil || k != int64(got.Len()) || got.String() != text.String() {
			t.Errorf("Table(%d) text %q (%d bytes, %v), want %q", n, got.String(), k, err, text.String())
		}
		if b, err := json.Marshal(tab); err != nil || string(b)+"\n" != js.String() {
			t.Errorf("Table(%d) JSON %s (%v), want %s", n, b, err, js.String())
		}
	}
	if _, err := Table(4097); err == nil || err.Error() != "table side 4097 is larger than 4096" {
		t.Errorf("Table(4097): %v", err)
	}
}

// refBatch reads a batch input with strings.Fields and strconv, returning
// its pairs, or false if it is malformed.
func refBatch(in string) ([][2]nimber.Nimber, bool) {
	f := strings.FieldsFunc(in, func(c rune) bool { return strings.ContainsRune(" \t\n\v\f\r", c) })
	parse := func(s string) (uint64, bool) {
		if len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
			v, err := strconv.ParseUint(s[2:], 16, 64)
			return v, err == nil
		}
		v, err := strconv.ParseUint(s, 10, 64)
		return v, err == nil
	}
	if len(f) == 0 {
		return nil, false
	}
	t, ok := parse(f[0])
	if !ok || t != uint64(len(f)-1)/2 || len(f)%2 == 0 {
		return nil, false
	}
	var out [][2]nimber.Nimber
	for i := 1; i < len(f); i += 2 {
		a, ok1 := parse(f[i])
		b, ok2 := parse(f[i+1])
		if !ok1 || !ok2 {
			return nil, false
		}
		out = append(out, [2]nimber.Nimber{nimber.Nimber(a), nimber.Nimber(b)})
	}
	return out, true
}

// checkBatch runs Batch(op) on in and checks its answers: every product
// against the mex table for small operands and by distributivity over
// the bits of b otherwise; every logarithm x by a^x = b, and every -1 by
// b^ord(a) ≠ 1 (the powers of a are the roots of y^ord(a) = 1).
func checkBatch(t *testing.T, op, in string) {
	t.Helper()
	a, err := Batch(op, strings.NewReader(in), "stdin")
	pairs, ok := refBatch(in)
	if !ok || err != nil {
		if ok != (err == nil) || err != nil && (strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), "stdin: ")) {
			t.Fatalf("%s %q: error %v, reference reads it: %v", op, in, err, ok)
		}
		return
	}
	var text bytes.Buffer
	a.WriteTo(&text)
	lines := strings.Split(strings.TrimSuffix(text.String(), "\n"), "\n")
	var js map[string][]*string
	if b, err := json.Marshal(a); err != nil || json.Unmarshal(b, &js) != nil {
		t.Fatalf("%s %q: JSON %s, %v", op, in, b, err)
	}
	key := map[string]string{"mul": "products", "log": "logs"}[op]
	if len(pairs) == 0 && text.Len() == 0 {
		lines = nil
	}
	if len(lines) != len(pairs) || len(js[key]) != len(pairs) || len(js) != 1 {
		t.Fatalf("%s %q: %d lines, JSON %v, for %d pairs", op, in, len(lines), js, len(pairs))
	}
	small := mexProducts(16)
	for i, p := range pairs {
		x, y := p[0], p[1]
		if j := js[key][i]; j == nil && lines[i] != "-1" || j != nil && *j != lines[i] {
			t.Fatalf("%s %v: text %q, JSON %v", op, p, lines[i], j)
		}
		v, err := strconv.ParseUint(lines[i], 10, 64)
		switch {
		case op == "mul" && x < 16 && y < 16:
			if v != small[x][y] {
				t.Fatalf("%d ⊗ %d = %s, the mex table says %d", x, y, lines[i], small[x][y])
			}
		case op == "mul":
			var want nimber.Nimber
			for k := range 64 {
				if y>>k&1 == 1 {
					want ^= x.Mul(1 << k)
				}
			}
			if err != nil || nimber.Nimber(v) != want {
				t.Fatalf("%d ⊗ %d = %s, by the bits of b %d", x, y, lines[i], want)
			}
		case lines[i] == "-1":
			if x != 0 && y != 0 && y.Pow(x.Order()) == 1 {
				t.Fatalf("%d^x = %d: -1, but %d lies in the subgroup of %d", x, y, y, x)
			}
		case err != nil || x.Pow(v) != y:
			t.Fatalf("%d^x = %d: answer %q is wrong", x, y, lines[i])
		}
	}
}

func TestBatch(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 10))
	var mul, log strings.Builder
	n := 5000 // more than one run of 4096
	fmt.Fprintf(&mul, "%d\n", n)
	fmt.Fprintf(&log, "%d\n", n)
	for i := range n {
		fmt.Fprintf(&mul, "%d %#x\n", r.Uint64()>>(i%64), r.Uint64())
		a := nimber.Nimber(r.Uint64N(1<<16) + 1)
		b := nimber.Nimber(r.Uint64() | 1)
		if i%2 == 0 {
			b = a.Pow(r.Uint64())
		}
		fmt.Fprintf(&log, "%d %d\n", a, b)
	}
	checkBatch(t, "mul", mul.String())
	checkBatch(t, "log", log.String())
	for _, in := range []string{"0", "2\n3 5\n18446744073709551615 18446744073709551615\n", "3\n0 0\n1 2\n2 3\n"} {
		checkBatch(t, "mul", in)
		checkBatch(t, "log", in)
	}
	// The errors of the contest formats, word for word.
	for _, c := range []struct{ op, in, want string }{
		{"mul", "", "stdin: line 1: input ends early: expected the number of pairs T"},
		{"mul", "1\n1 2 3\n", `stdin: line 2: unexpected "3" after the 1 pairs`},
		{"mul", "2\n1 2\n", "stdin: line 3: input ends early: expected A of pair 2 of 2"},
		{"mul", "134217729\n", "stdin: line 1: the number of pairs T 134217729 is larger than 134217728"},
		{"log", "1048577\n", "stdin: line 1: the number of queries t 1048577 is larger than 1048576"},
		{"log", "1\n0x 1\n", `stdin: line 2: a of query 1 of 1: "0x" is not a decimal or 0x-hex integer`},
		{"log", "1\n1 2 3\n", `stdin: line 2: unexpected "3" after the 1 queries`},
		{"div", "0", `unknown batch operation "div" (mul, log)`},
	} {
		if _, err := Batch(c.op, strings.NewReader(c.in), "stdin"); err == nil || err.Error() != c.want {
			t.Errorf("Batch(%s, %q): %v, want %s", c.op, c.in, err, c.want)
		}
	}
}

func FuzzBatch(f *testing.F) {
	f.Add("3\n1 2\n3 3\n0xff 0x100\n")
	f.Add("1\n18446744073709551615 18446744073709551615\n")
	f.Add("2\n1 2\n")
	f.Add("")
	f.Add("1\n1\v2\n")
	f.Add("1\n0x100000006 18446744073709551615\n")
	f.Fuzz(func(t *testing.T, in string) {
		checkBatch(t, "mul", in)
		checkBatch(t, "log", in)
	})
}

// BenchmarkBatch times Batch per pair, reading included: products, and
// logarithms to random odd powers of the primitive root, bases of large
// order, whose queries are the slow ones.
func BenchmarkBatch(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, op := range []string{"mul", "log"} {
		var in strings.Builder
		n := 1 << 12
		fmt.Fprintf(&in, "%d\n", n)
		for range n {
			fmt.Fprintf(&in, "%d %d\n", nimber.PrimitiveRoot.Pow(r.Uint64()|1), r.Uint64())
		}
		b.Run(op, func(b *testing.B) {
			for b.Loop() {
				if _, err := Batch(op, strings.NewReader(in.String()), "bench"); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/pair")
		})
	}
}
