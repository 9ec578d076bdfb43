package nimber

import (
	"math/big"
	"strconv"
	"testing"
)

// FuzzParse checks Parse against strconv.ParseUint: a string is accepted
// exactly when it is a plain decimal, or 0x followed by hex digits, that
// fits in 64 bits, and then both agree on the value.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"0", "42", "0x2a", "0XFF", "18446744073709551615", "18446744073709551616",
		"-1", "+1", "", "0x", "1_0", " 1", "0x0000000000000000001", "٣"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := Parse(s)
		var want uint64
		var refErr error
		if len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && s[2] != '+' && s[2] != '-' && s[2] != '_' {
			want, refErr = strconv.ParseUint(s[2:], 16, 64)
		} else if len(s) > 0 && s[0] != '+' && s[0] != '-' {
			want, refErr = strconv.ParseUint(s, 10, 64)
		} else {
			refErr = strconv.ErrSyntax
		}
		if (err == nil) != (refErr == nil) {
			t.Fatalf("Parse(%q) error %v, strconv error %v", s, err, refErr)
		}
		if err == nil && uint64(got) != want {
			t.Fatalf("Parse(%q) = %d, strconv gives %d", s, got, want)
		}
		if b, errB := parseBytes([]byte(s)); b != got || (errB == nil) != (err == nil) {
			t.Fatalf("parseBytes(%q) = %d, %v; Parse gives %d, %v", s, b, errB, got, err)
		}
	})
}

// FuzzParseBig checks ParseBig against math/big on the same grammar.
func FuzzParseBig(f *testing.F) {
	for _, s := range []string{"0", "0x1" + "00000000000000000000000000000000", "123456789012345678901234567890", "-5", "0x", "1e9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		x, err := ParseBig(s)
		if err != nil {
			if _, e := Parse(s); e == nil {
				t.Fatalf("ParseBig(%q) fails but Parse accepts it", s)
			}
			return
		}
		var v big.Int
		var ok bool
		if len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
			_, ok = v.SetString(s[2:], 16)
		} else {
			_, ok = v.SetString(s, 10)
		}
		if !ok || v.Sign() < 0 || x.Int().Cmp(&v) != 0 {
			t.Fatalf("ParseBig(%q) = %v; math/big gives %v, %v", s, x, &v, ok)
		}
	})
}

// FuzzArithmetic checks field identities on fuzzer-chosen operands.
func FuzzArithmetic(f *testing.F) {
	f.Add(uint64(0), uint64(0))
	f.Add(uint64(1)<<63, uint64(0x8000))
	f.Add(uint64(1<<64-1), uint64(12345))
	f.Fuzz(func(t *testing.T, x, y uint64) {
		a, b := Nimber(x), Nimber(y)
		if a.Mul(b) != Nimber(refMul(x, y)) {
			t.Fatalf("%#x ⊗ %#x = %#x, reference %#x", x, y, a.Mul(b), refMul(x, y))
		}
		if a != 0 && a.Mul(a.Inv()) != 1 {
			t.Fatalf("Inv(%#x) wrong", x)
		}
		if a.Sqrt().Square() != a {
			t.Fatalf("Sqrt(%#x) wrong", x)
		}
		for _, r := range SolveQuadratic(a, b) {
			if r.Square()^a.Mul(r)^b != 0 {
				t.Fatalf("SolveQuadratic(%#x, %#x) root %#x wrong", x, y, r)
			}
		}
	})
}
