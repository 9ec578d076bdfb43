package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/nimbers/grundy/games"
)

func completionCommand() area {
	return area{name: "completion", summary: "a shell completion script for bash, zsh or fish",
		usage: "bash|zsh|fish [-- grundy WORDS...]", run: runCompletion, example: "grundy completion bash > /dev/null && grundy completion fish",
		more: []string{
			"bash: source <(grundy completion bash); zsh: grundy completion zsh > ~/.zfunc/_grundy; fish: grundy completion fish > ~/.config/fish/completions/grundy.fish",
			"after --, a command line typed so far, it prints the words that may come next, one a line: the scripts ask it so",
		}}
}

// completionScripts are the scripts of each shell: each asks grundy for
// the words that may follow those typed.
var completionScripts = map[string]string{
	"bash": `# bash completion for grundy: source <(grundy completion bash)
_grundy() {
	local IFS=$'\n'
	COMPREPLY=($(compgen -W "$(grundy completion bash -- "${COMP_WORDS[@]:0:COMP_CWORD}" 2>/dev/null)" -- "${COMP_WORDS[COMP_CWORD]}"))
}
complete -o default -F _grundy grundy
`,
	"zsh": `#compdef grundy
# zsh completion for grundy: put this file on $fpath as _grundy
_grundy() {
	compadd -- ${(f)"$(grundy completion zsh -- ${words[1,CURRENT-1]} 2>/dev/null)"}
	_files
}
if [ "$funcstack[1]" = _grundy ]; then _grundy "$@"; else compdef _grundy grundy; fi
`,
	"fish": `# fish completion for grundy: grundy completion fish > ~/.config/fish/completions/grundy.fish
complete -c grundy -f -a '(grundy completion fish -- (commandline -opc) 2>/dev/null)'
complete -c grundy -n 'test -z "$(grundy completion fish -- (commandline -opc) 2>/dev/null)"' -F
`,
}

func runCompletion(e *env, args []string) error {
	switch {
	case len(args) == 0:
		return errOperands("1 shell (bash, zsh or fish)", 0)
	case e.json && len(args) == 1: // a line being completed may hold --json
		return errNoJSON
	}
	script, ok := completionScripts[args[0]]
	switch {
	case !ok:
		return fmt.Errorf("unknown shell %q (%sbash, zsh or fish)", args[0], didYouMean(args[0], []string{"bash", "zsh", "fish"}))
	case len(args) == 1:
		fmt.Fprint(e.out, script)
	default:
		for _, c := range completions(args[2:]) {
			if args[0] != "fish" {
				c, _, _ = strings.Cut(c, "\t")
			}
			fmt.Fprintln(e.out, c)
		}
	}
	return nil
}

// completions returns what may follow the words typed after grundy, each
// with a tab and a few words of help where there are some: areas, an
// area's verbs, the rulesets after "grundy game", else the flags; none
// after a flag that takes a value, where the shell offers files.
func completions(words []string) []string {
	var out []string
	add := func(word, help string) {
		if r := []rune(help); len(r) > 50 {
			help = string(r[:49]) + "…"
		}
		out = append(out, word+"\t"+help)
	}
	as := areas()
	if len(words) == 0 {
		for _, a := range as {
			add(a.name, a.summary)
		}
		add("help", "")
		add("version", "print the version, the Go release and the commit")
		return out
	}
	for _, a := range as {
		if a.name != words[0] {
			continue
		}
		var fs []flag
		switch {
		case len(words) == 1 && a.verbs != nil:
			for _, v := range a.verbs {
				add(v.name, v.summary)
			}
			return out
		case len(words) == 1 && a.name == "game":
			for _, r := range games.Entries() {
				add(r.Name, r.Summary)
			}
			return out
		case a.verbs == nil:
			fs = a.flagsOf("")
		case slices.ContainsFunc(a.verbs, func(v verb) bool { return v.name == words[1] }):
			fs = a.flagsOf(words[1])
		default:
			return nil
		}
		for _, f := range append(fs, flag{name: "json", help: "print one JSON document"}, flag{name: "help", help: "print the help"}) {
			if f.spelled() == words[len(words)-1] && f.arg != "" {
				return nil
			}
			add(f.spelled(), f.help)
		}
	}
	return out
}
