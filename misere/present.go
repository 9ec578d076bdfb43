package misere

import (
	"slices"
	"strconv"
	"strings"
)

// A generator is a generator of a quotient's presentation: the element
// of the first heap that is not a product of the elements of smaller
// heaps.
type generator struct {
	Name    string `json:"name"` // a, b, c, … in the order of the heaps
	Heap    int    `json:"heap"`
	Element int    `json:"element"`
}

// presentation is a quotient written as the papers write it: generators,
// one per heap that brings a new element, and the relations among them.
type presentation struct {
	// Names holds each element's name: the first of its shortest words
	// in the generators, as "a^2bc", with "1" for the identity.
	Names      []string    `json:"names"`
	Generators []generator `json:"generators"`
	// Relations are the words that are not names, each set equal to the
	// name of its element, keeping only those whose every shorter
	// subword is a name: they generate all the others.
	Relations [][2]string `json:"relations"`
}

// present returns the generators, names and relations of q; none
// are nil slices, so that JSON writes [] for none.
func (q *Quotient) present() *presentation {
	pr := &presentation{Generators: []generator{}, Relations: [][2]string{}}
	var gens []int32
	inSub := map[int32]bool{0: true}
	for h, x := range q.heaps {
		if inSub[x] {
			continue
		}
		gens = append(gens, x)
		pr.Generators = append(pr.Generators, generator{letter(len(gens) - 1), h, int(x)})
		// Close the submonoid under the new generator.
		sub := []int32{}
		for y := range inSub {
			sub = append(sub, y)
		}
		for i := 0; i < len(sub); i++ {
			for _, g := range gens {
				if z := q.b.times(sub[i], g); !inSub[z] {
					inSub[z] = true
					sub = append(sub, z)
				}
			}
		}
	}
	// Words are exponent vectors, walked by length and then
	// lexicographically by letters, extending each name by letters at or
	// after its last.
	n := q.b.n
	word := make([][]int, n)
	word[0] = make([]int, len(gens))
	last := make([]int, n) // the last letter of each name
	level := []int32{0}
	for len(level) > 0 {
		var next []int32
		for _, x := range level {
			for j := last[x]; j < len(gens); j++ {
				y := q.b.times(x, gens[j])
				w := slices.Clone(word[x])
				w[j]++
				if word[y] == nil {
					word[y], last[y] = w, j
					next = append(next, y)
					continue
				}
				if slices.Equal(word[y], w) {
					continue
				}
				// A relation when every subword one letter shorter is a
				// name.
				minimal := true
				for i := range w {
					if w[i] == 0 || i == j {
						continue
					}
					v := slices.Clone(w)
					v[i]--
					z := int32(0)
					for l, e := range v {
						for range e {
							z = q.b.times(z, gens[l])
						}
					}
					if !slices.Equal(word[z], v) {
						minimal = false
						break
					}
				}
				if minimal {
					pr.Relations = append(pr.Relations, [2]string{wordName(w), wordName(word[y])})
				}
			}
		}
		level = next
	}
	pr.Names = make([]string, n)
	for x := range n {
		pr.Names[x] = wordName(word[x])
	}
	return pr
}

// letter names generator i: a … z, then a27, a28, ….
func letter(i int) string {
	if i < 26 {
		return string(rune('a' + i))
	}
	return "a" + strconv.Itoa(i+1)
}

func wordName(w []int) string {
	var b strings.Builder
	for i, e := range w {
		if e == 0 {
			continue
		}
		b.WriteString(letter(i))
		if e > 1 {
			b.WriteString("^" + strconv.Itoa(e))
		}
	}
	if b.Len() == 0 {
		return "1"
	}
	return b.String()
}
