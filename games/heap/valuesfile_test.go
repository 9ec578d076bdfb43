package heap

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"unicode"

	"github.com/nimbers/grundy/budget"
)

// randomValues returns n values, mostly small, some past 2^16 (the
// escape) up to 2^64 − 1.
func randomValues(rng *rand.Rand, n int) []uint64 {
	v := make([]uint64, n)
	for i := range v {
		switch rng.IntN(20) {
		case 0:
			v[i] = 0xffff + rng.Uint64N(3)
		case 1:
			v[i] = rng.Uint64()
		default:
			v[i] = rng.Uint64N(300)
		}
	}
	return v
}

// writeValuesFile writes v in pieces of random lengths, flushing now
// and then, and returns the file.
func writeValuesFile(t *testing.T, rng *rand.Rand, g *Game, v []uint64, end bool) []byte {
	t.Helper()
	var b bytes.Buffer
	vw, err := NewValuesWriter(&b, g)
	if err != nil {
		t.Fatal(err)
	}
	for rest := v; len(rest) > 0; {
		k := min(len(rest), rng.IntN(3*frameValues/2)+1)
		if err := vw.Write(rest[:k]); err != nil {
			t.Fatal(err)
		}
		rest = rest[k:]
		if rng.IntN(3) == 0 {
			if err := vw.Flush(); err != nil {
				t.Fatal(err)
			}
		}
	}
	if end {
		if err := vw.Close(); err != nil {
			t.Fatal(err)
		}
	} else if err := vw.Flush(); err != nil {
		t.Fatal(err)
	}
	if vw.Bytes() != int64(b.Len()) || vw.countValues() != int64(len(v)) {
		t.Fatalf("writer counts %d values, %d bytes; wrote %d, %d", vw.countValues(), vw.Bytes(), len(v), b.Len())
	}
	return b.Bytes()
}

// readValuesFile reads a whole values file.
func readValuesFile(data []byte) (string, []uint64, error) {
	vr, err := newValuesReader(bytes.NewReader(data))
	if err != nil {
		return "", nil, err
	}
	var v []uint64
	for {
		if v, err = vr.Next(v); err != nil {
			if err == io.EOF {
				err = nil
			}
			return vr.Game(), v, err
		}
	}
}

func TestValuesFileRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 7))
	games := []*Game{GrundysGame(), Nim(), mustGame(t, "octal 0.6"), mustGame(t, "subtraction all-but:1,3")}
	for _, n := range []int{0, 1, frameValues - 1, frameValues, frameValues + 1, 3*frameValues + 17} {
		g := games[rng.IntN(len(games))]
		v := randomValues(rng, n)
		data := writeValuesFile(t, rng, g, v, true)
		game, got, err := readValuesFile(data)
		if err != nil || game != g.String() || !slices.Equal(got, v) {
			t.Fatalf("%d values of %s: read %d of %q, %v", n, g, len(got), game, err)
		}
		// Skipping frames counts the same values.
		vr, _ := newValuesReader(bytes.NewReader(data))
		total := 0
		for {
			k, err := vr.Skip()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			total += k
		}
		if total != n {
			t.Fatalf("skipped %d values of %d", total, n)
		}
	}
}

// TestValuesFileDamage cuts a file short at every byte and changes every
// byte of it: the reader reports a *ValuesFileError (or, for a change in
// the game's name, another game), never other values.
func TestValuesFileDamage(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 8))
	v := randomValues(rng, 300)
	var b bytes.Buffer
	vw, _ := NewValuesWriter(&b, GrundysGame())
	for i := 0; i < len(v); i += 100 {
		vw.Write(v[i : i+100])
		vw.Flush()
	}
	vw.Close()
	data := b.Bytes()
	for cut := range len(data) {
		_, got, err := readValuesFile(data[:cut])
		if !errors.Is(err, ErrValuesFile) || !slices.Equal(got, v[:len(got)]) || len(got)%100 != 0 {
			t.Fatalf("cut at %d: %d values, %v", cut, len(got), err)
		}
	}
	for i := range data {
		bad := slices.Clone(data)
		bad[i] ^= 1 << rng.IntN(8)
		game, got, err := readValuesFile(bad)
		if err == nil && !slices.Equal(got, v) {
			t.Fatalf("byte %d changed: read %d values of %q with no error", i, len(got), game)
		}
		if err != nil && !errors.Is(err, ErrValuesFile) {
			t.Fatalf("byte %d changed: %v", i, err)
		}
	}
}

func FuzzValuesReader(f *testing.F) {
	rng := rand.New(rand.NewPCG(1, 2))
	var b bytes.Buffer
	vw, _ := NewValuesWriter(&b, GrundysGame())
	vw.Write(randomValues(rng, 50))
	vw.Close()
	f.Add(b.Bytes())
	f.Add([]byte(valuesMagic))
	f.Add(append(b.Bytes(), 'x'))
	f.Add(append(hostileHeader("octal 0.6\x1b[2J\n"), 0))
	f.Add(append(hostileHeader("nim"), hostileFrame(f, 3, make([]byte, 600))...))
	f.Fuzz(func(t *testing.T, data []byte) {
		game, _, err := readValuesFile(data)
		if err != nil && !errors.Is(err, ErrValuesFile) {
			t.Fatalf("%v", err)
		}
		if err != nil && strings.ContainsFunc(err.Error(), unicode.IsControl) {
			t.Fatalf("the error %q holds control characters", err)
		}
		if g, gerr := ParseGame(game); err == nil && (gerr != nil || g.String() != game) {
			t.Fatalf("read with the game %q", game)
		}
	})
}

func mustGame(t *testing.T, s string) *Game {
	t.Helper()
	g, err := ParseGame(s)
	if err != nil {
		t.Fatal(err)
	}
	if g.String() != s {
		t.Fatalf("ParseGame(%q).String() = %q", s, g)
	}
	return g
}

func TestParseGame(t *testing.T) {
	for _, s := range []string{"octal 0.77", "octal 4.07", "subtraction 1,3,4", "subtraction all-but:1,3", "grundys-game", "nim"} {
		mustGame(t, s)
	}
	for _, s := range []string{"", "octal", "octal 0.7x", "grundys-game 3", "kayles", "subtraction 0"} {
		if _, err := ParseGame(s); err == nil {
			t.Errorf("ParseGame(%q) accepted", s)
		}
	}
}

// TestCheckpoint saves values in steps, resumes, and refuses checkpoints
// that are damaged or of another run.
func TestCheckpoint(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 3))
	dir := t.TempDir()
	path := filepath.Join(dir, "run.ckpt")
	g := mustGame(t, "octal 0.6")
	n := 5 * frameValues
	v := randomValues(rng, n)
	c, err := CreateCheckpoint(path, g, n)
	if err != nil {
		t.Fatal(err)
	}
	// A run killed before its first save resumes from nothing.
	if c2, got, err := ResumeCheckpoint(path, g, n); err != nil || len(got) != 0 {
		t.Fatalf("a new checkpoint resumes with %d values, %v", len(got), err)
	} else {
		c2.Close()
	}
	saved := 0
	for _, k := range []int{10, 10, frameValues + 3, 2 * frameValues} {
		saved += k
		if err := c.Save(v[:saved]); err != nil {
			t.Fatal(err)
		}
	}
	// Bytes written after the last save, as by a run killed before its
	// next one, are dropped on resuming.
	c.vw.Write(v[saved : saved+5000])
	c.vw.Flush()
	c.Close()
	c, got, err := ResumeCheckpoint(path, g, n)
	if err != nil || !slices.Equal(got, v[:saved]) {
		t.Fatalf("resumed %d values of %d: %v", len(got), saved, err)
	}
	if err := c.Save(v); err != nil {
		t.Fatal(err)
	}
	c.Close()
	if _, got, err = ResumeCheckpoint(path, g, n); err != nil || !slices.Equal(got, v) {
		t.Fatalf("resumed %d values of %d: %v", len(got), n, err)
	}

	refuse := func(what string, g *Game, n int) {
		t.Helper()
		if _, _, err := ResumeCheckpoint(path, g, n); !errors.Is(err, ErrCheckpoint) {
			t.Errorf("%s: %v, want a CheckpointError", what, err)
		}
	}
	refuse("another game", mustGame(t, "octal 0.16"), n)
	refuse("another n", g, n+1)
	meta, _ := os.ReadFile(path)
	values, _ := os.ReadFile(path + ".values")
	for _, damage := range []struct {
		what         string
		meta, values []byte
	}{
		{"description cut short", meta[:len(meta)-3], values},
		{"description changed", bytes.Replace(meta, []byte("values 3"), []byte("values 4"), 1), values},
		{"values cut short", meta, values[:len(values)-10]},
		{"values changed", meta, append(slices.Clone(values[:len(values)-10]), values[len(values)-10]^4)},
	} {
		os.WriteFile(path, damage.meta, 0o644)
		os.WriteFile(path+".values", append(damage.values, values[len(damage.values):]...), 0o644)
		if damage.what == "values cut short" {
			os.WriteFile(path+".values", damage.values, 0o644)
		}
		refuse(damage.what, g, n)
	}
}

// TestCensus reads sequences piece by piece and checks the classes
// against SparseClasses on the whole sequence and each milestone
// against a count over its prefix.
func TestCensus(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for _, code := range []string{"octal 0.6", "octal 0.16", "grundys-game", "octal 0.77"} {
		g := mustGame(t, code)
		for _, n := range []int{1, 2, 3, 1000, 5000, 20000} {
			v, err := g.Values(t.Context(), n, nil)
			if err != nil {
				t.Fatal(err)
			}
			var c census
			pieces := func(f func([]uint64)) {
				for rest := v; len(rest) > 0; {
					k := min(len(rest), 1+rng.IntN(3000))
					f(rest[:k])
					rest = rest[k:]
				}
			}
			pieces(c.Add)
			info := c.Classes()
			want := SparseClasses(v)
			if info.Mask != want.Mask || info.Twist != want.Twist {
				t.Fatalf("%s to %d: classes %v, SparseClasses %v", code, n, info, want)
			}
			pieces(c.Count)
			ms := c.Milestones()
			for _, m := range ms {
				max, at, sparse, last := uint64(0), 0, 0, -1
				for h, x := range v[:m.Heaps] {
					if x > max {
						max, at = x, h
					}
					if h > 0 && want.class(h, x) == 0 {
						sparse, last = sparse+1, h
					}
				}
				if m != (Milestone{m.Heaps, max, at, sparse, last}) {
					t.Fatalf("%s to %d: %+v, want max %d at %d, %d sparse, last %d", code, n, m, max, at, sparse, last)
				}
			}
			if ms[len(ms)-1].Heaps != n || len(ms) != bits.Len(uint(n-1))+1 && n > 1 {
				t.Fatalf("%s to %d: milestones at %v", code, n, ms)
			}
		}
	}
}

func FuzzParseCheckpoint(f *testing.F) {
	f.Add([]byte("grundy-checkpoint 1\ngame octal 0.6\nn 100\nvalues 10\nbytes 50\nvalues-crc32c 0000abcd\ncrc32c 12345678\n"))
	f.Add([]byte("crc32c 0\n"))
	f.Fuzz(func(t *testing.T, text []byte) {
		m, err := parseCheckpoint(text)
		if err == nil && (m.values < 0 || m.bytes < 0 || m.values > int64(m.n)) {
			t.Fatalf("%q read as %+v", text, m)
		}
		if err == nil {
			if g, gerr := ParseGame(m.game); gerr != nil || g.String() != m.game {
				t.Fatalf("%q read with the game %q", text, m.game)
			}
		}
		if err != nil && strings.ContainsFunc(err.Error(), unicode.IsControl) {
			t.Fatalf("%q: the error %q holds control characters", text, err)
		}
	})
}

// BenchmarkValuesFile writes and reads 2^20 values of Grundy's game.
func BenchmarkValuesFile(b *testing.B) {
	v, err := GrundysGame().Values(b.Context(), 1<<20, &budget.Options{Limit: -1})
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	b.Run("write", func(b *testing.B) {
		for b.Loop() {
			buf.Reset()
			vw, _ := NewValuesWriter(&buf, GrundysGame())
			vw.Write(v)
			vw.Close()
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(v)), "ns/value")
		b.ReportMetric(float64(buf.Len())/float64(len(v)), "bytes/value")
	})
	b.Run("read", func(b *testing.B) {
		for b.Loop() {
			if _, got, err := readValuesFile(buf.Bytes()); err != nil || len(got) != len(v) {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(v)), "ns/value")
	})
}

// TestCensusLargeValues checks the classes Census chooses for sequences
// with values past 4096 (which it counts by their low bits and the
// parity of the rest) against a count of the sparse heaps under every
// mask and twist.
func TestCensusLargeValues(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	for range 20 {
		v := make([]uint64, 300+rng.IntN(300))
		for i := range v {
			v[i] = rng.Uint64N(1 << (1 + rng.IntN(40)))
		}
		var c census
		c.Add(v)
		got := c.Classes()
		count := func(info SparseInfo) int {
			n := 0
			for h := 1; h < len(v); h++ {
				if info.class(h, v[h]) == 0 {
					n++
				}
			}
			return n
		}
		best, high := len(v), ^uint64(1<<12-1)
		for low := range uint64(1 << 12) {
			for _, tw := range []bool{false, true} {
				best = min(best, count(SparseInfo{Mask: low | high, Twist: tw}))
			}
		}
		if count(got) != best {
			t.Fatalf("Census chose %v with %d sparse heaps; the best mask has %d", got, count(got), best)
		}
	}
}

func FuzzParseGame(f *testing.F) {
	for _, s := range []string{"octal 0.77", "subtraction all-but:1,3", "grundys-game", "nim", "octal  4.07 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseGame(s)
		if err != nil {
			return
		}
		// What it reads, it writes back in a form it reads as the same game.
		h, err := ParseGame(g.String())
		if err != nil || h.String() != g.String() {
			t.Fatalf("%q read as %q, which reads back as %v, %v", s, g, h, err)
		}
	})
}

// hostileFrame returns a frame of count values whose payload is raw,
// with a checksum that matches: what a hostile writer can make.
func hostileFrame(t testing.TB, count int, raw []byte) []byte {
	t.Helper()
	enc, err := newFrameEncoder()
	if err != nil {
		t.Fatal(err)
	}
	packed := enc.EncodeAll(raw, nil)
	b := binary.AppendUvarint(nil, uint64(count))
	b = binary.AppendUvarint(b, uint64(len(packed)))
	b = binary.LittleEndian.AppendUint32(b, frameSum(count, raw))
	return append(b, packed...)
}

// hostileHeader returns the header of a values file naming game.
func hostileHeader(game string) []byte {
	return append(binary.AppendUvarint([]byte(valuesMagic), uint64(len(game))), game...)
}

// TestValuesFileHostile reads files a hostile writer made: a frame that
// inflates past what its count can hold, a game that is no game (or
// holds control characters), bytes after the end mark. Each is refused
// with a *ValuesFileError, quickly, and never with the raw text.
func TestValuesFileHostile(t *testing.T) {
	zeros := hostileFrame(t, MaxFrameValues, make([]byte, 2*MaxFrameValues))
	good := append(hostileHeader("nim"), zeros...)
	if _, v, err := readValuesFile(append(slices.Clone(good), 0)); err != nil || len(v) != MaxFrameValues {
		t.Fatalf("a frame of zeros: %d values, %v", len(v), err)
	}
	for _, c := range []struct {
		what string
		data []byte
		want string
	}{
		{"a frame of 20 values inflating to 1 MB", append(hostileHeader("nim"), hostileFrame(t, 20, make([]byte, 1<<20))...), "inflates past"},
		{"a frame of 2 values inflating to 25 bytes", append(hostileHeader("nim"), hostileFrame(t, 2, make([]byte, 25))...), "inflates past"},
		{"a game with escapes", append(hostileHeader("octal 0.6\x1b[2J\nfake"), 0), `"octal 0.6\x1b[2J\nfake"`},
		{"a game written otherwise", append(hostileHeader("octal  0.6"), 0), "no game"},
		{"no game", append(hostileHeader("kayles"), 0), "no game"},
		{"bytes after the end mark", append(slices.Clone(good), 0, 'x'), "follow the end mark"},
		{"a frame too large for its count", append(hostileHeader("nim"), 1, 0xff, 0xff, 0x7f), "too large"},
	} {
		_, _, err := readValuesFile(c.data)
		if !errors.Is(err, ErrValuesFile) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want a values file error saying %q", c.what, err, c.want)
		}
		if err != nil && strings.ContainsAny(err.Error(), "\x1b\n") {
			t.Errorf("%s: the error %q holds control characters", c.what, err)
		}
	}
}

// TestCheckpointSpecialFiles refuses to read or replace anything but a
// regular file as a checkpoint, and reads no more of a description than
// its bound.
func TestCheckpointSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	g := mustGame(t, "octal 0.6")
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	if _, err := CreateCheckpoint(fifo, g, 10); !errors.Is(err, ErrCheckpoint) {
		t.Errorf("a checkpoint over a FIFO: %v", err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "v.values"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := CreateCheckpoint(filepath.Join(dir, "v"), g, 10); !errors.Is(err, ErrCheckpoint) {
		t.Errorf("a checkpoint whose values would replace a FIFO: %v", err)
	}
	for _, path := range []string{fifo, "/dev/zero", dir} {
		if _, _, err := ResumeCheckpoint(path, g, 10); !errors.Is(err, ErrCheckpoint) {
			t.Errorf("resuming %s: %v", path, err)
		}
	}
	big := filepath.Join(dir, "big")
	if err := os.WriteFile(big, make([]byte, maxDescription+1), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ResumeCheckpoint(big, g, 10); !errors.Is(err, ErrCheckpoint) {
		t.Errorf("resuming a file past the bound: %v", err)
	}
}
