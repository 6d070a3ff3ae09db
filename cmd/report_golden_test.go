package cmd

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"warlog/cmd/cmdutil"
	"warlog/projections/report"
)

// Each game's demo battle, replayed with the demo's fixed clock and action
// ids, gives the same report in every format: testdata/reports/<game>.md,
// .html and .json. UPDATE_GOLDEN=1 rewrites them.
func TestReportGoldensPerGame(t *testing.T) {
	time.Local = time.UTC
	for _, section := range gameDemos("1") {
		name := slug(section[0])
		t.Run(name, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "g.db")
			step, ids := 0, 0
			app := func(out *bytes.Buffer) *cmdutil.App {
				return &cmdutil.App{In: strings.NewReader(""), Out: out, Err: out, Getenv: func(string) string { return "" }, Engines: Engines(),
					Clock: func() time.Time { step++; return demoStart.Add(time.Duration(step) * time.Second) },
					IDs:   func() string { ids++; return fmt.Sprintf("demo-%04d", ids) }}
			}
			for _, args := range section {
				var b bytes.Buffer
				if code := Run(context.Background(), app(&b), append([]string{"--db", db}, args...)); code != 0 {
					t.Fatalf("%v: exit %d\n%s", args, code, b.String())
				}
			}
			for _, format := range []string{"md", "html", "json", "summary"} {
				var b bytes.Buffer
				if code := Run(context.Background(), app(&b), []string{"--db", db, "report", "--format", format}); code != 0 {
					t.Fatalf("report --format %s: exit %d\n%s", format, code, b.String())
				}
				path := filepath.Join("..", "testdata", "reports", name+"."+strings.Replace(format, "summary", "summary.md", 1))
				if format == "summary" && utf8.RuneCount(b.Bytes()) > report.SummaryLimit {
					t.Errorf("the summary is %d characters, more than %d", utf8.RuneCount(b.Bytes()), report.SummaryLimit)
				}
				if os.Getenv("UPDATE_GOLDEN") != "" {
					if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				want, err := os.ReadFile(path)
				if err != nil {
					t.Fatalf("%v (UPDATE_GOLDEN=1 go test ./cmd/ -run ReportGoldens writes it)", err)
				}
				if b.String() != string(want) {
					t.Errorf("%s differs from %s (UPDATE_GOLDEN=1 regenerates it)", format, path)
				}
			}
		})
	}
}
