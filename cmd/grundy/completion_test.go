package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nimbers/grundy/games"
)

// TestCompletion checks that each completion script names every area,
// every verb, every flag and every ruleset, and that the shells that are
// installed read it without a syntax error.
func TestCompletion(t *testing.T) {
	var want []string
	for _, a := range areas() {
		want = append(want, a.name)
		for _, v := range a.verbs {
			want = append(want, v.name)
		}
		for _, v := range append(a.verbs, verb{}) {
			for _, f := range a.flagsOf(v.name) {
				want = append(want, f.name)
			}
		}
	}
	for _, r := range games.Entries() {
		want = append(want, r.Name)
	}
	shells := map[string][]string{"bash": {"-n"}, "zsh": {"-n"}, "fish": {"--no-execute"}}
	for _, sh := range []string{"bash", "zsh", "fish"} {
		out, errs, code := runCLI("", "completion", sh)
		if code != 0 || errs != "" {
			t.Fatalf("completion %s: exit %d, stderr %q", sh, code, errs)
		}
		words := map[string]bool{}
		for _, w := range strings.FieldsFunc(out, func(r rune) bool { return strings.ContainsRune(" \t\n\"'()|;=", r) }) {
			words[strings.TrimLeft(w, "-")] = true
		}
		for _, w := range want {
			if !words[w] {
				t.Errorf("completion %s does not name %q", sh, w)
			}
		}
		path, err := exec.LookPath(sh)
		if err != nil {
			t.Logf("%s is not installed: its script's syntax is not checked", sh)
			continue
		}
		file := filepath.Join(t.TempDir(), "grundy."+sh)
		if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		if b, err := exec.Command(path, append(shells[sh], file)...).CombinedOutput(); err != nil {
			t.Errorf("%s %v: %v: %s", sh, shells[sh], err, b)
		}
	}
	if _, errs, code := runCLI("", "completion", "bsh"); code != 2 || !strings.Contains(errs, `did you mean "bash"`) {
		t.Errorf("completion bsh: exit %d, stderr %q", code, errs)
	}
}

// TestCompletionBash runs the bash script's function on command lines
// and checks what it offers.
func TestCompletionBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	script, _, _ := runCLI("", "completion", "bash")
	cases := []struct{ line, want, not string }{
		{"grundy oc", "octal", "nim"},
		{"grundy nim m", "mul", "add"},
		{"grundy stopper toads-frogs x --ba", "--backsliding", "--budget"},
		{"grundy octal 0.77 --chec", "--checkpoint-every", "--out"},
		{"grundy game hackenbush-s", "hackenbush-string", "octal"},
		{"grundy cgt canon --u", "--unicode", "--budget"},
	}
	for _, c := range cases {
		words := strings.Fields(c.line)
		prog := script + "\nCOMP_WORDS=(" + c.line + ")\nCOMP_CWORD=" + strings.TrimSpace(string(rune('0'+len(words)-1))) + "\n_grundy\necho \"${COMPREPLY[@]}\"\n"
		out, err := exec.Command(bash, "-c", prog).Output()
		got := strings.Fields(string(out))
		has := func(w string) bool { return strings.Contains(" "+strings.Join(got, " ")+" ", " "+w+" ") }
		if err != nil || !has(c.want) || has(c.not) {
			t.Errorf("%q: offers %q (%v), want %q and not %q", c.line, got, err, c.want, c.not)
		}
	}
}
