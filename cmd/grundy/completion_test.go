package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/nimbers/grundy/games"
)

// TestCompletion checks that the words offered after each command line
// are every area, every verb, every flag and every ruleset where they may
// come, and that the shells that are installed read each script without
// a syntax error.
func TestCompletion(t *testing.T) {
	offered := func(shell string, words ...string) map[string]bool {
		out, errs, code := runCLI("", append([]string{"completion", shell, "--", "grundy"}, words...)...)
		if code != 0 || errs != "" {
			t.Fatalf("completion %s -- %q: exit %d, stderr %q", shell, words, code, errs)
		}
		m := map[string]bool{}
		for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			w, help, tab := strings.Cut(line, "\t")
			if tab != (shell == "fish") || strings.ContainsAny(help, "\t\n") {
				t.Errorf("completion %s: line %q", shell, line)
			}
			m[w] = true
		}
		return m
	}
	want := func(got map[string]bool, words []string, ws ...string) {
		for _, w := range ws {
			if !got[w] {
				t.Errorf("grundy %s <Tab> does not offer %q", strings.Join(words, " "), w)
			}
		}
	}
	for _, sh := range []string{"bash", "zsh", "fish"} {
		var names []string
		for _, a := range program.Commands() {
			names = append(names, a.Name)
		}
		want(offered(sh), nil, append(names, "help", "version")...)
	}
	for _, a := range program.Commands() {
		var verbs []string
		for _, v := range a.Verbs {
			verbs = append(verbs, v.Name)
			var flags []string
			for _, f := range a.FlagsOf(v.Name) {
				flags = append(flags, f.Spelled())
			}
			want(offered("bash", a.Name, v.Name, "x"), []string{a.Name, v.Name, "x"}, append(flags, "--json", "--help")...)
		}
		want(offered("bash", a.Name), []string{a.Name}, verbs...)
		if a.Verbs == nil {
			var flags []string
			for _, f := range a.FlagsOf("") {
				flags = append(flags, f.Spelled())
			}
			want(offered("bash", a.Name, "x"), []string{a.Name, "x"}, append(flags, "--json", "--help")...)
		}
	}
	var rulesets []string
	for _, r := range games.Entries() {
		rulesets = append(rulesets, r.Name)
	}
	want(offered("bash", "game"), []string{"game"}, rulesets...)
	want(offered("bash", "cgt", "thermo", "--json"), []string{"cgt", "thermo", "--json"}, "--svg", "--help")
	// --help after "--" is a word of the line, not a request for help.
	want(offered("bash", "cgt", "thermo", "--help"), []string{"cgt", "thermo", "--help"}, "--svg", "--json")
	if got := offered("bash", "cgt", "thermo", "--svg"); len(got) != 1 || !got[""] {
		t.Errorf("grundy cgt thermo --svg <Tab> offers %v, want nothing (the shell offers files)", got)
	}
	shells := map[string][]string{"bash": {"-n"}, "zsh": {"-n"}, "fish": {"--no-execute"}}
	for _, sh := range []string{"bash", "zsh", "fish"} {
		out, errs, code := runCLI("", "completion", sh)
		if code != 0 || errs != "" || !strings.Contains(out, "grundy completion "+sh+" -- ") {
			t.Fatalf("completion %s: exit %d, stderr %q, script %q", sh, code, errs, out)
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

// TestCompletionShells runs the scripts of bash and fish on command lines,
// with grundy on the PATH being this test binary run as the command, and
// checks what they offer.
func TestCompletionShells(t *testing.T) {
	exe, err := os.Executable()
	if err != nil || runtime.GOOS == "windows" {
		t.Skip("no executable to run")
	}
	bin := t.TempDir()
	if err := os.Symlink(exe, filepath.Join(bin, "grundy")); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "GRUNDY_RUN_MAIN=1", "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	cases := []struct{ line, want, not string }{
		{"grundy oc", "octal", "nim"},
		{"grundy nim m", "mul", "add"},
		{"grundy stopper toads-frogs x --ba", "--backsliding", "--budget"},
		{"grundy octal 0.77 --chec", "--checkpoint-every", "--out"},
		{"grundy game hackenbush-s", "hackenbush-string", "octal"},
		{"grundy cgt canon --u", "--unicode", "--budget"},
	}
	run := map[string]func(script, line string) *exec.Cmd{
		"bash": func(script, line string) *exec.Cmd {
			words := strings.Fields(line)
			prog := script + "\nCOMP_WORDS=(" + line + ")\nCOMP_CWORD=" + string(rune('0'+len(words)-1)) + "\n_grundy\necho \"${COMPREPLY[@]}\"\n"
			return exec.Command("bash", "-c", prog)
		},
		"fish": func(script, line string) *exec.Cmd {
			return exec.Command("fish", "--no-config", "-c", script+"\ncomplete -C'"+line+"'")
		},
	}
	for _, sh := range []string{"bash", "fish"} {
		if _, err := exec.LookPath(sh); err != nil {
			t.Logf("no %s", sh)
			continue
		}
		script, _, _ := runCLI("", "completion", sh)
		for _, c := range cases {
			cmd := run[sh](script, c.line)
			cmd.Env = env
			out, err := cmd.Output()
			var got []string
			for _, line := range strings.Split(string(out), "\n") {
				w, _, _ := strings.Cut(line, "\t")
				got = append(got, strings.Fields(w)...)
			}
			has := func(w string) bool { return strings.Contains(" "+strings.Join(got, " ")+" ", " "+w+" ") }
			if err != nil || !has(c.want) || has(c.not) {
				t.Errorf("%s: %q: offers %q (%v), want %q and not %q", sh, c.line, got, err, c.want, c.not)
			}
		}
	}
}
