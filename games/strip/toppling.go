package strip

import (
	"slices"
	"strings"

	"github.com/nimbers/grundy/games"
)

func init() {
	games.Register(games.Entry{
		Name:     "toppling-dominoes",
		Kind:     0,
		Summary:  "Left topples one of her dominoes ('l') or a grey one ('e') to the left or right, removing it and every domino beyond it on that side; Right likewise with his ('r') and the grey ones",
		Notation: "rows of 'l' (Left's domino), 'r' (Right's), 'e' (grey, either's) and '.' (no domino), as CGSuite writes a strip, separated by '|' for a sum: \"lrlrreelr|llr\"; a domino topples past a '.' as in CGSuite, so blanks change nothing; at most 4096 squares",
		Example:  []string{"toppling-dominoes", "lrrll"},
		New: func(string) (games.Ruleset, error) {
			return topplingDominoes, nil
		},
	})
}

// maxDominoes bounds the squares of a Toppling Dominoes position, all
// rows counted.
const maxDominoes = 4096

// topplingDominoes is the ruleset of Toppling Dominoes as CGSuite plays
// it: a row of dominoes, each Left's ('l'), Right's ('r') or grey ('e').
// A player topples a domino of her colour or a grey one to the left or to
// the right: it falls with every domino on that side. The squares CGSuite
// leaves blank ('.') after a topple do not stop a falling domino, so a
// row's value is that of its dominoes in order, blanks left out. Rows
// separated by '|' are a sum; each is a component, and a row reversed has
// the value of the row.
var topplingDominoes games.Ruleset = toppling{}

type toppling struct{}

// Name returns "toppling-dominoes".
func (toppling) Name() string { return "toppling-dominoes" }

// Kind returns 0: short and partizan.
func (toppling) Kind() games.Kind { return 0 }

// Parse reads rows of 'l', 'r', 'e' and '.' separated by '|'.
func (toppling) Parse(s string) (games.Position, error) {
	if s == "" {
		return nil, games.InputErrorf("toppling-dominoes: an empty strip (write '.' for a square with no domino)")
	}
	if len(s) > maxDominoes {
		return nil, games.InputErrorf("toppling-dominoes: %d characters, more than the %d squares a position may have", len(s), maxDominoes)
	}
	for i := range len(s) {
		switch s[i] {
		case 'l', 'r', 'e', '.', '|':
		default:
			return nil, games.InputErrorf("toppling-dominoes: offset %d: %q is not 'l', 'r', 'e', '.' or '|'", i, runeAt(s, i))
		}
	}
	return dominoes(strings.Split(s, "|")), nil
}

// runeAt returns the character starting at byte i of s.
func runeAt(s string, i int) string {
	for j := i + 1; j <= len(s); j++ {
		if j == len(s) || s[j]&0xC0 != 0x80 {
			return s[i:j]
		}
	}
	return s[i:]
}

// dominoes is a Toppling Dominoes position: its rows as written. It is a
// Splitter and an Estimator.
type dominoes []string

// String returns the rows joined by '|'.
func (d dominoes) String() string { return strings.Join(d, "|") }

// compact returns row without its blanks. The blanks a topple leaves are
// at the ends, which cost no copy.
func compact(row string) string {
	row = strings.Trim(row, ".")
	if !strings.Contains(row, ".") {
		return row
	}
	return strings.ReplaceAll(row, ".", "")
}

// Options returns the rows with one domino toppled, as CGSuite plays it:
// the domino and every square left of it, or right of it, made blank. A
// row of n dominoes gives up to 2n options.
func (d dominoes) Options(who games.Player) []games.Position {
	mine := byte('l')
	if who == games.Right {
		mine = 'r'
	}
	var out []games.Position
	for i, row := range d {
		for k := range len(row) {
			if row[k] != mine && row[k] != 'e' {
				continue
			}
			out = append(out, d.with(i, blank(row, 0, k+1)), d.with(i, blank(row, k, len(row))))
		}
	}
	return out
}

// blank returns row with squares i to j-1 blank.
func blank(row string, i, j int) string {
	b := []byte(row)
	for k := i; k < j; k++ {
		b[k] = '.'
	}
	return string(b)
}

// with returns d with row i replaced by row.
func (d dominoes) with(i int, row string) dominoes {
	out := slices.Clone(d)
	out[i] = row
	return out
}

// rows returns the rows with their dominoes, blanks left out.
func (d dominoes) rows() []string {
	var out []string
	for _, row := range d {
		if c := compact(row); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// Components returns each row with a domino, when there are two or
// more.
func (d dominoes) Components() []games.Position {
	rows := d.rows()
	if len(rows) < 2 {
		return nil
	}
	out := make([]games.Position, len(rows))
	for i, r := range rows {
		out[i] = dominoes{r}
	}
	return out
}

// rowKey returns the smaller of row and row reversed.
func rowKey(row string) string {
	b := []byte(row)
	slices.Reverse(b)
	if r := string(b); r < row {
		return r
	}
	return row
}

// AppendKey appends the rows' dominoes, each row read in the direction
// that sorts first, the rows sorted.
func (d dominoes) AppendKey(b []byte) []byte {
	rows := d.rows()
	for i, r := range rows {
		rows[i] = rowKey(r)
	}
	slices.Sort(rows)
	return append(b, strings.Join(rows, "|")...)
}

// Estimate returns the positions the search meets, which are the rows'
// runs of consecutive dominoes: n(n+1)/2 for a row of n, and the empty
// row.
func (d dominoes) Estimate() float64 {
	n := 1.0
	for _, r := range d.rows() {
		k := float64(len(r))
		n += k * (k + 1) / 2
	}
	return n
}
