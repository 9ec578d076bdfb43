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
