package grundy

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReadme checks the README's length and that it names the two set-up
// commands.
func TestReadme(t *testing.T) {
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), "\n"); n > 200 {
		t.Errorf("README.md has %d lines; keep it to 200 and move the rest to docs/", n)
	}
	for _, cmd := range []string{"go run ./cmd/grundy", "go test ./...", "go install github.com/nimbers/grundy/cmd/grundy@latest"} {
		if !strings.Contains(string(b), cmd) {
			t.Errorf("README.md does not name %q", cmd)
		}
	}
}

// markdownLink matches the target of a Markdown link or image.
var markdownLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// TestLinks checks that every relative link of the README and docs/ names
// a file of the repository.
func TestLinks(t *testing.T) {
	files, _ := filepath.Glob("docs/*.md")
	for _, f := range append(files, "README.md") {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range markdownLink.FindAllStringSubmatch(string(b), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "#") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			target, _, _ = strings.Cut(target, "#")
			if _, err := os.Stat(filepath.Join(filepath.Dir(f), target)); err != nil {
				t.Errorf("%s: link %q names no file", f, m[1])
			}
		}
	}
}

// outsideReference matches a citation of the notes the project was
// specified from, or of the directory beside the repository that holds
// them: the repository must stand alone and cite the mathematics.
var outsideReference = regexp.MustCompile(`(?i)\b[s]eeds?\b|\.\./[s]hared`)

// TestStandsAlone checks that no source file, help text or document cites
// documents outside the repository.
func TestStandsAlone(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(path) {
		case ".go", ".md", ".js", ".html", ".css", ".txt":
		default:
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(b), "\n") {
			if outsideReference.MatchString(line) {
				t.Errorf("%s:%d cites an outside document: %s", path, i+1, strings.TrimSpace(line))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
