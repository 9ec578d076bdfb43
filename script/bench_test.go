package script

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nimbers/grundy/games"
)

// goClobber is Clobber written in Go as the Starlark one in starlarkGrid
// is: a board a list of rows, options found cell by cell, no split into
// components, the key the board's text. The benchmark registers it.
type goClobber struct{}

func (goClobber) Name() string     { return "bench-clobber" }
func (goClobber) Kind() games.Kind { return 0 }

func (goClobber) Parse(s string) (games.Position, error) {
	rows := strings.Split(s, "|")
	for _, r := range rows {
		if len(r) != len(rows[0]) || strings.Trim(r, "xo.") != "" {
			return nil, games.InputErrorf("bench-clobber: bad board %q", s)
		}
	}
	return goBoard(rows), nil
}

// goBoard is a position of goClobber.
type goBoard []string

func (b goBoard) String() string { return strings.Join(b, "|") }

func (b goBoard) AppendKey(k []byte) []byte { return append(k, b.String()...) }

func (b goBoard) Options(p games.Player) []games.Position {
	me, you := byte('x'), byte('o')
	if p == games.Right {
		me, you = you, me
	}
	var out []games.Position
	for i, row := range b {
		for j := range len(row) {
			if row[j] != me {
				continue
			}
			for _, d := range [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
				y, x := i+d[0], j+d[1]
				if y < 0 || x < 0 || y >= len(b) || x >= len(row) || b[y][x] != you {
					continue
				}
				q := make([][]byte, len(b))
				for k := range b {
					q[k] = []byte(b[k])
				}
				q[i][j], q[y][x] = '.', me
				nb := make(goBoard, len(q))
				for k := range q {
					nb[k] = string(q[k])
				}
				out = append(out, nb)
			}
		}
	}
	return out
}

var registerGoClobber sync.Once

// BenchmarkStarlarkVsGoClobber values the same 100 random Clobber boards
// of at most 3 × 4 squares with Clobber written in Starlark (starlarkGrid),
// with goClobber, and with the built-in clobber (bit boards, split into
// components), each in a new session, checks that they print the same
// canonical forms, and reports each one's time and
// the ratios of Starlark's to the others'.
func BenchmarkStarlarkVsGoClobber(b *testing.B) {
	registerGoClobber.Do(func() {
		games.Register(games.Entry{Name: "bench-clobber", Summary: "Clobber for a benchmark", Notation: "rows of x, o and . joined by |",
			Example: []string{"bench-clobber", "xo"}, New: func(string) (games.Ruleset, error) { return goClobber{}, nil }})
	})
	boards := randomBoards(rand.New(rand.NewPCG(54, 2)), 100, 3, 4, "xo.")
	srcs := []string{
		starlarkGrid + "\nfor b in " + boards + ":\n    print(mine[\"clobber\"](b))\n",
		"r = ruleset(\"bench-clobber\")\nfor b in " + boards + ":\n    print(r(\"|\".join(b)))\n",
		"r = ruleset(\"clobber\")\nfor b in " + boards + ":\n    print(r(\"|\".join(b)))\n",
	}
	var took [3]time.Duration
	var values [3][]string
	for b.Loop() {
		for i, src := range srcs {
			values[i] = values[i][:0]
			opt := &Options{Steps: -1, Print: func(l string) { values[i] = append(values[i], l) }}
			start := time.Now()
			if _, err := newSession(opt).exec(context.Background(), "bench.star", []byte(src)); err != nil {
				b.Fatal(err)
			}
			took[i] += time.Since(start)
		}
	}
	if !slices.Equal(values[0], values[2]) || !slices.Equal(values[1], values[2]) {
		b.Fatalf("the three Clobbers differ:\n%v\n%v\n%v", values[0], values[1], values[2])
	}
	n := float64(b.N)
	b.ReportMetric(float64(took[0])/n, "starlark-ns/op")
	b.ReportMetric(float64(took[1])/n, "go-ns/op")
	b.ReportMetric(float64(took[2])/n, "builtin-ns/op")
	b.ReportMetric(float64(took[0])/float64(took[1]), "starlark/go")
	b.ReportMetric(float64(took[0])/float64(took[2]), "starlark/builtin")
}

// BenchmarkSandbox measures what a child process costs a small sheet:
// the same sheet in a sandbox (a process started, the sheet sent, its
// answer read) and in a session of this process.
func BenchmarkSandbox(b *testing.B) {
	src := []byte("print(game(\"{2|-1}\").temperature())\n")
	for _, c := range []struct {
		name string
		run  func() error
	}{
		{"child", func() error {
			s := newSandbox(nil)
			defer s.Close()
			_, err := s.Exec(context.Background(), "b.star", src)
			return err
		}},
		{"in-process", func() error {
			_, err := newSession(nil).exec(context.Background(), "b.star", src)
			return err
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if err := c.run(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
