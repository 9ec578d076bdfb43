package misere

// A Table is a quotient written out in full; its JSON is that of grundy
// misere quotient --json.
type Table struct {
	Period    *int     `json:"period"`    // the proven period of the heaps' elements; nil when none is
	Preperiod *int     `json:"preperiod"` // the heap from which it holds
	Order     int      `json:"order"`
	Identity  int      `json:"identity"` // the element of the empty sum: always 0
	Heaps     []int    `json:"heaps"`    // the element of each heap up to maxHeap
	Followers []string `json:"followers,omitempty"`
	Mul       [][]int  `json:"table"` // Mul[x][y] is the product of x and y
	P         []int    `json:"p"`     // the P-portion, in increasing order
	*Presentation
	Expansions []int `json:"expansions"`
}

// Table returns q written out: its period, elements of heaps,
// multiplication table, P-portion and presentation. Followers is left
// for the caller to fill when q is the quotient of a game's followers.
func (q *Quotient) Table() *Table {
	t := &Table{Order: q.order(), Heaps: make([]int, q.maxHeap()+1), Mul: make([][]int, q.order()),
		P: q.pPortion(), Presentation: q.present(), Expansions: q.grewAt()}
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
