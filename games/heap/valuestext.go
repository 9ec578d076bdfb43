package heap

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
)

// WriteValues writes the values v of the game name as grundy octal
// prints them: on one line, separated by spaces, or with asJSON as
// {"name":NAME,"values":[…]}. It streams the text, holding at most 64 KiB
// of it, and returns the first error of w.
func WriteValues(w io.Writer, name string, v []uint64, asJSON bool) error {
	t := newValuesText(w, name, "", asJSON)
	t.add(v)
	return t.end()
}

// WriteText writes the values of the range as grundy values prints them:
// as WriteValues does, with the JSON {"name":NAME,"from":FROM,"values":[…]}.
// It writes nothing before Each has checked the frames the values come
// from, so that a file found corrupt leaves w untouched. It returns the
// error of Each or the first of w.
func (r *ValuesRange) WriteText(w io.Writer, asJSON bool) error {
	var t *valuesText
	start := func() {
		if t == nil {
			t = newValuesText(w, r.game, fmt.Sprintf(`,"from":%d`, r.from), asJSON)
		}
	}
	if err := r.Each(func(v []uint64) { start(); t.add(v) }); err != nil {
		return err
	}
	start()
	return t.end()
}

// A valuesText writes values as they come, on one line or as the JSON
// {"name": name, extra "values": [...]}, through a buffer of 64 KiB.
type valuesText struct {
	w     io.Writer
	buf   []byte
	sep   byte
	first bool
	json  bool
	err   error
}

func newValuesText(w io.Writer, name, extra string, asJSON bool) *valuesText {
	t := &valuesText{w: w, buf: make([]byte, 0, 1<<16), sep: ' ', first: true, json: asJSON}
	if asJSON {
		q, _ := json.Marshal(name)
		t.buf = append(append(append(append(t.buf, `{"name":`...), q...), extra...), `,"values":[`...)
		t.sep = ','
	}
	return t
}

// add writes the values v.
func (t *valuesText) add(v []uint64) {
	for _, x := range v {
		if !t.first {
			t.buf = append(t.buf, t.sep)
		}
		t.first = false
		t.buf = strconv.AppendUint(t.buf, x, 10)
		if len(t.buf) > 1<<16-24 {
			t.flush()
		}
	}
}

// flush writes the text held, keeping the first error.
func (t *valuesText) flush() {
	if t.err == nil {
		_, t.err = t.w.Write(t.buf)
	}
	t.buf = t.buf[:0]
}

// end writes the end of the text and returns the first error.
func (t *valuesText) end() error {
	if t.json {
		t.buf = append(t.buf, "]}"...)
	}
	t.buf = append(t.buf, '\n')
	t.flush()
	return t.err
}
