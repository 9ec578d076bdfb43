package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/nimbers/grundy/games"
)

func completionCommand() area {
	return area{name: "completion", summary: "a shell completion script for bash, zsh or fish",
		usage: "bash|zsh|fish", run: runCompletion, example: "grundy completion bash > /dev/null && grundy completion fish",
		more: []string{"bash: source <(grundy completion bash); zsh: grundy completion zsh > ~/.zfunc/_grundy; fish: grundy completion fish > ~/.config/fish/completions/grundy.fish"}}
}

// A completionCase is what the shell offers after "grundy AREA [VERB]":
// verbs for an area, else the flags, rulesets after "grundy game".
type completionCase struct {
	area, verb string
	words      []string // verbs, rulesets
	flags      []flag
}

// completionCases lists what the shell offers after each area and verb.
func completionCases() (names []string, cases []completionCase) {
	for _, a := range areas() {
		names = append(names, a.name)
		if a.verbs == nil {
			c := completionCase{area: a.name, flags: a.flagsOf("")}
			if a.name == "game" {
				for _, r := range games.Entries() {
					c.words = append(c.words, r.Name)
				}
			}
			cases = append(cases, c)
			continue
		}
		c := completionCase{area: a.name}
		for _, v := range a.verbs {
			c.words = append(c.words, v.name)
			cases = append(cases, completionCase{area: a.name, verb: v.name, flags: a.flagsOf(v.name)})
		}
		cases = append(cases, c)
	}
	return append(names, "help", "version"), cases
}

func runCompletion(e *env, args []string) error {
	if e.json {
		return errNoJSON
	}
	if len(args) != 1 {
		return errOperands("1 shell (bash, zsh or fish)", len(args))
	}
	names, cases := completionCases()
	var files []string
	for _, c := range cases {
		for _, f := range c.flags {
			if f.kind == fileFlag && !slices.Contains(files, f.spelled()) {
				files = append(files, f.spelled())
			}
		}
	}
	w := e.out
	switch args[0] {
	case "bash", "zsh":
		writeShell(w, args[0], names, cases, files)
	case "fish":
		writeFish(w, names, cases)
	default:
		return fmt.Errorf("unknown shell %q (%sbash, zsh or fish)", args[0], didYouMean(args[0], []string{"bash", "zsh", "fish"}))
	}
	return nil
}

// flagWords returns the flags as typed, --json last.
func flagWords(fs []flag) string {
	var ws []string
	for _, f := range fs {
		ws = append(ws, f.spelled())
	}
	return strings.Join(append(ws, "--json", "--help"), " ")
}

// writeShell writes the script of bash or of zsh: one case statement on
// the area and verb typed so far.
func writeShell(w io.Writer, shell string, names []string, cases []completionCase, files []string) {
	pattern := strings.Join(append(files, "--_"), "|")
	if shell == "bash" {
		fmt.Fprintln(w, "# bash completion for grundy: source <(grundy completion bash)")
		fmt.Fprintln(w, "_grundy() {")
		fmt.Fprintln(w, `	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} n=$COMP_CWORD a=${COMP_WORDS[1]} v=${COMP_WORDS[2]} words=""`)
		fmt.Fprintf(w, "\tcase $prev in %s) COMPREPLY=($(compgen -f -- \"$cur\")); return;; esac\n", pattern)
	} else {
		fmt.Fprintln(w, "#compdef grundy")
		fmt.Fprintln(w, "# zsh completion for grundy: put this file on $fpath as _grundy")
		fmt.Fprintln(w, "_grundy() {")
		fmt.Fprintln(w, `	local n=$((CURRENT-1)) a=${words[2]} v=${words[3]} prev=${words[CURRENT-1]} w=""`)
		fmt.Fprintf(w, "\tcase $prev in (%s) _files; return;; esac\n", pattern)
	}
	set := "words"
	if shell == "zsh" {
		set = "w"
	}
	fmt.Fprintf(w, "\tif [ $n -eq 1 ]; then %s=%q; else\n\tcase \"$a $v\" in\n", set, strings.Join(names, " "))
	for _, c := range cases {
		switch {
		case c.verb != "":
			fmt.Fprintf(w, "\t\t%q) %s=%q;;\n", c.area+" "+c.verb, set, flagWords(c.flags))
		case c.flags == nil && c.words != nil: // an area: its verbs, at 2
			fmt.Fprintf(w, "\t\t\"%s \"*) [ $n -eq 2 ] && %s=%q;;\n", c.area, set, strings.Join(c.words, " "))
		case c.words != nil: // game: rulesets at 2
			fmt.Fprintf(w, "\t\t\"%s \"*) if [ $n -eq 2 ]; then %s=%q; else %s=%q; fi;;\n", c.area, set, strings.Join(c.words, " "), set, flagWords(c.flags))
		default:
			fmt.Fprintf(w, "\t\t\"%s \"*) %s=%q;;\n", c.area, set, flagWords(c.flags))
		}
	}
	fmt.Fprintln(w, "\tesac; fi")
	if shell == "bash" {
		fmt.Fprintln(w, `	COMPREPLY=($(compgen -W "$words" -- "$cur"))`)
		fmt.Fprintln(w, "}")
		fmt.Fprintln(w, "complete -o default -F _grundy grundy")
		return
	}
	fmt.Fprintln(w, "\tcompadd -- ${=w}")
	fmt.Fprintln(w, "\t_files")
	fmt.Fprintln(w, "}")
	fmt.Fprintln(w, `if [ "$funcstack[1]" = _grundy ]; then _grundy "$@"; else compdef _grundy grundy; fi`)
}

// writeFish writes the script of fish: a complete line per area, verb
// and flag, under a condition on the words typed so far.
func writeFish(w io.Writer, names []string, cases []completionCase) {
	fmt.Fprintln(w, "# fish completion for grundy: grundy completion fish > ~/.config/fish/completions/grundy.fish")
	fmt.Fprintln(w, "function __grundy_at --description 'the words after grundy are exactly the arguments'")
	fmt.Fprintln(w, "\tset -l t (commandline -opc)")
	fmt.Fprintln(w, "\ttest (count $t) -eq (math (count $argv) + 1); or return 1")
	fmt.Fprintln(w, "\ttest (count $argv) -eq 0; or test \"$t[2..-1]\" = \"$argv\"")
	fmt.Fprintln(w, "end")
	fmt.Fprintln(w, "function __grundy_in --description 'the words after grundy begin with the arguments'")
	fmt.Fprintln(w, "\tset -l t (commandline -opc)")
	fmt.Fprintln(w, "\tset -l k (math (count $argv) + 1)")
	fmt.Fprintln(w, "\ttest (count $t) -ge $k; and test \"$t[2..$k]\" = \"$argv\"")
	fmt.Fprintln(w, "end")
	fmt.Fprintln(w, "complete -c grundy -f")
	fmt.Fprintf(w, "complete -c grundy -n '__grundy_at' -a %q\n", strings.Join(names, " "))
	for _, c := range cases {
		cond := "__grundy_in " + c.area
		if c.verb != "" {
			cond += " " + c.verb
		}
		if c.words != nil {
			fmt.Fprintf(w, "complete -c grundy -n '__grundy_at %s' -a %q\n", c.area, strings.Join(c.words, " "))
		}
		for _, f := range append(c.flags, flag{name: "json", help: "print one JSON document"}) {
			opt := "-l " + f.name
			if len(f.name) == 1 {
				opt = "-s " + f.name
			}
			switch {
			case f.kind == fileFlag:
				opt += " -r -F"
			case f.arg != "":
				opt += " -r"
			}
			fmt.Fprintf(w, "complete -c grundy -n '%s' %s -d %q\n", cond, opt, firstWords(f.help))
		}
	}
}

// firstWords returns the help of a flag cut to fit a completion menu.
func firstWords(s string) string {
	s = strings.NewReplacer(`"`, "", "$", "", "`", "", `\`, "").Replace(s)
	if r := []rune(s); len(r) > 50 {
		return string(r[:49]) + "…"
	}
	return s
}
