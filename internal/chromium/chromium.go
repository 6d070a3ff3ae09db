// Package chromium is how tests run a real browser: Debian's headless
// Chromium, which .ci/run installs.
package chromium

import (
	"fmt"
	"os/exec"
	"path/filepath"
)

// Path is the browser's program, "" when none is installed (a test then
// skips, saying so).
func Path() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// Args are a test's browser's flags, then extra: headless, without the
// sandbox (CI runs as root), fetching nothing of its own, its profile in
// dir.
func Args(dir string, extra ...string) []string {
	return append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + filepath.Join(dir, "profile")}, extra...)
}

// Dark says whether a colour as the browser computes it ("rgb(13, 17,
// 23)") is a dark one: a dark scheme's background.
func Dark(colour string) bool {
	var r, g, b int
	if _, err := fmt.Sscanf(colour, "rgb(%d, %d, %d)", &r, &g, &b); err != nil {
		return false
	}
	return r+g+b < 3*64
}
