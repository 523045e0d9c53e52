package detecteval

import (
	"os"
	"testing"

	"github.com/webenc/webenc/internal/specdata"
)

// TestMain runs the tests, then says how many skipped for want of the
// corpus (specdata.Main).
func TestMain(m *testing.M) { os.Exit(specdata.Main(m)) }
