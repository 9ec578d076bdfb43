package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games/heap"
)

// TestCheckpointedRun checks that a checkpointed run, one resumed from
// its checkpoint and one written to a values file print what a plain run
// prints, and that grundy values reads the file back.
func TestCheckpointedRun(t *testing.T) {
	dir := t.TempDir()
	ck, out := filepath.Join(dir, "run.ckpt"), filepath.Join(dir, "g.values")
	for _, game := range [][]string{{"octal", "0.6"}, {"grundys-game"}, {"subtraction", "all-but:1,3"}} {
		n := "20000"
		plain, _, _ := runCLI("", append(game, "-n", n)...)
		checkOutputs(t, []cliCase{
			{args: append(slices.Clone(game), "-n", n, "--checkpoint", ck), want: plain},
			{args: append(slices.Clone(game), "-n", n, "--resume", ck), want: plain},
			{args: append(slices.Clone(game), "-n", n, "--resume", ck, "--checkpoint", ck+"2", "--checkpoint-every", "1s"), want: plain},
			{args: append(slices.Clone(game), "-n", n, "--resume", ck+"2", "--out", out), want: strings.Join(game, " ") + ": G(0) … G(19999) written to " + out + "\n"},
			{args: []string{"values", out}, want: plain},
		})
		head, _, _ := runCLI("", append(game, "-n", "130")...)
		checkOutputs(t, []cliCase{{args: []string{"values", out, "--from", "100", "--to", "130"}, want: strings.Join(strings.Fields(head)[100:], " ") + "\n"}})
	}
}

// TestResumePartial resumes checkpoints saved part of the way, as a run
// stopped then would leave them, and wants the whole run's output.
func TestResumePartial(t *testing.T) {
	ck := filepath.Join(t.TempDir(), "run.ckpt")
	for _, name := range []string{"octal 0.6", "grundys-game", "octal 0.77"} {
		g, err := heap.ParseGame(name)
		if err != nil {
			t.Fatal(err)
		}
		n := 50000
		v, err := g.Values(t.Context(), n, &budget.Options{Limit: -1})
		if err != nil {
			t.Fatal(err)
		}
		args := append(strings.Fields(name), "-n", "50000")
		plain, _, _ := runCLI("", args...)
		for _, k := range []int{0, 1, 600, 5000, 49999, 50000} {
			c, err := heap.CreateCheckpoint(ck, g, n)
			if err != nil {
				t.Fatal(err)
			}
			if err := c.Save(v[:k]); err != nil {
				t.Fatal(err)
			}
			c.Close()
			checkOutputs(t, []cliCase{{args: append(slices.Clone(args), "--resume", ck), want: plain}})
		}
	}
}

// TestCheckpointRefusals damages checkpoints and values files and gives
// flags that do not go together: each is refused with one line.
func TestCheckpointRefusals(t *testing.T) {
	dir := t.TempDir()
	ck, vals := filepath.Join(dir, "run.ckpt"), filepath.Join(dir, "v.values")
	if _, errs, code := runCLI("", "octal", "0.6", "-n", "70000", "--checkpoint", ck, "--out", vals); code != 0 {
		t.Fatal(errs)
	}
	data, _ := os.ReadFile(vals)
	cut := filepath.Join(dir, "cut.values")
	os.WriteFile(cut, data[:len(data)-40], 0o644)
	bad := filepath.Join(dir, "bad.values")
	os.WriteFile(bad, append(slices.Clone(data[:len(data)-40]), data[len(data)-40]^1), 0o644)
	checkRefusals(t, []cliCase{
		{args: []string{"octal", "0.6", "-n", "70001", "--resume", ck}, want: "it is a run of octal 0.6 to 70000 heaps, not of octal 0.6 to 70001"},
		{args: []string{"octal", "0.16", "-n", "70000", "--resume", ck}, want: "not of octal 0.16"},
		{args: []string{"octal", "0.6", "-n", "70000", "--resume", filepath.Join(dir, "none")}, want: "no such file"},
		{args: []string{"octal", "0.6", "-n", "70000", "--resume", vals}, want: "not a checkpoint"},
		{args: []string{"octal", "0.6", "-n", "700", "--checkpoint", ck, "--budget", "1e9"}, want: "--budget does not go with --checkpoint"},
		{args: []string{"octal", "0.6", "-n", "700", "--checkpoint-every", "1s"}, want: "goes with --checkpoint"},
		{args: []string{"octal", "0.6", "-n", "700", "--checkpoint", ck, "--checkpoint-every", "10ms"}, want: "at least 1s"},
		{args: []string{"values", cut}, want: "cut short"},
		{args: []string{"values", bad}, want: "values file"},
		{args: []string{"values", ck}, want: "does not start with"},
		{args: []string{"values", vals, "--from", "5", "--to", "5"}, want: "--from 5 is not below --to 5"},
		{args: []string{"values", vals, "--from", "70000"}, want: "holds 70000 values: none from 70000"},
		{args: []string{"values", vals, "--rare", "--from", "3"}, want: "--rare summarizes the whole file"},
		{args: []string{"survey", "0.6", "-n", "10", "--shard", "0/2"}, want: "want i/n"},
		{args: []string{"survey", "0.6", "-n", "10", "--shard", "3/2"}, want: "want i/n"},
		{args: []string{"survey", "0.6x", "-n", "10"}, want: "0.6x"},
	})
	// A checkpoint whose description was damaged.
	meta, _ := os.ReadFile(ck)
	os.WriteFile(ck, []byte(strings.Replace(string(meta), "n 70000", "n 70001", 1)), 0o644)
	checkRefusals(t, []cliCase{{args: []string{"octal", "0.6", "-n", "70001", "--resume", ck}, want: "checksum does not match"}})
}

// TestSurveyShards checks that the shards of a survey cover its list
// exactly once, each game's line as in the whole survey.
func TestSurveyShards(t *testing.T) {
	codes := []string{"0.6", "0.77", "0.16", "subtraction 1,3,4", "grundys-game", "0.07", "4.7"}
	line := func(s string) map[string]any {
		var m map[string]any
		if err := json.Unmarshal([]byte(s), &m); err != nil {
			t.Fatal(err)
		}
		delete(m, "seconds")
		return m
	}
	whole, errs, code := runCLI("", append([]string{"survey"}, append(slices.Clone(codes), "-n", "3000")...)...)
	if code != 0 {
		t.Fatal(errs)
	}
	want := map[string]map[string]any{}
	for _, l := range strings.Split(strings.TrimSpace(whole), "\n") {
		m := line(l)
		want[m["game"].(string)] = m
	}
	if len(want) != len(codes) {
		t.Fatalf("whole survey: %d games of %d", len(want), len(codes))
	}
	seen := map[string]int{}
	for i := 1; i <= 3; i++ {
		out, errs, code := runCLI("", append([]string{"survey"}, append(slices.Clone(codes), "-n", "3000", "--shard", string(rune('0'+i))+"/3")...)...)
		if code != 0 {
			t.Fatal(errs)
		}
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			m := line(l)
			g := m["game"].(string)
			seen[g]++
			a, _ := json.Marshal(m)
			b, _ := json.Marshal(want[g])
			if string(a) != string(b) {
				t.Errorf("shard %d/3: %s, whole survey %s", i, a, b)
			}
		}
	}
	for g := range want {
		if seen[g] != 1 {
			t.Errorf("%s in %d shards", g, seen[g])
		}
	}
}
