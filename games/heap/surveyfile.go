package heap

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/nimbers/grundy/internal/scan"
)

// The bounds of a survey's files: the games of a list, the bytes of a
// list (2^20 games and their comments), and the bytes of a survey's
// output read back (2^20 lines of a few hundred bytes).
const (
	maxSurveyGames  = 1 << 20
	maxSurveyList   = 1 << 26
	maxSurveyOutput = 1 << 29
)

// surveyList returns the games of a survey's list: each name, or for
// @FILE the games of FILE, one a line. It refuses more than
// maxSurveyGames games in all.
func surveyList(names []string) ([]string, error) {
	var games []string
	for _, name := range names {
		path, ok := strings.CutPrefix(name, "@")
		if !ok {
			games = append(games, name)
			continue
		}
		err := scan.ReadFile(path, maxSurveyList, func(r io.Reader) error {
			more, err := readSurveyList(r, path)
			games = append(games, more...)
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	if len(games) > maxSurveyGames {
		return nil, fmt.Errorf("more than %d codes", maxSurveyGames)
	}
	return games, nil
}

// SurveyDone reads the file path of an earlier survey of n terms, the
// JSON lines of its SurveyResults, and returns the games it holds, for
// SurveyOptions.Done. Each line is written whole, so an interrupted run
// leaves only complete lines: output that ends inside a line is refused,
// and so are a line of other terms, more than 2^29 bytes and a line of
// more than 64 KiB.
func SurveyDone(path string, n int) (done map[string]bool, err error) {
	err = scan.ReadFile(path, maxSurveyOutput, func(r io.Reader) error {
		done, err = readSurveyDone(r, path, n)
		return err
	})
	return done, err
}

// readSurveyList reads a list of games for NewSurvey, one a line, with
// comments from # to the end of a line and blank lines skipped. name
// names r in errors. It refuses more than maxSurveyGames games,
// maxSurveyList bytes or a line of more than 4 KiB.
func readSurveyList(r io.Reader, name string) ([]string, error) {
	var games []string
	err := eachLine(r, name, maxSurveyList, 1<<12, true, func(line string) error {
		line, _, _ = strings.Cut(line, "#")
		if line = strings.TrimSpace(line); line != "" {
			if len(games) == maxSurveyGames {
				return fmt.Errorf("more than %d codes", maxSurveyGames)
			}
			games = append(games, line)
		}
		return nil
	})
	return games, err
}

// readSurveyDone reads the output of an earlier survey of n terms from r,
// as SurveyDone does; name names r in errors.
func readSurveyDone(r io.Reader, name string, n int) (map[string]bool, error) {
	done := map[string]bool{}
	line := 0
	err := eachLine(r, name, maxSurveyOutput, 1<<16, false, func(l string) error {
		line++
		var res SurveyResult
		if err := json.Unmarshal([]byte(l), &res); err != nil || res.Game == "" {
			return fmt.Errorf("line %d is not a line of survey", line)
		}
		if res.Terms != n {
			return fmt.Errorf("line %d is of %d terms, not %d", line, res.Terms, n)
		}
		done[res.Game] = true
		return nil
	})
	return done, err
}

// eachLine calls f with each line of r (without its newline), reading at
// most limit bytes and lines of at most maxLine bytes; unless lastCut, it
// refuses input whose last line has no newline.
func eachLine(r io.Reader, name string, limit int64, maxLine int, lastCut bool, f func(line string) error) error {
	br := bufio.NewReaderSize(io.LimitReader(r, limit+1), maxLine)
	var read int64
	for {
		line, err := br.ReadSlice('\n')
		read += int64(len(line))
		switch {
		case read > limit:
			return fmt.Errorf("%s: more than the %d bytes this file may hold", name, limit)
		case errors.Is(err, bufio.ErrBufferFull):
			return fmt.Errorf("%s: a line of more than %d bytes", name, maxLine)
		case err == io.EOF && len(line) > 0 && !lastCut:
			return fmt.Errorf("%s: its last line is cut short (no newline)", name)
		case err == io.EOF && len(line) > 0:
			if err := f(string(line)); err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			return nil
		case err == io.EOF:
			return nil
		case err != nil:
			return err
		}
		if err := f(string(line[:len(line)-1])); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
}
