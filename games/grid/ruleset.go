package grid

import "github.com/nimbers/grundy/games"

const boardNotation = "rows of squares split by '|'"

func init() {
	fixed := func(r games.Ruleset) func(string) (games.Ruleset, error) {
		return func(string) (games.Ruleset, error) { return r, nil }
	}
	games.Register(games.Entry{
		Name:     "domineering",
		Summary:  "Left places a vertical domino on two empty squares, Right a horizontal one",
		Notation: boardNotation + ", '.' empty and '#' filled (at most 64 squares): \"....|..#.|....\"",
		Example:  []string{"domineering", "....|....|...."},
		New:      fixed(DomineeringRules),
	})
	games.Register(games.Entry{
		Name:     "cram",
		Kind:     games.Impartial,
		Summary:  "either player places a domino, either way, on two empty squares",
		Notation: boardNotation + ", '.' empty and '#' filled (at most 64 squares): \"...|...|...\"",
		Example:  []string{"cram", "...|...|..."},
		New:      fixed(CramRules),
	})
	games.Register(games.Entry{
		Name:     "clobber",
		Summary:  "Left moves a black stone onto an orthogonally adjacent white one, capturing it; Right a white onto a black",
		Notation: boardNotation + ", 'x' black, 'o' white, '.' empty (at most 64 squares): \"xoxo|oxox\"",
		Example:  []string{"clobber", "xoxo|oxox|xoxo"},
		New:      fixed(ClobberRules),
	})
	games.Register(games.Entry{
		Name:     "cutcake",
		Summary:  "Left cuts a cake along a vertical score line, Right along a horizontal one",
		Notation: "cakes ROWSxCOLS separated by blanks, sides 1 to 200: \"2x8 3x3\"",
		Example:  []string{"cutcake", "4x7"},
		New:      fixed(CutcakeRules),
	})
	games.Register(games.Entry{
		Name:     "fox-geese",
		Param:    "RULE",
		Optional: true,
		Kind:     games.Loopy,
		Summary:  "Left's geese step diagonally down, Right's fox diagonally any way (ceylonese: up to 2 squares); the geese try to trap the fox",
		Notation: "the geese then the fox, as (row,column) dark squares from (1,1) at the bottom left: \"{(4,2),(4,4),(4,6),(4,8)}, (1,1)\"; RULE is classic, ceylonese or WIDTH,RANGE",
		Example:  []string{"fox-geese", "{(3,1),(3,3),(3,5),(3,7)}, (1,5)"},
		New:      newFoxRules,
	})
}
