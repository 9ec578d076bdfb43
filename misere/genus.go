package misere

import (
	"strconv"
	"strings"
)

// A Genus is Conway's genus g^(γ0 γ1 …) of a game G: g is G's normal-play
// nim value and γi the misère nim value of G plus i heaps *2. The
// sequence γ becomes periodic with period 2; Gamma stops where that
// period begins, and always has at least two terms. Nim heaps have
// genus 0^120, 1^031, 2^20, 3^31, 4^46, …
type Genus struct {
	G     int
	Gamma []int
}

// at returns γi for any i ≥ 0, continuing the period 2.
func (x Genus) at(i int) int { return sup(x.Gamma, i) }

// String returns the genus as g^γ0γ1…, or g^(γ0,γ1,…) when some term has
// two digits: 0^120, 4^146, 6^(1,9,10,8).
func (x Genus) String() string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(x.G))
	b.WriteByte('^')
	wide := false
	for _, v := range x.Gamma {
		wide = wide || v >= 10
	}
	if wide {
		b.WriteByte('(')
	}
	for i, v := range x.Gamma {
		if wide && i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(v))
	}
	if wide {
		b.WriteByte(')')
	}
	return b.String()
}

// tameGenus returns the genus of the tame games with nim value g and
// misère value m: m, g⊕2, g, g⊕2, …
func tameGenus(g, m int) Genus {
	if m == g {
		return Genus{G: g, Gamma: []int{g, g ^ 2}}
	}
	return Genus{G: g, Gamma: []int{m, g ^ 2, g}}
}

// A Phylum is a game's place in the classification of misère games of
// Conway (On Numbers and Games, chapter 12) and Winning Ways (chapter
// 13), refined as CGSuite refines it. A tame game plays like a nim
// position in sums with other tame games; a restive game is one with
// tame options whose nim value g is 0 or 1 but which is not tame; a
// restless game has tame options and misère value 0 or 1 without being
// tame or restive; every other game is wild.
type Phylum uint8

// The phyla, from the tamest.
const (
	// NimHeap is a nim heap *n.
	NimHeap Phylum = iota
	// HereditarilyTame is a tame game whose options are all hereditarily
	// tame: its genus is 0^120, 1^031 or g^(g, g⊕2), or 0^0 and 1^1.
	HereditarilyTame
	// ReversiblyTame is a game of tame genus whose options that are not
	// tame are reversible through tame games, so it is tame.
	ReversiblyTame
	// Tameable is a game of tame genus that is tame in sums with tame
	// games thanks to its options that are themselves tameable.
	Tameable
	// Restive is a game whose options are hereditarily tame, with nim
	// value 0 or 1, that is not tame.
	Restive
	// ReversiblyRestive is a game of restive genus whose other options
	// are reversible through restive or tame games.
	ReversiblyRestive
	// Restless is a game whose options are tame, with misère value 0 or
	// 1, that is neither tame nor restive.
	Restless
	// Wild is every other game.
	Wild
)

var phylumNames = [...]string{"nim heap", "hereditarily tame", "reversibly tame", "tameable", "restive", "reversibly restive", "restless", "wild"}

// String returns the phylum's name in lower case: "nim heap",
// "hereditarily tame", … "wild".
func (p Phylum) String() string {
	if int(p) < len(phylumNames) {
		return phylumNames[p]
	}
	return "phylum " + strconv.Itoa(int(p))
}

// isTame reports whether p is a tame phylum: NimHeap, HereditarilyTame or
// ReversiblyTame. The genus of a sum of tame games follows from theirs.
func (p Phylum) isTame() bool { return p <= ReversiblyTame }

// restive reports whether p is Restive or ReversiblyRestive.
func (p Phylum) restive() bool { return p == Restive || p == ReversiblyRestive }

// class returns the coarse class: "tame", "restive", "restless",
// "tameable" or "wild".
func (p Phylum) class() string {
	switch {
	case p.isTame():
		return "tame"
	case p.restive():
		return "restive"
	case p == Restless:
		return "restless"
	case p == Tameable:
		return "tameable"
	}
	return "wild"
}

// classify returns the phylum of a new canonical form whose options are
// classified.
func classify(n *node) Phylum {
	g, m := n.g, n.gamma[0]
	tameG := g == m || g < 2 && m < 2
	restiveG := !tameG && g < 2
	restlessG := !tameG && !restiveG && m < 2
	wildest, allTame := NimHeap, true
	for _, o := range n.opts {
		if !o.phylum.isTame() {
			allTame = false
			break
		}
		wildest = max(wildest, o.phylum)
	}
	if allTame {
		switch {
		case wildest == NimHeap && tameG && (g > 1 || g != m):
			return NimHeap
		case wildest <= HereditarilyTame && tameG:
			return HereditarilyTame
		case wildest <= HereditarilyTame && restiveG:
			return Restive
		case tameG:
			return ReversiblyTame
		case restiveG:
			return ReversiblyRestive
		case restlessG:
			return Restless
		}
		return Wild
	}
	if !tameG && !restiveG {
		return Wild
	}
	return reversible(n, tameG)
}

// reversible classifies a game of tame or restive genus with an option
// that is not tame: it is reversibly tame (or restive) when each such
// option X has options of the game's nim value and misère value through
// which a move to X is reversed, and the tame options alone give the
// game its values; tameable when tameable options stand in for them.
func reversible(n *node, tameG bool) Phylum {
	g, m := n.g, n.gamma[0]
	revOK, tameableOK := true, tameG
	var gs, ms, tgs, tms intSet
	for _, o := range n.opts {
		if o.phylum.isTame() {
			gs.add(o.g)
			ms.add(o.gamma[0])
			continue
		}
		tameableM, tameableG := false, false
		if tameableOK && o.phylum == Tameable {
			tgs.add(o.g)
			tms.add(o.gamma[0])
			tameableM, tameableG = true, true
		}
		foundM, foundG := false, false
		for _, s := range o.opts {
			sg, sm := s.g, s.gamma[0]
			switch {
			case s.phylum.isTame() && tameG:
				foundM = foundM || sm == m
				foundG = foundG || sg == g
			case (s.phylum.isTame() || s.phylum.restive()) && !tameG:
				foundM = foundM || sm == m && (sg < 2 || (sg^m) < 2)
				foundG = foundG || sg == g && (sm < 2 || (sm^m) < 2)
			case s.phylum == Tameable && tameableOK:
				tameableM = tameableM || sm == m
				tameableG = tameableG || sg == g
			}
		}
		if !foundM || !foundG {
			revOK = false
			tameableOK = tameableOK && tameableM && tameableG
			if !tameableOK {
				return Wild
			}
		}
	}
	if revOK && gs.mex() == g && ms.mex() == m {
		if tameG {
			return ReversiblyTame
		}
		return ReversiblyRestive
	}
	if !tameableOK {
		return Wild
	}
	gs.union(tgs)
	ms.union(tms)
	if (gs.mex() != g || ms.mex() != m) && (!gs.empty() || g > 0) {
		return Wild
	}
	return Tameable
}

// addTame returns the genus of the sum of tame games by Conway's rule,
// without forming the sum: the nim value is the nim-sum of the parts'
// nim values g; the misère value is g ⊕ 1 when every part plays like 0 or
// *1 (genus 0^120 or 1^031) and g otherwise, as in misère Nim. It reports
// false when some game is not tame.
func addTame(gs ...Game) (Genus, bool) {
	g, small := 0, true
	for _, x := range gs {
		n := x.node()
		if !n.phylum.isTame() {
			return Genus{}, false
		}
		g ^= n.g
		small = small && n.g < 2 && n.gamma[0] == n.g^1
	}
	if small {
		return tameGenus(g, g^1), true
	}
	return tameGenus(g, g), true
}
