package heap

// The general loop of sparse space: any values, sets of values kept as
// bitmaps below 4096 and in maps beyond.

// general extends the sequence to n values for values of any size and any
// number of split sizes, keeping sets of values in maps beyond 4096.
func (st *sparseState) general(n int, progress func(done, total int)) {
	info, rules := st.info, &st.rules
	var known, need valueSet
	if st.s.Len() >= n || st.exhausted() {
		return
	}
	st.s.widen(n)
	for h := st.s.Len(); h < n && !st.exhausted(); h++ {
		v := st.s.wide
		// 1. Options leaving at most one heap, and splits with a sparse
		// heap; dense[p] records that p is the dense parity of a split
		// size.
		known.reset()
		for _, e := range rules.whole {
			if e == h {
				known.add(0)
			}
		}
		for _, s := range rules.single {
			if h-s >= 1 {
				known.add(v[h-s])
			}
		}
		var dense [2]bool
		for _, k := range rules.split {
			m := h - k
			if m < 2 {
				continue
			}
			dense[info.denseParity(m)] = true
			for i, r := range info.Rare {
				o := m - r
				if o < 1 {
					break
				}
				if o != r || !rules.unequal {
					known.add(st.rv[i] ^ v[o])
				}
			}
			st.work += float64(len(info.Rare))
		}
		// 2. c: the least value missing from those whose parity is dense
		// for no split size; when both parities are dense somewhere, no
		// bound: every split is looked at.
		c := uint64(0)
		for known.has(c) || dense[parity(c, info.Mask)] {
			if dense[0] && dense[1] {
				c = ^uint64(0)
				break
			}
			c++
		}
		// 3. The values below c still unaccounted for, looked for among
		// the splits of the sizes where their parity is dense.
		need.reset()
		remaining := 0
		if c != ^uint64(0) {
			for x := uint64(0); x < c; x++ {
				if !known.has(x) {
					need.add(x)
					remaining++
				}
			}
		}
		for _, k := range rules.split {
			m := h - k
			if m < 2 || (c != ^uint64(0) && remaining == 0) {
				continue
			}
			p := info.denseParity(m)
			a := 1
			for ; a <= m-a && (c == ^uint64(0) || remaining > 0); a++ {
				if a == m-a && rules.unequal {
					break
				}
				x := v[a] ^ v[m-a]
				switch {
				case c == ^uint64(0):
					known.add(x)
				case x < c && parity(x, info.Mask) == p && need.has(x):
					need.del(x)
					remaining--
				}
			}
			st.work += float64(a)
		}
		val := c
		if c == ^uint64(0) {
			val = 0
			for known.has(val) {
				val++
			}
		} else if remaining > 0 {
			for x := uint64(0); x < c; x++ {
				if need.has(x) {
					val = x
					break
				}
			}
		}
		st.push(val)
		if h&(1<<16-1) == 0 {
			if progress != nil {
				progress(h, n)
			}
			st.saver.tick(st.s)
		}
	}
}

// valueSet is a set of small values: a fixed bitmap for values below 4096
// and a map beyond.
type valueSet struct {
	low  [64]uint64
	high map[uint64]bool
}

func (s *valueSet) reset() {
	s.low = [64]uint64{}
	clear(s.high)
}

func (s *valueSet) add(x uint64) {
	if x < 4096 {
		s.low[x>>6] |= 1 << (x & 63)
		return
	}
	if s.high == nil {
		s.high = map[uint64]bool{}
	}
	s.high[x] = true
}

func (s *valueSet) del(x uint64) {
	if x < 4096 {
		s.low[x>>6] &^= 1 << (x & 63)
		return
	}
	delete(s.high, x)
}

func (s *valueSet) has(x uint64) bool {
	if x < 4096 {
		return s.low[x>>6]>>(x&63)&1 != 0
	}
	return s.high[x]
}
