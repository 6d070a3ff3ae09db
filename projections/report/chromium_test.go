package report

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	stdhtml "html"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"warlog/internal/chromium"
)

// The HTML report renders in a real browser to a non-blank picture: text
// and the charts' colours are on the page's first 1600 px.
func TestHTMLRendersInChromium(t *testing.T) {
	t.Parallel() // waits on a browser of its own
	bin := chromium.Path()
	if bin == "" {
		t.Skip("chromium is not installed here (apt-get install chromium); .ci/run installs it")
	}
	dir := t.TempDir()
	page := filepath.Join(dir, "report.html")
	shot := filepath.Join(dir, "report.png")
	// The Brood Mother demo's report: red and blue are its sides.
	if err := os.WriteFile(page, []byte(gameReports(t, "")["brood-demo"]), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, chromium.Args(dir, "--window-size=420,1600", "--screenshot="+shot, "file://"+page)...)
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

// measureJS measures a report in the iframe frame once it has loaded: the
// page's scroll width against its own width, every SVG text's size on the
// screen (its font size times the scale its chart is drawn at), the
// body's background and whether the dark scheme is asked for. It appends
// "MEASURE <name> {json}" to the harness, which --dump-dom prints.
const measureJS = `<script>
function printed(d) {
  // Emulate print media: every rule for print applies on the screen too.
  for (var i = 0; i < d.styleSheets.length; i++) {
    var rules = d.styleSheets[i].cssRules;
    for (var j = 0; j < rules.length; j++) {
      if (rules[j].media && /print/.test(rules[j].media.mediaText)) rules[j].media.appendMedium('screen');
    }
  }
}
function dark(c) {
  var m = /rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)/.exec(c);
  return m && (m[4] === undefined || parseFloat(m[4]) > 0.1) && (+m[1]) + (+m[2]) + (+m[3]) < 3 * 64;
}
function light(c) {
  var m = /rgba?\((\d+), (\d+), (\d+)/.exec(c);
  return m && (+m[1]) + (+m[2]) + (+m[3]) > 3 * 160;
}
function measure(f) {
  var w = f.contentWindow, d = f.contentDocument, r = {};
  r.print = /[.]print@/.test(f.name);
  if (r.print) printed(d);
  r.scroll = d.scrollingElement.scrollWidth; r.inner = w.innerWidth;
  r.small = [];
  d.querySelectorAll('svg text').forEach(function (t) {
    var m = t.ownerSVGElement.getScreenCTM();
    var px = parseFloat(w.getComputedStyle(t).fontSize) * (m ? m.a : 1);
    if (px < 10.95) r.small.push(t.textContent + ' at ' + px.toFixed(1) + 'px');
  });
  r.breaks = [];
  d.querySelectorAll('body *').forEach(function (e) {
    var cs = w.getComputedStyle(e);
    if (cs.wordBreak === 'break-all' || cs.overflowWrap === 'anywhere' && !e.classList.contains('hash')) r.breaks.push(e.tagName);
  });
  // The phone's measures: the page's height, how far down the story's
  // parts and the main chart end, the long parts not folded, the charts
  // after a fold, and the charts that say too little.
  r.height = d.documentElement.scrollHeight;
  r.ends = {};
  ['.headline', '.result', '.turning', '.standout', 'figure.main'].forEach(function (q) {
    var e = d.querySelector(q);
    r.ends[q] = e ? Math.round(e.getBoundingClientRect().bottom + w.scrollY) : -1;
  });
  r.unfolded = []; r.afterFold = []; r.thin = [];
  d.querySelectorAll('table, ul.story').forEach(function (e) {
    var rows = e.tagName === 'TABLE' ? e.rows.length - 1 : e.children.length;
    var fold = e.closest('details');
    if (rows > 8 && (!fold || fold.open)) r.unfolded.push(e.tagName + ' of ' + rows + ' rows after ' + (e.previousElementSibling || {}).textContent);
  });
  d.querySelectorAll('details:not(.note)').forEach(function (f) {
    var box = f.closest('section') || d.body;
    box.querySelectorAll('svg').forEach(function (g) {
      if (f.compareDocumentPosition(g) & Node.DOCUMENT_POSITION_FOLLOWING) r.afterFold.push(g.getAttribute('aria-label') + ' after ' + f.querySelector('summary').textContent);
    });
  });
  d.querySelectorAll('svg').forEach(function (g) {
    var label = g.getAttribute('aria-label');
    g.querySelectorAll('polyline').forEach(function (l) {
      var n = l.getAttribute('points').trim().split(/\s+/).length;
      if (n < 3) r.thin.push(label + ': a line of ' + n + ' points');
    });
    var bars = 0, dice = 0, titled = g.querySelectorAll('rect > title');
    titled.forEach(function (t) {
      if (parseFloat(t.parentNode.getAttribute('height')) > 0) bars++;
      var m = /rolled (\d+)/.exec(t.textContent);
      if (m) dice += +m[1];
    });
    if (titled.length > 0 && bars < 2) r.thin.push(label + ': ' + bars + ' bar');
    if (/^Faces/.test(label) && dice < 20) r.thin.push(label + ': ' + dice + ' dice');
  });
  r.background = w.getComputedStyle(d.body).backgroundColor;
  r.dark = w.matchMedia('(prefers-color-scheme: dark)').matches;
  r.darkBg = []; r.lightText = []; r.cut = []; r.splits = []; r.wide = [];
  d.querySelectorAll('html, body, body *').forEach(function (e) {
    var cs = w.getComputedStyle(e);
    if (e.closest('svg')) return;
    if (dark(cs.backgroundColor)) r.darkBg.push(e.tagName + '.' + e.className);
    var own = Array.prototype.some.call(e.childNodes, function (c) { return c.nodeType === 3 && c.textContent.trim(); });
    if (own && light(cs.color)) r.lightText.push(e.tagName + ' ' + cs.color);
    if (r.print && e.getBoundingClientRect().right > w.innerWidth + 0.5) r.wide.push(e.tagName + '.' + e.className + ' ' + e.textContent.slice(0, 40));
  });
  r.folded = [];
  if (r.print) d.querySelectorAll('details:not([open]) table, details:not([open]) ul').forEach(function (e) {
    if (!e.checkVisibility()) r.folded.push(e.closest('details').querySelector('summary').textContent);
  });
  d.querySelectorAll('svg').forEach(function (g) {
    var b = g.getBoundingClientRect();
    if (b.left < 0 || b.right > w.innerWidth + 0.5) r.cut.push(g.getAttribute('aria-label') + ' ' + b.left.toFixed(0) + '-' + b.right.toFixed(0));
    var box = g.closest('figure') || g;
    if (w.getComputedStyle(box).breakInside !== 'avoid') r.splits.push(g.getAttribute('aria-label'));
  });
  var p = document.createElement('pre');
  p.textContent = 'MEASURE ' + f.name + ' ' + JSON.stringify(r) + '\n';
  document.body.appendChild(p);
}
</script>`

type measured struct {
	Scroll, Inner int
	Small         []string
	Breaks        []string
	Background    string
	Dark          bool
	// Height is the page's height; Ends how far down the first headline,
	// result, turning point, figure of the battle and main chart end (-1:
	// none); Unfolded the long tables and stories not folded, AfterFold
	// the charts after a fold, Thin the charts that say too little.
	Height    int
	Ends      map[string]int
	Unfolded  []string
	AfterFold []string
	Thin      []string
	// Print says the page was measured as printed; DarkBg are the
	// elements with a dark background, LightText those with text of a
	// light colour, Cut the charts reaching past the page's sides, Splits
	// the charts a page break may cut through and Wide (printed only) the
	// elements reaching past its right side.
	Print     bool
	DarkBg    []string
	LightText []string
	Cut       []string
	Splits    []string
	Wide      []string
	// Folded (printed only) are the folds whose tables or lists do not
	// print.
	Folded []string
}

// measurePages loads every page at every width in frames of one harness
// page (a headless window is never narrower than 500 px; a frame is) and
// returns what measureJS found, by "name@width".
func measurePages(t *testing.T, bin string, pages map[string]string, widths []int, dark bool) map[string]measured {
	t.Helper()
	var h strings.Builder
	h.WriteString(`<!DOCTYPE html><html><body style="margin:0">` + measureJS)
	names := make([]string, 0, len(pages))
	for n := range pages {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		for _, w := range widths {
			fmt.Fprintf(&h, `<iframe name="%s@%d" style="display:block;border:0;width:%dpx;height:1500px" onload="measure(this)" srcdoc="%s"></iframe>`,
				n, w, w, stdhtml.EscapeString(pages[n]))
		}
	}
	h.WriteString("</body></html>")
	dir := t.TempDir()
	page := filepath.Join(dir, "harness.html")
	if err := os.WriteFile(page, []byte(h.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	args := chromium.Args(dir, "--window-size=1300,1000", "--dump-dom")
	if dark {
		args = append(args, "--force-dark-mode")
	}
	out, err := exec.CommandContext(ctx, bin, append(args, "file://"+page)...).Output()
	if err != nil {
		t.Fatalf("chromium: %v", err)
	}
	got := map[string]measured{}
	for _, m := range regexp.MustCompile(`MEASURE (\S+) (\{.*\})`).FindAllStringSubmatch(string(out), -1) {
		var v measured
		if err := json.Unmarshal([]byte(stdhtml.UnescapeString(m[2])), &v); err != nil {
			t.Fatalf("%s: %v in %s", m[1], err, m[2])
		}
		got[m[1]] = v
	}
	if len(got) != len(pages)*len(widths) {
		t.Fatalf("measured %d pages of %d", len(got), len(pages)*len(widths))
	}
	return got
}

// gameReports reads every game's demo report (testdata/reports), by its
// file's name and the suffix.
func gameReports(t *testing.T, suffix string) map[string]string {
	t.Helper()
	pages := map[string]string{}
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "reports", "*.html"))
	if len(files) < 5 {
		t.Fatalf("found %d game reports, want one per game", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		pages[strings.TrimSuffix(filepath.Base(f), ".html")+suffix] = string(data)
	}
	return pages
}

// Every game's report and a chronicle read well in a real browser at 1200,
// 700 and 360 px wide: nothing scrolls sideways, no chart text is under
// 11 px, no word may be broken mid-word (but the log's hash), and the dark
// scheme applies when the reader's system asks for it
// and not otherwise; at 360 px they fit a phone (phone). Pages made to
// fail (a wide table, a chart drawn shrunk; a long, unfolded page of thin
// charts) fail, so the measures can.
func TestHTMLReadsWellInChromium(t *testing.T) {
	t.Parallel() // waits on a browser of its own
	bin := chromium.Path()
	if bin == "" {
		t.Skip("chromium is not installed here (apt-get install chromium); .ci/run installs it")
	}
	pages := gameReports(t, "")
	svc, name := play(t)
	chron, err := Build(context.Background(), svc, name, Options{Campaign: true})
	if err != nil {
		t.Fatal(err)
	}
	pages["duel-chronicle"] = render(t, chron, func(b *bytes.Buffer, r *Report) error { return HTML(b, r) })
	pages["control"] = `<!DOCTYPE html><html><body><p style="word-break:break-all">Check</p><table><tr><td style="white-space:nowrap">` + strings.Repeat("wide ", 200) +
		`</td></tr></table><svg viewBox="0 0 900 100" style="width:100%"><text x="0" y="50" font-size="12">shrunk</text></svg></body></html>`
	pages["phone-control"] = phoneControl()
	widths := []int{1200, 700, 360}
	for _, dark := range []bool{false, true} {
		got := measurePages(t, bin, pages, widths, dark)
		for n := range pages {
			for _, w := range widths {
				k := fmt.Sprintf("%s@%d", n, w)
				m := got[k]
				if m.Inner != w {
					t.Fatalf("%s: the frame is %d px wide", k, m.Inner)
				}
				if n == "control" {
					if m.Scroll <= m.Inner || w == 360 && len(m.Small) == 0 || len(m.Breaks) == 0 {
						t.Errorf("the control page passes: %+v", m)
					}
					continue
				}
				if n == "phone-control" {
					if w == 360 && len(phoneFaults(m, true)) < 12 {
						t.Errorf("the phone's control page passes: %q", phoneFaults(m, true))
					}
					continue
				}
				if w == 360 && !dark {
					phone(t, k, m, strings.HasSuffix(n, "-demo"))
					// The demos of at least 3 turns have a main chart; The
					// King's Own's (2 turns) and Incarn28's (1) have none.
					if main := m.Ends["figure.main"] >= 0; main != (n == "brood-demo" || n == "deadwars-demo" || n == "reincardnated-demo") && n != "duel-chronicle" {
						t.Errorf("%s: main chart %v", k, main)
					}
				}
				if m.Scroll > m.Inner {
					t.Errorf("%s scrolls sideways: %d px wide in %d", k, m.Scroll, m.Inner)
				}
				if len(m.Small) > 0 {
					t.Errorf("%s has chart text under 11 px: %q", k, m.Small)
				}
				if len(m.Breaks) > 0 {
					t.Errorf("%s may break words anywhere in %q (only the log's hash may)", k, m.Breaks)
				}
				if m.Dark != dark || chromium.Dark(m.Background) != dark {
					t.Errorf("%s with the dark scheme %v: background %s", k, dark, m.Background)
				}
			}
		}
	}
}

// screen is a phone's screen height in CSS px (a 360 x 640 screen): the
// phone's limits are counted in screens of it.
const screen = 640

// phone holds a page measured at 360 px to a phone's limits, and logs its
// height: see phoneFaults.
func phone(t *testing.T, k string, m measured, demo bool) {
	t.Helper()
	t.Logf("%s: %d px tall, %.1f screens of %d px", k, m.Height, float64(m.Height)/screen, screen)
	for _, f := range phoneFaults(m, demo) {
		t.Errorf("%s: %s", k, f)
	}
}

// phoneFaults are the ways a page measured at 360 px fails a phone: a
// game's demo report (demo) is at most 8 screens tall, with its headline,
// result, turning point, figure of the battle and main chart ending within
// the first two (a part the battle has not, as a turning point in a
// battle of no removal, is no fault; a chart of a short battle is
// TestHTMLReadsWellInChromium's to want); on every page, no table or story of more than 8 rows is
// left unfolded, no chart comes after a fold in its section, and no chart
// has a line of fewer than 3 points, a single bar, or dice histograms of
// fewer than 20 dice.
func phoneFaults(m measured, demo bool) []string {
	var out []string
	if demo {
		if m.Height > 8*screen {
			out = append(out, fmt.Sprintf("%d px tall, more than 8 screens (%d px)", m.Height, 8*screen))
		}
		for _, q := range []string{".headline", ".result", ".turning", ".standout", "figure.main"} {
			end, ok := m.Ends[q]
			if !ok || end < 0 && (q == ".headline" || q == ".result") {
				out = append(out, q+" is missing")
			}
			if end > 2*screen {
				out = append(out, fmt.Sprintf("%s ends at %d px, not within the first two screens (%d px)", q, end, 2*screen))
			}
		}
	}
	for _, u := range m.Unfolded {
		out = append(out, "not folded: "+u)
	}
	for _, a := range m.AfterFold {
		out = append(out, "a chart after a fold: "+a)
	}
	for _, c := range m.Thin {
		out = append(out, "a chart that says too little: "+c)
	}
	return out
}

// phoneControl is a page that fails every phone limit: tall, its story
// below the first two screens and no main chart, a long table and a story
// unfolded, a chart after a fold, a line of 2 points, a single bar and 5
// dice.
func phoneControl() string {
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html><html><body><section><div style="height:6000px"></div><p class="headline">Late</p><p class="result">Late</p><p class="turning">Late</p><p class="standout">Late</p><table>`)
	for i := 0; i < 10; i++ {
		b.WriteString("<tr><td>row</td></tr>")
	}
	b.WriteString(`</table><ul class="story">` + strings.Repeat("<li>line</li>", 10) + `</ul><details><summary>Folded</summary>x</details>`)
	b.WriteString(`<svg viewBox="0 0 300 100" width="300" height="100" aria-label="Thin"><polyline points="0,0 10,10" stroke="red"/><rect x="0" y="0" width="10" height="20"><title>one bar</title></rect></svg>`)
	b.WriteString(`<svg viewBox="0 0 300 100" width="300" height="100" aria-label="Faces rolled"><rect x="0" y="0" width="10" height="20"><title>1: rolled 2 times</title></rect><rect x="20" y="0" width="10" height="20"><title>2: rolled 3 times</title></rect></svg>`)
	b.WriteString(`</section></body></html>`)
	return b.String()
}

// A printed report (the print stylesheet, emulated in Chromium by applying
// its rules on the screen) is black on white even when the reader's screen
// is dark, fits a sheet's width (700 px: A4 or Letter less the margins)
// with no chart reaching past its sides, no page break may cut a chart,
// and the folds print open. A page made to fail each of these fails.
func TestHTMLPrintsWellInChromium(t *testing.T) {
	t.Parallel() // waits on a browser of its own
	bin := chromium.Path()
	if bin == "" {
		t.Skip("chromium is not installed here (apt-get install chromium); .ci/run installs it")
	}
	pages := gameReports(t, ".print")
	pages["control.print"] = `<!DOCTYPE html><html><head><style>@media print { body { background: #111; color: #eee } }</style></head><body><p>Dark</p>` +
		`<details><summary>Shut</summary><ul><li>unprinted</li></ul></details>` +
		`<svg viewBox="0 0 900 100" width="900" height="100" aria-label="wide"><text x="0" y="50" font-size="12">wide</text></svg></body></html>`
	for _, dark := range []bool{false, true} {
		got := measurePages(t, bin, pages, []int{700}, dark)
		for n := range pages {
			k := n + "@700"
			m := got[k]
			if !m.Print {
				t.Fatalf("%s was not measured as printed", k)
			}
			if n == "control.print" {
				if len(m.DarkBg) == 0 || len(m.LightText) == 0 || len(m.Cut) == 0 || len(m.Splits) == 0 || m.Scroll <= m.Inner || len(m.Folded) == 0 {
					t.Errorf("the control page prints well: %+v", m)
				}
				continue
			}
			if len(m.DarkBg) > 0 || chromium.Dark(m.Background) {
				t.Errorf("%s (dark scheme %v) prints dark backgrounds: %q, body %s", k, dark, m.DarkBg, m.Background)
			}
			if len(m.LightText) > 0 {
				t.Errorf("%s (dark scheme %v) prints light text: %q", k, dark, m.LightText)
			}
			if m.Scroll > m.Inner || len(m.Cut) > 0 {
				t.Errorf("%s is wider than the sheet: %d px in %d, charts past its sides %q, reaching past it %q", k, m.Scroll, m.Inner, m.Cut, m.Wide)
			}
			if len(m.Splits) > 0 {
				t.Errorf("%s lets a page break cut the charts %q", k, m.Splits)
			}
			if len(m.Folded) > 0 {
				t.Errorf("%s prints the folds %q shut", k, m.Folded)
			}
		}
	}
}
