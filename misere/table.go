package misere

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// A Table is a quotient written out in full; its JSON is that of grundy
// misere quotient --json. Names, Generators and Relations come from its
// presentation: each element's name (its first shortest word in the
// generators, "1" for the identity), the generators (Name, Heap and
// Element: one per heap that brings a new element) and the relations
// among them.
type Table struct {
	Period    *int     `json:"period"`    // the proven period of the heaps' elements; nil when none is
	Preperiod *int     `json:"preperiod"` // the heap from which it holds
	Order     int      `json:"order"`
	Identity  int      `json:"identity"` // the element of the empty sum: always 0
	Heaps     []int    `json:"heaps"`    // the element of each heap up to maxHeap
	Followers []string `json:"followers,omitempty"`
	Mul       [][]int  `json:"table"` // Mul[x][y] is the product of x and y
	P         []int    `json:"p"`     // the P-portion, in increasing order
	*presentation
	Expansions []int `json:"expansions"`
	// Game names the heap game in the text form, for the caller to set.
	Game string `json:"-"`
}

// Table returns q written out: its period, elements of heaps,
// multiplication table, P-portion and presentation. Followers is left
// for the caller to fill when q is the quotient of a game's followers
// (HeapForms.Notations); such a quotient has no period.
func (q *Quotient) Table() *Table {
	t := &Table{Order: q.order(), Heaps: make([]int, q.maxHeap()+1), Mul: make([][]int, q.order()),
		P: q.pPortion(), presentation: q.present(), Expansions: q.grewAt()}
	if n0, p, ok := q.proven(); ok {
		t.Period, t.Preperiod = &p, &n0
	}
	for h := range t.Heaps {
		t.Heaps[h] = q.Heap(h)
	}
	for x := range t.Mul {
		t.Mul[x] = make([]int, q.order())
		for y := range t.Mul[x] {
			t.Mul[x][y] = q.mul(x, y)
		}
	}
	if t.P == nil {
		t.P = []int{}
	}
	return t
}

// WriteTo writes t as grundy misere quotient prints it: a title (the
// game and its heaps, or the game whose followers t is the quotient of),
// the order and P-portion's size, the generators with the heap or
// follower each stands for, the relations and the P-portion, then the
// proven period and the element of each heap ten a line, or each
// follower with its element. It returns the bytes written and the first
// error.
func (t *Table) WriteTo(w io.Writer) (int64, error) {
	b := &countWriter{w: bufio.NewWriter(w)}
	n := len(t.Heaps) - 1
	generator := func(h int) string { return fmt.Sprintf("heap %d", h) }
	title := fmt.Sprintf("%s, heaps 0 to %d", t.Game, n)
	if t.Followers != nil {
		k, s := len(t.Followers), "s"
		if k == 1 {
			s = ""
		}
		generator = func(h int) string { return t.Followers[h] }
		title = fmt.Sprintf("closure of %s, %d follower%s", t.Followers[k-1], k, s)
	}
	fmt.Fprintf(b, "%s: order %d, %d in P\n", title, t.Order, len(t.P))
	var gs, rs, ps []string
	for _, g := range t.Generators {
		gs = append(gs, fmt.Sprintf("%s = %s", g.Name, generator(g.Heap)))
	}
	for _, r := range t.Relations {
		rs = append(rs, r[0]+" = "+r[1])
	}
	for _, x := range t.P {
		ps = append(ps, t.Names[x])
	}
	fmt.Fprintf(b, "generators: %s\nrelations: %s\nP: %s\n", strings.Join(gs, ", "), strings.Join(rs, ", "), strings.Join(ps, ", "))
	if t.Followers != nil {
		fmt.Fprintln(b, "followers:")
		for i, f := range t.Followers {
			fmt.Fprintf(b, "%s  %s\n", t.Names[t.Heaps[i]], f)
		}
		return b.n, b.flush()
	}
	if t.Period != nil {
		fmt.Fprintf(b, "period %d from heap %d (proven: the quotient of all heaps)\n", *t.Period, *t.Preperiod)
	} else {
		fmt.Fprintf(b, "no period proven up to heap %d\n", n)
	}
	fmt.Fprintln(b, "heaps:")
	for h := 0; h <= n; h += 10 {
		var row []string
		for k := h; k <= min(n, h+9); k++ {
			row = append(row, t.Names[t.Heaps[k]])
		}
		fmt.Fprintf(b, "%4d  %s\n", h, strings.Join(row, " "))
	}
	return b.n, b.flush()
}

// A countWriter counts the bytes written through it to a buffered
// writer.
type countWriter struct {
	w *bufio.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	k, err := c.w.Write(p)
	c.n += int64(k)
	return k, err
}

func (c *countWriter) flush() error { return c.w.Flush() }
