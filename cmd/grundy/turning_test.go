package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTurningCommands(t *testing.T) {
	dir := t.TempDir()
	board := filepath.Join(dir, "b.txt")
	os.WriteFile(board, []byte("HHH\nHTH\nHHH\n"), 0o644)
	cube := filepath.Join(dir, "c.txt")
	os.WriteFile(cube, []byte("HH\nHH\n\nHH\nHH\n"), 0o644)
	corner := filepath.Join(dir, "k.txt")
	os.WriteFile(corner, []byte("TTH\nTTT\nTTT\n"), 0o644)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"turning", "mock-turtles", "-n", "10"}, "1 2 4 7 8 11 13 14 16 19\n"},
		{[]string{"turning", "turtles", "-n", "5"}, "1 2 3 4 5\n"},
		{[]string{"turning", "ruler", "-n", "8"}, "1 2 1 4 1 2 1 8\n"},
		{[]string{"turning", "runs:1,2,5", "-n", "6"}, "1 2 1 2 1 2\n"},
		{[]string{"turning", "ruler", "--position", "HTTHH"}, "4\n3\n2-4\n"},
		{[]string{"turning", "turtles", "--position", "TTTT"}, "0\n"},
		{[]string{"tartan", "--game", "turning-corners", "--board", board}, "3\n0,1 x 1,2\n1,2 x 0,1\n0,2 x 0,2\n"},
		{[]string{"tartan", "--rule", "twins", "--rule=twins", "--board", board}, "3\n0,1 x 1,2\n1,2 x 0,1\n0,2 x 0,2\n"},
		{[]string{"tartan", "--game", "acrostic-twins", "--board", board}, "0\n"},
		{[]string{"tartan", "--game", "acrostic-twins", "--board", corner}, "2\n0 x 0,2\n"},
		{[]string{"tartan", "--rule", "runs:squares", "--rule", "runs:triangular", "--size", "100", "--count-winning"}, "31395\n"},
		{[]string{"tartan", "--game", "light-switching", "--board", cube}, "1\n0,1 x 0,1 x 0,1\n"},
		{[]string{"tartan", "--rule", "ruler", "--rule", "ruler", "--size", "10000", "--count-winning"}, "38266888029\n"},
	}
	for _, c := range cases {
		out, errs, code := runCLI("", c.args...)
		if code != 0 || out != c.want || errs != "" {
			t.Errorf("grundy %q: exit %d, stdout %q, stderr %q; want %q", c.args, code, out, errs, c.want)
		}
	}
}

func TestTurningErrors(t *testing.T) {
	dir := t.TempDir()
	ragged := filepath.Join(dir, "r.txt")
	os.WriteFile(ragged, []byte("HHH\nHT\n"), 0o644)
	good := filepath.Join(dir, "g.txt")
	os.WriteFile(good, []byte("HH\nHH\n"), 0o644)
	badChar := filepath.Join(dir, "x.txt")
	os.WriteFile(badChar, []byte("HHH\nHXH\n"), 0o644)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"turning", "bogus", "-n", "5"}, "unknown rule"},
		{[]string{"turning", "at-most:0", "-n", "5"}, "T must be"},
		{[]string{"turning", "runs:1,x", "-n", "5"}, "not a positive integer"},
		{[]string{"turning", "ruler"}, "exactly one of"},
		{[]string{"turning", "ruler", "--position", "HTZ"}, "not H or T"},
		{[]string{"turning", "motley", "-n", "100"}, "more than the limit of 64"},
		{[]string{"turning", "gold-moidores", "-n", "1000"}, "Hamming bound"},
		{[]string{"tartan", "--rule", "twins", "--board", ragged}, "2 or 3 rules"},
		{[]string{"tartan", "--rule", "mogul", "--rule", "mogul", "--size", "100", "--count-winning"}, "needs about 1.7e+10 moves"},
		{[]string{"tartan", "--rule", "twins", "--rule", "twins", "--board", ragged}, "row 2 has 2 coins"},
		{[]string{"tartan", "--rule", "twins", "--rule", "twins", "--board", badChar}, "not H or T"},
		{[]string{"tartan", "--rule", "twins", "--rule", "twins", "--rule", "twins", "--board", good}, "dimensions"},
		{[]string{"tartan", "--game", "chess", "--size", "3", "--count-winning"}, "unknown game"},
		{[]string{"tartan", "--game", "acrostic-twins", "--size", "3", "--count-winning"}, "not one"},
		{[]string{"tartan", "--rule", "twins", "--rule", "twins", "--board", filepath.Join(dir, "none")}, "no such file"},
		{[]string{"tartan", "--rule", "twins", "--rule", "twins", "--size", "0", "--count-winning"}, "want an integer"},
		{[]string{"tartan", "--rule", "twins", "--rule"}, "needs a value"},
		{[]string{"tartan", "--game", "rugs", "--board", dir}, "is a directory"},
	}
	for _, c := range cases {
		out, errs, code := runCLI("", c.args...)
		if code != 2 || out != "" || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("grundy %q: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errs, c.want)
		}
	}
}
