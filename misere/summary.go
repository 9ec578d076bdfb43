package misere

// A Summary is what a misère form is known by besides its notation: its
// birthday, who wins misère play, its genus and its phylum, with the
// JSON names of grundy's --json.
type Summary struct {
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
	if x.IsP() {
		outcome = "second"
	}
	gen, ph := x.Genus(), x.Phylum()
	return Summary{x.Birthday(), outcome, gen.G, gen.Gamma, gen.String(), ph.String(), ph.class()}
}
