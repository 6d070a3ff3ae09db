package cmd

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"warlog/cmd/cmdutil"
	"warlog/engines"
	"warlog/projections/report"
)

// What the end of a battle in play offers.
const (
	reportHere = "here"
	reportHTML = "html"
)

// offerReport asks, once the battle has ended, whether to read its report
// here (drawn for the terminal, through the pager) or as a web page
// written beside the database, and says the page's path.
func (ps *playState) offerReport() error {
	app := ps.app
	fmt.Fprintln(app.Out, "\nThe battle is over.")
	ps.p.status, ps.p.trail = nil, nil
	for {
		v, err := ps.p.choose("Show the battle report?", pickItems([]engines.Pick{
			{Value: reportHere, Label: "Yes, here (paged)"},
			{Value: reportHTML, Label: "Write it as a web page (HTML) and say where"},
			{Value: reportNone, Label: "No"}}), reportHere, true)
		if err != nil || v == reportNone {
			if errors.Is(err, errInputEnded) {
				return nil
			}
			return err
		}
		r, err := buildReport(ps.c.Context(), ps.svc, ps.name, report.Options{})
		if err != nil {
			return err
		}
		var b bytes.Buffer
		if v == reportHTML {
			if err := report.HTML(&b, r); err != nil {
				return err
			}
			title := r.Campaign
			if n := len(r.Scenarios); n > 0 {
				title += " " + r.Scenarios[n-1].Name
			}
			path, err := ps.writePage(title, b.Bytes())
			if err != nil {
				ps.p.say(fmt.Sprintf("Refused: %v", err))
				continue
			}
			ps.p.say("The report is a web page at " + path + " (open it in a browser).")
			continue
		}
		if err := report.Markdown(&b, r); err != nil {
			return err
		}
		w, _ := ps.p.size()
		if err := app.Paged(func() error {
			_, err := fmt.Fprint(app.Out, strings.Join(drawMarkdown(b.String(), w), "\n")+"\n")
			return err
		}); err != nil {
			return err
		}
		if ps.p.accessible {
			return nil
		}
	}
}

// writePage writes the report's web page beside the database, named after
// its title; a file of that name is never replaced (-2, -3, ... instead).
func (ps *playState) writePage(title string, page []byte) (string, error) {
	db := ps.app.ResolvedDB()
	base := pageName(title)
	if base == "" {
		base = "report"
	}
	for n := 1; ; n++ {
		name := base + ".html"
		if n > 1 {
			name = fmt.Sprintf("%s-%d.html", base, n)
		}
		path := filepath.Join(filepath.Dir(db), name)
		if _, err := os.Lstat(path); !errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err := writeOut(db, path, page, false, 0o644, "the report", "report.html"); err != nil {
			return "", err
		}
		abs, err := filepath.Abs(path)
		if err != nil {
			return path, nil
		}
		return abs, nil
	}
}

// pageName is s in lower-case letters and digits joined by "-".
func pageName(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	return b.String()
}

// drawMarkdown draws a report's Markdown for a terminal width columns
// wide: headings underlined, emphasis marks dropped, paragraphs and list
// items broken between words, and each table laid out in columns when it
// fits, else as one block a row (its first cell, then the others as
// "column: value"), so that no line is wider than the terminal.
func drawMarkdown(md string, width int) []string {
	var out []string
	lines := strings.Split(strings.TrimRight(md, "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch {
		case strings.HasPrefix(l, "|"):
			var rows [][]string
			for ; i < len(lines) && strings.HasPrefix(lines[i], "|"); i++ {
				cells := strings.Split(strings.Trim(strings.TrimSpace(lines[i]), "|"), "|")
				for j := range cells {
					cells[j] = plain(strings.TrimSpace(cells[j]))
				}
				if strings.Trim(strings.Join(cells, ""), ":-") == "" {
					continue // the alignment row
				}
				rows = append(rows, cells)
			}
			i--
			out = append(out, drawTable(rows, width)...)
		case strings.HasPrefix(l, "#"):
			text := plain(strings.TrimSpace(strings.TrimLeft(l, "#")))
			under := "-"
			if strings.HasPrefix(l, "# ") {
				under = "="
			}
			for _, w := range cmdutil.WordWrap(text, width) {
				out = append(out, w)
			}
			out = append(out, strings.Repeat(under, min(width, ansi.StringWidth(text))))
		case strings.HasPrefix(l, "- "):
			for j, w := range cmdutil.WordWrap(plain(l[2:]), max(1, width-2)) {
				if j == 0 {
					out = append(out, "• "+w)
				} else {
					out = append(out, "  "+w)
				}
			}
		default:
			out = append(out, cmdutil.WordWrap(plain(l), width)...)
		}
	}
	return out
}

// plain drops Markdown's emphasis marks and escapes.
func plain(s string) string {
	s = strings.NewReplacer("**", "", "\\|", "|", "\\*", "*", "\\_", "_").Replace(s)
	var b strings.Builder
	for i, r := range s {
		// A lone * opens or closes emphasis (a word's edge); one inside a
		// word ("3*2") stays.
		if r == '*' && (i == 0 || s[i-1] == ' ' || i == len(s)-1 || s[i+1] == ' ' || s[i+1] == ':' || s[i-1] == '(') {
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// drawTable lays rows (the first the header) out in columns two spaces
// apart when they fit width, else each row as a block.
func drawTable(rows [][]string, width int) []string {
	if len(rows) == 0 {
		return nil
	}
	cols := len(rows[0])
	widths := make([]int, cols)
	for _, r := range rows {
		for j := 0; j < cols && j < len(r); j++ {
			widths[j] = max(widths[j], ansi.StringWidth(r[j]))
		}
	}
	total := 2 * (cols - 1)
	for _, w := range widths {
		total += w
	}
	var out []string
	if total <= width {
		for _, r := range rows {
			var b strings.Builder
			for j := 0; j < cols; j++ {
				c := ""
				if j < len(r) {
					c = r[j]
				}
				if j > 0 {
					b.WriteString("  ")
				}
				b.WriteString(c + strings.Repeat(" ", widths[j]-ansi.StringWidth(c)))
			}
			out = append(out, strings.TrimRight(b.String(), " "))
		}
		return out
	}
	head := rows[0]
	for _, r := range rows[1:] {
		var parts []string
		for j := 1; j < len(r) && j < len(head); j++ {
			if r[j] != "" {
				parts = append(parts, head[j]+": "+r[j])
			}
		}
		text := r[0]
		if len(parts) > 0 {
			text += " — " + strings.Join(parts, "; ")
		}
		for j, w := range cmdutil.WordWrap(text, max(1, width-2)) {
			if j == 0 {
				out = append(out, w)
			} else {
				out = append(out, "  "+w)
			}
		}
	}
	return out
}
