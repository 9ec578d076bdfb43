package main

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"
)

// jsonCases runs every verb that prints results with --json: the command
// line (from cmd/grundy, as the tests run), its stdin, and the fields the
// document must have (docs/cli.md lists them).
var jsonCases = map[string]struct {
	args   []string
	stdin  string
	fields []string
}{
	"nim add":               {[]string{"nim", "add", "5", "3"}, "", []string{"value"}},
	"nim mul":               {[]string{"nim", "mul"}, "2\n8 8\n3 5\n", []string{"products"}},
	"nim div":               {[]string{"nim", "div", "1", "2"}, "", []string{"value"}},
	"nim inv":               {[]string{"nim", "inv", "2"}, "", []string{"value"}},
	"nim square":            {[]string{"nim", "square", "2"}, "", []string{"value"}},
	"nim sqrt":              {[]string{"nim", "sqrt", "3"}, "", []string{"value"}},
	"nim pow":               {[]string{"nim", "pow", "2", "3"}, "", []string{"value"}},
	"nim log":               {[]string{"nim", "log"}, "2\n2 3\n8 2\n", []string{"logs"}},
	"nim order":             {[]string{"nim", "order", "2"}, "", []string{"value"}},
	"nim trace":             {[]string{"nim", "trace", "3"}, "", []string{"value"}},
	"nim solve":             {[]string{"nim", "solve", "1", "1"}, "", []string{"roots"}},
	"nim excess":            {[]string{"nim", "excess", "7"}, "", []string{"p", "f", "q", "excess", "alpha"}},
	"nim bench":             {[]string{"nim", "bench", "64"}, "", []string{"cpu", "tier", "cpu_features", "timings"}},
	"nim table":             {[]string{"nim", "table", "4"}, "", []string{"table"}},
	"nim det":               {[]string{"nim", "det", "testdata/m3.txt"}, "", []string{"value"}},
	"nim permanent":         {[]string{"nim", "permanent", "testdata/m3.txt"}, "", []string{"value"}},
	"nim rank":              {[]string{"nim", "rank", "testdata/m3.txt"}, "", []string{"rank"}},
	"nim inverse":           {[]string{"nim", "inverse", "testdata/m3.txt"}, "", []string{"inverse"}},
	"nim solve-linear":      {[]string{"nim", "solve-linear", "testdata/system.txt"}, "", []string{"solution", "null_space"}},
	"poly mul":              {[]string{"poly", "mul", "testdata/p1.txt", "testdata/p2.txt"}, "", []string{"coefficients"}},
	"poly divmod":           {[]string{"poly", "divmod", "testdata/p1.txt", "testdata/p2.txt"}, "", []string{"quotient", "remainder"}},
	"poly gcd":              {[]string{"poly", "gcd", "testdata/p1.txt", "testdata/p2.txt"}, "", []string{"coefficients"}},
	"poly roots":            {[]string{"poly", "roots", "testdata/p1.txt"}, "", []string{"roots"}},
	"sps exp":               {[]string{"sps", "exp", "testdata/s8.txt"}, "", []string{"coefficients"}},
	"sps log":               {[]string{"sps", "log", "testdata/s8one.txt"}, "", []string{"coefficients"}},
	"sps set-exp":           {[]string{"sps", "set-exp", "testdata/s8.txt"}, "", []string{"coefficients"}},
	"sps set-log":           {[]string{"sps", "set-log", "testdata/s8one.txt"}, "", []string{"coefficients"}},
	"sps conv":              {[]string{"sps", "conv", "testdata/s8.txt", "testdata/s8one.txt"}, "", []string{"coefficients"}},
	"sps cliques":           {[]string{"sps", "cliques", "testdata/cliques.txt"}, "", []string{"sizes"}},
	"octal":                 {[]string{"octal", "0.77", "-n", "20"}, "", []string{"name", "values"}},
	"subtraction":           {[]string{"subtraction", "1,3,4", "-n", "20", "--period"}, "", []string{"terms", "period"}},
	"grundys-game":          {[]string{"grundys-game", "-n", "100", "--rare"}, "", []string{"mask", "twist", "rare"}},
	"values":                {[]string{"values", "testdata/0.6.values", "--from", "10", "--to", "20"}, "", []string{"name", "from", "values"}},
	"values --rare":         {[]string{"values", "testdata/0.6.values", "--rare"}, "", []string{"name", "mask", "twist", "milestones"}},
	"survey":                {[]string{"survey", "0.77", "-n", "200"}, "", []string{"game", "terms", "period", "preperiod", "saltus", "proven", "max", "max_at", "mask", "sparse", "seconds"}},
	"octal --out":           {[]string{"octal", "0.6", "-n", "100", "--out", "/dev/null"}, "", []string{"name", "terms", "out"}},
	"wythoff":               {[]string{"wythoff", "-n", "5"}, "", []string{"p_positions"}},
	"letters":               {[]string{"letters", "testdata/words.txt"}, "", []string{"winner", "winning"}},
	"sum":                   {[]string{"sum", "nim 3 5", "octal 0.77 4", "hackenbush testdata/triangle.txt"}, "", []string{"value", "winner", "moves"}},
	"turning":               {[]string{"turning", "ruler", "--position", "HTTHH"}, "", []string{"value", "moves"}},
	"tartan":                {[]string{"tartan", "--rule", "ruler", "--rule", "ruler", "--size", "10", "--count-winning"}, "", []string{"winning"}},
	"hackenbush":            {[]string{"hackenbush", "testdata/triangle.txt"}, "", []string{"value", "winner", "cuts"}},
	"cointree":              {[]string{"cointree", "testdata/cointree.txt"}, "", []string{"value", "winner", "moves"}},
	"leafdel":               {[]string{"leafdel", "testdata/leafdel.txt"}, "", []string{"value", "winner", "delete"}},
	"dag":                   {[]string{"dag", "testdata/dag.txt"}, "", []string{"value", "winner", "after"}},
	"cgt canon":             {[]string{"cgt", "canon", "{0|*}"}, "", []string{"game"}},
	"cgt compare":           {[]string{"cgt", "compare", "^", "0"}, "", []string{"relation"}},
	"cgt sum":               {[]string{"cgt", "sum", "1", "^"}, "", []string{"game"}},
	"cgt outcome":           {[]string{"cgt", "outcome", "*"}, "", []string{"outcome"}},
	"cgt thermo":            {[]string{"cgt", "thermo", "{4|{2|0}}"}, "", []string{"mean", "temperature", "left_stop", "right_stop", "left_wall", "right_wall"}},
	"cgt hackenbush":        {[]string{"cgt", "hackenbush", "BRG"}, "", []string{"game"}},
	"cgt hackentree":        {[]string{"cgt", "hackentree", "testdata/bluered.txt"}, "", []string{"game"}},
	"cgt cutcake":           {[]string{"cgt", "cutcake", "2", "3"}, "", []string{"game"}},
	"cgt birthday":          {[]string{"cgt", "birthday", "^*"}, "", []string{"birthday"}},
	"cgt incentives":        {[]string{"cgt", "incentives", "{2|-1}"}, "", []string{"left", "right"}},
	"cgt cool":              {[]string{"cgt", "cool", "{2|-1}", "1"}, "", []string{"game"}},
	"cgt heat":              {[]string{"cgt", "heat", "^", "2"}, "", []string{"game"}},
	"cgt overheat":          {[]string{"cgt", "overheat", "{1|0}", "1", "1*"}, "", []string{"game"}},
	"cgt freeze":            {[]string{"cgt", "freeze", "{4|2}"}, "", []string{"game"}},
	"cgt reduced":           {[]string{"cgt", "reduced", "{2|^}"}, "", []string{"game"}},
	"cgt atomic-weight":     {[]string{"cgt", "atomic-weight", "{^^|v}"}, "", []string{"game"}},
	"cgt norton":            {[]string{"cgt", "norton", "3", "^"}, "", []string{"game"}},
	"cgt conjunctive":       {[]string{"cgt", "conjunctive", "{1|-1}", "*"}, "", []string{"game"}},
	"cgt selective":         {[]string{"cgt", "selective", "{1|-1}", "*"}, "", []string{"game"}},
	"loopy":                 {[]string{"loopy", "testdata/loopy.txt"}, "", []string{"vertices"}},
	"misere canon":          {[]string{"misere", "canon", "*2+*2"}, "", []string{"game", "birthday", "outcome", "g", "gamma", "genus", "phylum", "class"}},
	"stopper canon":         {[]string{"stopper", "canon", "{0|pass}"}, "", []string{"game", "positions", "left_first", "right_first"}},
	"stopper compare":       {[]string{"stopper", "compare", "over", "^"}, "", []string{"relation"}},
	"stopper sum":           {[]string{"stopper", "sum", "over", "1"}, "", []string{"game"}},
	"stopper outcome":       {[]string{"stopper", "outcome", "dud"}, "", []string{"left_first", "right_first"}},
	"stopper sides":         {[]string{"stopper", "sides", "dud"}, "", []string{"game", "onside", "offside", "stopper", "positions", "left_first", "right_first"}},
	"stopper toads-frogs":   {[]string{"stopper", "toads-frogs", "tt..ff"}, "", []string{"game", "onside", "offside", "stopper", "positions", "left_first", "right_first"}},
	"stopper fox-geese":     {[]string{"stopper", "fox-geese", "{(3,1)}, (1,1)"}, "", []string{"game", "onside", "offside", "stopper", "positions", "left_first", "right_first"}},
	"misere genus":          {[]string{"misere", "genus", "0.77", "-n", "12"}, "", []string{"heaps"}},
	"misere quotient":       {[]string{"misere", "quotient", "0.75", "-n", "30"}, "", []string{"period", "preperiod", "order", "identity", "heaps", "table", "p", "names", "generators", "relations", "expansions"}},
	"cgt properties":        {[]string{"cgt", "properties", "^"}, "", []string{"number", "nimber", "infinitesimal", "all_small", "parity", "temper", "uptimal"}},
	"cgt conway-product":    {[]string{"cgt", "conway-product", "^", "2"}, "", []string{"game"}},
	"cgt ordinal-product":   {[]string{"cgt", "ordinal-product", "*2", "*3"}, "", []string{"game"}},
	"cgt ordinal-sum":       {[]string{"cgt", "ordinal-sum", "'{*|*}'", "1"}, "", []string{"game"}},
	"cgt selective-cgsuite": {[]string{"cgt", "selective-cgsuite", "*", "*"}, "", []string{"game"}},
	"cgt number":            {[]string{"cgt", "number", "w+1"}, "", []string{"number", "abs", "sign", "birthday", "outcome", "ordinal"}},
	"cgt sensible":          {[]string{"cgt", "sensible", "'{0,*|1}'"}, "", []string{"left", "right"}},
	"cgt sensible-lines":    {[]string{"cgt", "sensible-lines", "'{0,*|1}'"}, "", []string{"left", "right"}},
	"stopper degree":        {[]string{"stopper", "degree", "over"}, "", []string{"degree"}},
	"stopper upsum":         {[]string{"stopper", "upsum", "upon", "^<on>"}, "", []string{"upsum"}},
	"stopper downsum":       {[]string{"stopper", "downsum", "upon", "^<on>"}, "", []string{"downsum"}},
	"stopper variety":       {[]string{"stopper", "variety", "over"}, "", []string{"variety"}},
	"cgt companion":         {[]string{"cgt", "companion", "^"}, "", []string{"game"}},
	"cgt stop-count":        {[]string{"cgt", "stop-count", "^"}, "", []string{"stop_count"}},
	"cgt followers":         {[]string{"cgt", "followers", "^"}, "", []string{"followers"}},
	"domineering":           {[]string{"domineering", "testdata/domineering.txt"}, "", []string{"game", "outcome"}},
	"version":               {[]string{"version"}, "", []string{"version", "go", "commit", "modified"}},
	"octal --rare":          {[]string{"octal", "0.6", "-n", "500", "--rare"}, "", []string{"mask", "twist", "rare"}},
	"turning -n":            {[]string{"turning", "mock-turtles", "-n", "8"}, "", []string{"name", "values"}},
	"tartan --board":        {[]string{"tartan", "--game", "turning-corners", "--board", "testdata/corners.txt"}, "", []string{"value", "moves"}},
	"sum --misere":          {[]string{"sum", "--misere", "nim 1 1 3"}, "", []string{"winner", "moves"}},
	"sum --anti-sg":         {[]string{"sum", "--anti-sg", "nim 1 2 2"}, "", []string{"winner", "moves"}},
	"nim log BASE X":        {[]string{"nim", "log", "2", "3"}, "", []string{"value"}},
	"nim mul A B":           {[]string{"nim", "mul", "8", "8"}, "", []string{"value"}},
	"grundys-game -n":       {[]string{"grundys-game", "-n", "10"}, "", []string{"name", "values"}},
	"subtraction -n":        {[]string{"subtraction", "1,3,4", "-n", "10"}, "", []string{"name", "values"}},
	"dag --value":           {[]string{"dag", "--value", "testdata/dag.txt"}, "", []string{"value", "winner", "after"}},
	"rulesets":              {[]string{"rulesets"}, "", []string{"rulesets"}},
	"game":                  {[]string{"game", "hackenbush-string", "BBR", "RG", "--moves"}, "", []string{"ruleset", "position", "value", "outcome", "winner", "moves"}},
	"game --outcome":        {[]string{"game", "hackenbush", "0-1 1-2 2-0", "--outcome"}, "", []string{"ruleset", "position", "outcome", "winner"}},
	"cgt thermo number":     {[]string{"cgt", "thermo", "3/4"}, "", []string{"mean", "temperature", "left_stop", "right_stop", "left_wall", "right_wall"}},
}

// TestJSONEveryVerb runs every verb with --json, and checks that each
// prints exactly one JSON object with its documented fields and nothing
// else, and that the table above covers every verb of the help.
func TestJSONEveryVerb(t *testing.T) {
	for _, a := range program.Commands() {
		names := []string{a.Name}
		if a.Run == nil {
			names = names[:0]
			for _, v := range a.Verbs {
				names = append(names, a.Name+" "+v.Name)
			}
		}
		for _, name := range names {
			if _, ok := jsonCases[name]; !ok && name != "serve" && name != "completion" {
				t.Errorf("%s has no --json case", name)
			}
		}
	}
	for _, name := range slices.Sorted(maps.Keys(jsonCases)) {
		c := jsonCases[name]
		out, errs, code := runCLI(c.stdin, append(c.args, "--json")...)
		if code != 0 || errs != "" {
			t.Errorf("%s --json: exit %d, stderr %q", name, code, errs)
			continue
		}
		dec := json.NewDecoder(strings.NewReader(out))
		var doc map[string]json.RawMessage
		if err := dec.Decode(&doc); err != nil {
			t.Errorf("%s --json: %v in %q", name, err, out)
			continue
		}
		if dec.More() || !strings.HasSuffix(out, "}\n") {
			t.Errorf("%s --json: more than one document: %q", name, out)
		}
		for _, f := range c.fields {
			if _, ok := doc[f]; !ok {
				t.Errorf("%s --json: no field %q in %s", name, f, out)
			}
		}
		for f, v := range doc {
			if !slices.Contains(c.fields, f) {
				t.Errorf("%s --json: undocumented field %q", name, f)
			}
			if bytes.Equal(v, []byte("null")) && !slices.Contains(nullable, f) {
				t.Errorf("%s --json: field %q is null", name, f)
			}
		}
	}
}

// nullable are the fields that may be null: a period not found, a value
// beyond the search, a log that does not exist (inside "logs").
var nullable = []string{"period", "value", "after"}

// TestJSONAgreesWithText checks that --json carries the same results as
// the text output.
func TestJSONAgreesWithText(t *testing.T) {
	for _, c := range []struct {
		args []string
		text string // the first line of the text output
		get  func(map[string]any) string
	}{
		{[]string{"nim", "mul", "8", "8"}, "13", func(d map[string]any) string { return d["value"].(string) }},
		{[]string{"sum", "nim 3 5 7"}, "1", func(d map[string]any) string { return d["value"].(string) }},
		{[]string{"cgt", "canon", "{1|1}"}, "1*", func(d map[string]any) string { return d["game"].(string) }},
		{[]string{"sum", "--misere", "nim 1 1"}, "first", func(d map[string]any) string { return d["winner"].(string) }},
		{[]string{"hackenbush", "testdata/triangle.txt"}, "1", func(d map[string]any) string { return d["value"].(string) }},
	} {
		text, _, _ := runCLI("", c.args...)
		out, _, _ := runCLI("", append(c.args, "--json")...)
		var d map[string]any
		if err := json.Unmarshal([]byte(out), &d); err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		first, _, _ := strings.Cut(text, "\n")
		if first != c.text || c.get(d) != c.text {
			t.Errorf("%v: text %q, JSON %q, want %q", c.args, first, c.get(d), c.text)
		}
	}
}

// TestJSONRefused checks that --json on a picture or the server is an
// error, exit 2 with nothing on stdout.
func TestJSONRefused(t *testing.T) {
	for _, args := range [][]string{
		{"octal", "0.77", "-n", "10", "--png", "-"},
		{"nim", "table", "4", "--png", "-"},
		{"serve"},
		{"completion", "bash"},
	} {
		out, errs, code := runCLI("", append(args, "--json")...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v --json: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
}
