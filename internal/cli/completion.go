package cli

import (
	"fmt"
	"slices"
	"strings"
)

// completionScripts are the scripts of each shell, with NAME for the
// command: each asks it for the words that may follow those typed.
var completionScripts = map[string]string{
	"bash": `# bash completion for NAME: source <(NAME completion bash)
_NAME() {
	local IFS=$'\n'
	COMPREPLY=($(compgen -W "$(NAME completion bash -- "${COMP_WORDS[@]:0:COMP_CWORD}" 2>/dev/null)" -- "${COMP_WORDS[COMP_CWORD]}"))
}
complete -o default -F _NAME NAME
`,
	"zsh": `#compdef NAME
# zsh completion for NAME: put this file on $fpath as _NAME
_NAME() {
	compadd -- ${(f)"$(NAME completion zsh -- ${words[1,CURRENT-1]} 2>/dev/null)"}
	_files
}
if [ "$funcstack[1]" = _NAME ]; then _NAME "$@"; else compdef _NAME NAME; fi
`,
	"fish": `# fish completion for NAME: NAME completion fish > ~/.config/fish/completions/NAME.fish
complete -c NAME -f -a '(NAME completion fish -- (commandline -opc) 2>/dev/null)'
complete -c NAME -n 'test -z "$(NAME completion fish -- (commandline -opc) 2>/dev/null)"' -F
`,
}

// completionCommand returns the command that prints the completion
// scripts, and the words that may come next that they ask it for.
func (p *Program) completionCommand() Command {
	n := p.Name
	return Command{Name: "completion", Summary: "a shell completion script for bash, zsh or fish",
		Usage: "bash|zsh|fish [-- " + n + " WORDS...]", Run: p.runCompletion, Example: n + " completion bash > /dev/null && " + n + " completion fish",
		More: []string{
			"bash: source <(" + n + " completion bash); zsh: " + n + " completion zsh > ~/.zfunc/_" + n + "; fish: " + n + " completion fish > ~/.config/fish/completions/" + n + ".fish",
			"after --, a command line typed so far, it prints the words that may come next, one a line: the scripts ask it so",
		}}
}

func (p *Program) runCompletion(e *Env, args []string) error {
	switch {
	case len(args) == 0:
		return WantOperands("1 shell (bash, zsh or fish)", 0)
	case e.JSON && len(args) == 1: // a line being completed may hold --json
		return ErrNoJSON
	}
	script, ok := completionScripts[args[0]]
	switch {
	case !ok:
		return fmt.Errorf("unknown shell %q (%sbash, zsh or fish)", args[0], DidYouMean(args[0], []string{"bash", "zsh", "fish"}))
	case len(args) == 1:
		fmt.Fprint(e.Out, strings.ReplaceAll(script, "NAME", p.Name))
	default:
		for _, c := range p.completions(args[2:]) {
			if args[0] != "fish" {
				c, _, _ = strings.Cut(c, "\t")
			}
			fmt.Fprintln(e.Out, c)
		}
	}
	return nil
}

// completions returns what may follow the words typed after the command,
// each with a tab and a few words of help where there are some: areas,
// an area's verbs or Choices, else the flags; none after a flag that
// takes a value, where the shell offers files.
func (p *Program) completions(words []string) []string {
	var out []string
	add := func(word, help string) {
		if r := []rune(help); len(r) > 50 {
			help = string(r[:49]) + "…"
		}
		out = append(out, word+"\t"+help)
	}
	as := p.Commands()
	if len(words) == 0 {
		for _, a := range as {
			add(a.Name, a.Summary)
		}
		add("help", "")
		add("version", versionSummary)
		return out
	}
	for _, a := range as {
		if a.Name != words[0] {
			continue
		}
		var fs []Flag
		switch {
		case len(words) == 1 && a.Verbs != nil:
			for _, v := range a.Verbs {
				add(v.Name, v.Summary)
			}
			return out
		case len(words) == 1 && a.Choices != nil:
			for _, c := range a.Choices() {
				add(c[0], c[1])
			}
			return out
		case a.Verbs == nil:
			fs = a.FlagsOf("")
		case slices.ContainsFunc(a.Verbs, func(v Verb) bool { return v.Name == words[1] }):
			fs = a.FlagsOf(words[1])
		default:
			return nil
		}
		for _, f := range append(fs, Flag{Name: "json", Help: "print one JSON document"}, Flag{Name: "help", Help: "print the help"}) {
			if f.Spelled() == words[len(words)-1] && f.Arg != "" {
				return nil
			}
			add(f.Spelled(), f.Help)
		}
	}
	return out
}
