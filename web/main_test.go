package web

import (
	"os"
	"testing"

	"github.com/nimbers/grundy/script"
)

// TestMain lets sheets run in child processes of the test binary, as
// they do of grundy serve.
func TestMain(m *testing.M) {
	script.ServeChild()
	os.Exit(m.Run())
}
