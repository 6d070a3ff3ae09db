package report

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// chromium finds Debian's headless browser; .ci/run installs it.
func chromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// The HTML report renders in a real browser to a non-blank picture: text,
// tables and the charts' colours are on the page.
func TestHTMLRendersInChromium(t *testing.T) {
	bin := chromium()
	if bin == "" {
		t.Skip("chromium is not installed here (apt-get install chromium); .ci/run installs it")
	}
	svc, name := play(t)
	r, err := Build(context.Background(), svc, name, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := HTML(&b, r); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	page := filepath.Join(dir, "report.html")
	shot := filepath.Join(dir, "report.png")
	if err := os.WriteFile(page, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+filepath.Join(dir, "profile"), "--window-size=420,1600", "--screenshot="+shot, "file://"+page)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, out)
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("the screenshot is not a PNG: %v", err)
	}
	if keep := os.Getenv("WARLOG_KEEP_SCREENSHOT"); keep != "" {
		data, _ := os.ReadFile(shot)
		_ = os.WriteFile(keep, data, 0o644)
	}
	bounds := img.Bounds()
	colours := map[[3]uint32]int{}
	dark := 0
	for y := bounds.Min.Y; y < bounds.Max.Y; y += 2 {
		for x := bounds.Min.X; x < bounds.Max.X; x += 2 {
			r, g, b, _ := img.At(x, y).RGBA()
			colours[[3]uint32{r >> 12, g >> 12, b >> 12}]++
			if r+g+b < 3*0x4000 {
				dark++
			}
		}
	}
	if len(colours) < 8 || dark < 200 {
		t.Errorf("the rendered report looks blank: %d colours, %d dark samples", len(colours), dark)
	}
	// The side colours of the charts are on the page.
	blue := colours[[3]uint32{0x1, 0x6, 0xe}] // #1f6feb
	red := colours[[3]uint32{0xd, 0x2, 0x2}]  // #d1242f
	if blue == 0 || red == 0 {
		t.Errorf("the chart colours are missing: blue %d, red %d samples", blue, red)
	}
}
