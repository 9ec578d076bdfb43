package cli

import (
	"strings"
	"testing"
)

func TestReadHelp(t *testing.T) {
	h, err := ReadHelp("# comment\n== a\nsummary the area\nmore one\nmore two\n\n== a v\nargs X\nsummary the verb\nexample a v 1\n")
	if err != nil {
		t.Fatal(err)
	}
	c := Command{Name: "a", Verbs: []Verb{{Name: "v"}, {Name: "w", Summary: "kept"}}}
	h.fill(&c)
	if c.Summary != "the area" || strings.Join(c.More, "|") != "one|two" || c.Verbs[0].Args != "X" || c.Verbs[0].Example != "a v 1" || c.Verbs[1].Summary != "kept" {
		t.Errorf("filled %+v", c)
	}
	for _, bad := range []string{"summary x\n", "== a\n== a\n", "== a\nsummary x\nsummary y\n", "== a\ncolour red\n", "==\n"} {
		if _, err := ReadHelp(bad); err == nil {
			t.Errorf("ReadHelp(%q) accepted", bad)
		}
	}
}

func TestCheckHelp(t *testing.T) {
	run := func(*Env, []string) error { return nil }
	p := &Program{Name: "p", Areas: func() []Command {
		return []Command{{Name: "a", Verbs: []Verb{{Name: "v", Run: run}}}}
	}, Help: "== a\nsummary s\n\n== a v\nsummary t\nexample p a v\n"}
	if err := p.CheckHelp(); err != nil {
		t.Errorf("complete help: %v", err)
	}
	for _, help := range []string{
		"== a\nsummary s\n\n== a v\nsummary t\n",                                     // no example
		"== a\nsummary s\n\n== a v\nsummary t\nexample p a v\n\n== a w\nsummary u\n", // no verb w
	} {
		p.Help = help
		if err := p.CheckHelp(); err == nil {
			t.Errorf("help %q passed", help)
		}
	}
}

// FuzzReadHelp checks that ReadHelp never panics, and that every record it
// accepts fills a command with exactly the texts its lines gave.
func FuzzReadHelp(f *testing.F) {
	for _, s := range []string{"== a\nsummary s\nmore m\n", "== a v\nargs X\nexample e\n", "x\n", "== a\n== a\n", "# c\n\n== b\nusage U\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		h, err := ReadHelp(text)
		if err != nil {
			return
		}
		for key, rec := range h {
			if strings.Contains(key, " ") {
				continue
			}
			c := Command{Name: key}
			h.fill(&c)
			if want := rec["summary"]; len(want) > 0 && c.Summary != want[0] {
				t.Fatalf("%q: summary %q, want %q", key, c.Summary, want[0])
			}
			if strings.Join(c.More, "\n") != strings.Join(rec["more"], "\n") {
				t.Fatalf("%q: more %q, want %q", key, c.More, rec["more"])
			}
		}
	})
}
