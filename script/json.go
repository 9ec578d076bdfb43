package script

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"

	"go.starlark.net/starlark"
)

// An object is a JSON object whose keys keep their order: a list of
// Key and Value pairs.
type object []keyValue

// A keyValue is a key of an object with its value.
type keyValue struct {
	Key   string
	Value any
}

// MarshalJSON writes the members in order.
func (o object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(m.Key)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		v, err := json.Marshal(m.Value)
		if err != nil {
			return nil, err
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// maxJSONDepth bounds the nesting toJSON follows, and maxJSONValues the
// values it writes out: a list may hold one list twice, and that list
// another twice, and so on.
const (
	maxJSONDepth  = 64
	maxJSONValues = 1 << 20
)

// jsonOf returns v as a value for encoding/json, and whether it has one:
// None, bools, ints (beyond 2^53 as strings), finite floats, strings,
// lists and tuples as arrays, dicts as objects (their keys as str
// writes them), structs as objects; games, nimbers, misère forms, loopy
// games and positions as their text. Functions and rulesets have none.
// Past 2^20 values, the rest are written "…".
func jsonOf(v starlark.Value) (any, bool) {
	left := maxJSONValues
	return toJSON(v, 0, &left)
}

func toJSON(v starlark.Value, depth int, left *int) (any, bool) {
	if depth > maxJSONDepth {
		return nil, false
	}
	if *left--; *left < 0 {
		return "…", true
	}
	switch v := v.(type) {
	case starlark.NoneType:
		return nil, true
	case starlark.Bool:
		return bool(v), true
	case starlark.Int:
		if n, ok := v.Int64(); ok && n >= -1<<53 && n <= 1<<53 {
			return n, true
		}
		return v.String(), true
	case starlark.Float:
		if math.IsInf(float64(v), 0) || math.IsNaN(float64(v)) {
			return v.String(), true
		}
		return float64(v), true
	case starlark.String:
		return string(v), true
	case gameValue, nimberValue, misereValue, loopyValue, *positionValue:
		return v.String(), true
	case *starlark.List, starlark.Tuple:
		out := []any{}
		iter := v.(starlark.Iterable).Iterate()
		defer iter.Done()
		var x starlark.Value
		for iter.Next(&x) {
			j, ok := toJSON(x, depth+1, left)
			if !ok {
				j = opaque(x, depth+1)
			}
			out = append(out, j)
		}
		return out, true
	case *starlark.Dict:
		out := object{}
		for _, item := range v.Items() {
			k, ok := starlark.AsString(item[0])
			if !ok {
				k = item[0].String()
			}
			j, ok := toJSON(item[1], depth+1, left)
			if !ok {
				j = opaque(item[1], depth+1)
			}
			out = append(out, keyValue{k, j})
		}
		return out, true
	case starlark.HasAttrs:
		if v.Type() != "struct" {
			return nil, false
		}
		out := object{}
		for _, name := range v.AttrNames() {
			a, err := v.Attr(name)
			if err != nil || a == nil {
				continue
			}
			if j, ok := toJSON(a, depth+1, left); ok {
				out = append(out, keyValue{name, j})
			}
		}
		return out, true
	}
	return nil, false
}

// opaque writes a value without JSON (a function, a ruleset) as str does,
// or one past maxJSONDepth as "…".
func opaque(v starlark.Value, depth int) string {
	if depth > maxJSONDepth {
		return "…"
	}
	return v.String()
}

// globalsJSON returns the globals that have a JSON value (jsonOf), in
// the order of their names, leaving out those whose names begin with _.
func globalsJSON(g starlark.StringDict) object {
	out := object{}
	for _, k := range g.Keys() {
		if strings.HasPrefix(k, "_") {
			continue
		}
		if j, ok := jsonOf(g[k]); ok {
			out = append(out, keyValue{k, j})
		}
	}
	return out
}
