package main

import (
	"fmt"
	"strings"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games/heap"
	"github.com/nimbers/grundy/misere"
)

func misereArea() area {
	return area{name: "misere", summary: "misère play: canonical forms, genus, misère quotients of heap games",
		more: []string{"GAME: a take-and-break code such as 0.77 (with a point), a subtraction set such as 1,3,4, or grundys-game",
			"G: a misère game in CGSuite's notation, *[2[2]321], or as 0, *, *3, {0,*2}, *2#, joined by +"},
		verbFlags: map[string][]flag{
			"canon": {budgetOf("steps", misere.DefaultSumLimit, "the steps, a second or two")},
			"genus": {heapsFlag(true), budgetOf("steps", misere.DefaultFormsLimit, "the steps, a second or two")},
			"quotient": {heapsFlag(false), budgetOf("steps", misere.DefaultLimit, "the steps, a second or two"),
				memoryOf(misere.DefaultMemory, "the memory of a quotient: candidates of about 3000 elements")},
		},
		verbs: []verb{
			{"canon", "G", "print the misère canonical form of G, its birthday, misère outcome, genus and phylum (tame, restive, restless, wild)", "grundy misere canon '*2+*2'", misereCanon},
			{"genus", "GAME", "print the genus g^(γ0 γ1 …) and the phylum of each heap up to N, from its misère canonical form", "grundy misere genus 0.77 -n 20", misereGenus},
			{"quotient", "(GAME -n N | G)", "print the misère quotient of the sums of heaps up to N, or of the followers of a game G: its order, presentation, P-portion and the element of each heap or follower", "grundy misere quotient 0.77 -n 30", misereQuotient},
		}}
}

// heapsFlag is -n of a misère verb on heap games.
func heapsFlag(need bool) flag {
	return flag{name: "n", arg: "N", kind: intFlag, lo: 0, hi: maxQuotientHeap, need: need, help: "the largest heap"}
}

// maxQuotientHeap bounds -n of misere quotient: the moves of every heap
// up to it are listed first, about N²/2 of them for a code that splits.
const maxQuotientHeap = 4096

// heapGameArgs reads the operands of a verb on the heaps of a game: the
// game, -n N, --budget and --max-memory.
func heapGameArgs(e *env, pos []string) (*heap.Game, int, *budget.Options, error) {
	if len(pos) != 1 {
		return nil, 0, nil, errOperands("1 game", len(pos))
	}
	g, err := heap.ParseGame(pos[0])
	if err != nil {
		return nil, 0, nil, err
	}
	if !e.flags.has("n") {
		return nil, 0, nil, fmt.Errorf("missing flag -n")
	}
	return g, e.flags.int("n"), limits(e, "heaps"), nil
}

func misereQuotient(e *env, args []string) error {
	if len(args) == 1 && isMisereGame(args[0]) {
		return misereClosure(e, args[0])
	}
	g, n, opt, err := heapGameArgs(e, args)
	if err != nil {
		return err
	}
	q, err := misere.Compute(e.ctx, g, n, opt)
	if err != nil {
		return limitError(err)
	}
	t := q.Table()
	t.Game = g.Name()
	return e.emit(t, func() { t.WriteTo(e.commit()) })
}

// isMisereGame reports whether a quotient's operand is a game in
// CGSuite's notation rather than a heap game.
func isMisereGame(s string) bool {
	return s == "0" || strings.HasPrefix(s, "*") || strings.HasPrefix(s, "{") || strings.Contains(s, "+")
}

// misereClosure prints the quotient of the closure of a game G.
func misereClosure(e *env, text string) error {
	if e.flags.has("n") {
		return fmt.Errorf("-n applies to heap games; the quotient of %q is that of its followers", clip(text))
	}
	if len(text) > maxGameText {
		return fmt.Errorf("operand 1: longer than %d bytes", maxGameText)
	}
	g, err := misere.Parse(e.ctx, text, nil)
	if err != nil {
		return fmt.Errorf("operand 1 %q: %w", clip(text), err)
	}
	q, fs, err := misere.ClosureQuotient(e.ctx, g, limits(e, "followers"))
	if err != nil {
		return limitError(err)
	}
	followers := make([]string, len(fs))
	size := 0
	for i, f := range fs {
		if followers[i], err = f.Notation(maxCanonText); err == nil {
			size += len(followers[i])
		}
		if err != nil || size > maxCanonText {
			return fmt.Errorf("the followers of %q take more than %d bytes written out", clip(text), maxCanonText)
		}
	}
	t := q.Table()
	t.Period, t.Preperiod, t.Followers = nil, nil, followers
	return e.emit(t, func() { t.WriteTo(e.commit()) })
}

// maxCanonText bounds the canonical form misere canon writes out.
const maxCanonText = 1 << 20

func misereCanon(e *env, args []string) error {
	pos := args
	if len(pos) != 1 {
		return errOperands("1 game", len(pos))
	}
	if len(pos[0]) > maxGameText {
		return fmt.Errorf("operand 1: longer than %d bytes", maxGameText)
	}
	g, err := misere.Parse(e.ctx, pos[0], limits(e, ""))
	if err != nil {
		return fmt.Errorf("operand 1 %q: %w", clip(pos[0]), tooLarge(err, "--budget"))
	}
	text, err := g.Notation(maxCanonText)
	if err != nil {
		return err
	}
	d := g.Summary()
	d.Game = text
	return e.emitTo(&d)
}

func misereGenus(e *env, args []string) error {
	g, n, opt, err := heapGameArgs(e, args)
	if err != nil {
		return err
	}
	forms, err := misere.Forms(e.ctx, g, n, opt)
	if err != nil {
		return tooLarge(err, "--budget")
	}
	heaps := make([]misere.Summary, len(forms))
	for h, f := range forms {
		heaps[h] = f.Summary()
		heaps[h].Heap = &h
	}
	return e.emit(map[string][]misere.Summary{"heaps": heaps}, func() {
		w := e.commit()
		for _, h := range heaps {
			fmt.Fprintf(w, "%4d  %-12s %s\n", *h.Heap, h.Genus, h.Phylum)
		}
	})
}
