package misere

import (
	"fmt"
	"io"
)

// A Summary is what a misère form is known by besides its notation: its
// birthday, who wins misère play, its genus and its phylum, with the
// JSON names of grundy's --json. Heap and Game, for the caller to set,
// name the form in that JSON: the heap it is the form of (misere genus),
// or its notation (misere canon).
type Summary struct {
	Heap     *int   `json:"heap,omitempty"`
	Game     string `json:"game,omitempty"`
	Birthday int    `json:"birthday"`
	Outcome  string `json:"outcome"` // "first" or "second": who wins misère play
	G        int    `json:"g"`       // the Grundy value
	Gamma    []int  `json:"gamma"`   // the misère values γ0, γ1, … up to the period 2
	Genus    string `json:"genus"`   // as Genus.String writes it: "1^031"
	Phylum   string `json:"phylum"`
	Class    string `json:"class"`
}

// Summary returns the birthday, outcome, genus and phylum of x.
func (x Game) Summary() Summary {
	outcome := "first"
	if x.node().gamma[0] == 0 {
		outcome = "second"
	}
	gen, ph := x.Genus(), x.Phylum()
	return Summary{Birthday: x.Birthday(), Outcome: outcome, G: gen.G, Gamma: gen.Gamma, Genus: gen.String(), Phylum: ph.String(), Class: ph.class()}
}

// WriteTo writes s as grundy misere canon prints it: Game on a line, then
// "birthday B, W player wins, genus G, PHYLUM". It returns the bytes
// written and the first error.
func (s *Summary) WriteTo(w io.Writer) (int64, error) {
	n, err := fmt.Fprintf(w, "%s\nbirthday %d, %s player wins, genus %s, %s\n", s.Game, s.Birthday, s.Outcome, s.Genus, s.Phylum)
	return int64(n), err
}
