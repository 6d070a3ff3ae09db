package cmd

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"warlog/cmd/cmdutil"
	"warlog/internal/words"
	"warlog/projections/report"
)

type demoOptions struct {
	seed    uint64
	outDir  string
	verbose bool
}

func newDemoCommand(app *cmdutil.App) *cobra.Command {
	o := &demoOptions{}
	c := &cobra.Command{
		Use:   "demo",
		Short: "Play seeded sample battles of every game end to end and print their reports",
		Long: `Create demo campaigns in a temporary database (or in --db when given: your own
data is never touched unless you ask), play a sample battle of every game this
build has to the end with the program's seeded dice, and tell each battle in
short: who fought, the moments that decided it, the result and what it did to
the campaign; then where the reports are and what to try next.

--verbose prints instead each command as you would type it, what it
answered, and each battle's Markdown report. The HTML reports are written to
--out (default: a temporary directory, kept), mode 0644 like report --out: a
report is meant to be shared. The same seed gives the same output, hashes
included.`,
		Example: `  warlog demo
  warlog demo --verbose
  warlog demo --seed 7
  warlog demo --db /tmp/demo.db --out ./reports`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return runDemo(c, app, o) },
	}
	c.Flags().Uint64Var(&o.seed, "seed", 1, "the seed of the demo's dice")
	c.Flags().StringVar(&o.outDir, "out", "", "the `DIR` for the HTML reports (default: a new temporary one)")
	c.Flags().BoolVarP(&o.verbose, "verbose", "v", false, "print every command, its answer and each battle's report")
	return c
}

// demoCore is what every campaign does, whatever its game: program and hand
// dice, the log, undo (and that undo is no free re-roll), verify.
func demoCore(seed string) [][]string {
	return [][]string{
		{"campaign", "new", "Dice demo", "--game", "kingsown", "--seed", seed},
		{"roll", "2d6", "--for", "scatter"},
		{"roll", "d6", "--dice", "4", "--for", "who deploys first"},
		{"undo"},
		{"roll", "2d6", "--for", "scatter"},
		{"undo"},
		{"roll", "2d6", "--for", "scatter again: undo is no free re-roll"},
		{"log"},
		{"verify"},
	}
}

// demoStart is the demo's fixed clock: the log's times, and so its hashes,
// are the same on every run.
var demoStart = time.Date(2026, 6, 1, 18, 0, 0, 0, time.UTC)

func runDemo(c *cobra.Command, app *cmdutil.App, o *demoOptions) error {
	db := app.DBPath
	if db == "" {
		dir, err := os.MkdirTemp("", "warlog-demo-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		db = filepath.Join(dir, "demo.db")
	}
	out := o.outDir
	if out == "" {
		d, err := os.MkdirTemp("", "warlog-demo-reports-")
		if err != nil {
			return err
		}
		out = d
	} else if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	seed := strconv.FormatUint(o.seed, 10)
	step, ids := 0, 0
	sub := func() *cmdutil.App {
		return &cmdutil.App{In: app.In, Out: app.Out, Err: app.Out, Getenv: app.Getenv, Engines: app.Engines,
			Clock: func() time.Time { step++; return demoStart.Add(time.Duration(step) * time.Second) },
			IDs:   func() string { ids++; return fmt.Sprintf("demo-%04d", ids) },
		}
	}
	quiet := !o.verbose || app.JSON
	runLine := func(args []string) error {
		a := sub()
		var errb strings.Builder
		if quiet {
			a.Out, a.Err = io.Discard, &errb
		} else {
			fmt.Fprintf(app.Out, "\n$ warlog %s\n", shellJoin(args))
		}
		// Flags are the only way in: the root command resets every field
		// that backs a flag to its default.
		if code := Run(c.Context(), a, append([]string{"--db", db}, args...)); code != 0 {
			return fmt.Errorf("the demo stopped: `warlog %s` exited %d: %s", shellJoin(args), code, strings.TrimSpace(errb.String()))
		}
		return nil
	}
	where := "a temporary database"
	if app.DBPath != "" {
		where = app.DBPath
	}
	if !app.JSON {
		fmt.Fprintf(app.Out, "warlog demo: seeded sample campaigns (seed %s) in %s\n", seed, where)
	}
	for _, args := range demoCore(seed) {
		if err := runLine(args); err != nil {
			return err
		}
	}
	var reports []string
	var battles []DemoBattleJSON
	for _, section := range gameDemos(seed) {
		for _, args := range section {
			if err := runLine(args); err != nil {
				return err
			}
		}
		if !quiet {
			// Each battle ends with its status, roster and report, unless
			// the game's own script has just shown them.
			shown := map[string]bool{}
			for _, l := range section[max(0, len(section)-2):] {
				shown[strings.Join(l, " ")] = true
			}
			for _, args := range [][]string{{"status"}, {"roster"}, {"report"}} {
				if shown[args[0]] {
					continue
				}
				if err := runLine(args); err != nil {
					return err
				}
			}
		}
		name := fmt.Sprintf("%s.html", slug(section[0]))
		path := filepath.Join(out, name)
		w := sub()
		if quiet {
			w.Err = io.Discard // the short demo names the reports once, at the end
		}
		if code := Run(c.Context(), w, []string{"--db", db, "report", "--format", "html", "--out", path}); code != 0 {
			return fmt.Errorf("the demo could not write %s", path)
		}
		reports = append(reports, path)
		if quiet {
			b, err := demoBattles(c, sub(), db, section[0][2], path)
			if err != nil {
				return err
			}
			battles = append(battles, b...)
		}
	}
	if app.JSON {
		return app.PrintJSON(DemoJSON{Seed: seed, Database: db, Temporary: app.DBPath == "", Battles: battles})
	}
	if quiet {
		printBattles(app, battles)
	}
	if quiet {
		// The log of every campaign, checked as `warlog verify` checks it.
		a := sub()
		var v strings.Builder
		a.Out, a.Err = &v, &v
		if code := Run(c.Context(), a, []string{"--db", db, "verify"}); code != 0 {
			return fmt.Errorf("the demo's campaigns do not verify: %s", strings.TrimSpace(v.String()))
		}
		head, _, _ := strings.Cut(v.String(), ";")
		fmt.Fprintf(app.Out, "\n$ warlog verify\n%s: every hash chain checks\n", head)
	}
	fmt.Fprintln(app.Out)
	if len(reports) > 0 {
		fmt.Fprintf(app.Out, "HTML reports (open them in a browser): %s\n", strings.Join(reports, " "))
	}
	if app.DBPath == "" {
		fmt.Fprintln(app.Out, "The demo's database was temporary; run `warlog demo --db PATH` to keep one and explore it.")
	}
	if quiet {
		fmt.Fprintln(app.Out, "Try next:")
		for _, t := range [][2]string{
			{"warlog demo --verbose", "every command of these battles and its answer"},
			{"warlog report --format summary", "a battle's report as a forum post (2,000 characters at most)"},
			{"warlog rules dw classes", "the games' rules, to look up or search"},
			{`warlog campaign new "My League" --game kingsown`, "your own campaign; then: warlog ko recruit --card hunters"},
		} {
			fmt.Fprintf(app.Out, "  %-48s # %s\n", t[0], t[1])
		}
	}
	return nil
}

// DemoJSON is the --json shape of `warlog demo`.
type DemoJSON struct {
	Seed      string           `json:"seed"`
	Database  string           `json:"database"`
	Temporary bool             `json:"temporary"`
	Battles   []DemoBattleJSON `json:"battles"`
}

// DemoBattleJSON is one battle of the demo in short.
type DemoBattleJSON struct {
	Campaign     string   `json:"campaign"`
	Game         string   `json:"game"`
	Scenario     string   `json:"scenario"`
	Sides        []string `json:"sides"`
	Turns        int      `json:"turns"`
	Moments      []string `json:"moments"`
	Result       string   `json:"result"`
	Why          string   `json:"why,omitempty"`
	Consequences []string `json:"consequences,omitempty"`
	Report       string   `json:"report"`
}

// decisive finds the lines of a battle that removed a figure (or a
// Mother): its words for a removal, as the games' statuses name them.
// Compiled when the demo first needs it, not at every command's start.
var decisive = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(is|was|goes|falls|now) (down|broken|dead|destroyed|slain|routed|killed|removed|withdrawn)\b|\bdies\b|\bSoul is collected\b`)
})

// demoMoments is how many decisive moments (and campaign changes) the
// short demo tells a battle; demoWhy is the longest reason it prints
// after the result.
const (
	demoMoments = 3
	demoWhy     = 100
)

// changes finds a consequence that changed the campaign: a number that
// moved, a figure lost, a win recorded.
var changes = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`->|\bfell\b|\bwins?\b|\bdead\b|\bdestroyed\b`)
})

// demoBattles tells each battle of a demo campaign in short, from its
// chronicle: the sides, the moments that removed figures (the first and
// the last ones), the result and what it did to the campaign.
func demoBattles(c *cobra.Command, a *cmdutil.App, db, campaign, path string) ([]DemoBattleJSON, error) {
	a.DBPath, a.ReadOnly = db, true
	defer a.Close()
	svc, err := a.Service()
	if err != nil {
		return nil, err
	}
	r, err := buildReport(c.Context(), svc, campaign, report.Options{Campaign: true})
	if err != nil {
		return nil, err
	}
	var out []DemoBattleJSON
	for _, sr := range r.Scenarios {
		b := DemoBattleJSON{Campaign: campaign, Game: r.Game, Scenario: sr.Name, Turns: sr.Turn, Result: sr.Result, Why: sr.Why, Consequences: sr.Consequences, Report: path, Moments: []string{}}
		for _, sd := range sr.Sides {
			var names []string
			for _, f := range sd.Forces {
				names = append(names, f.String("name"))
			}
			side := sd.Name
			if len(names) > 0 {
				side += " (" + strings.Join(names, ", ") + ")"
			}
			b.Sides = append(b.Sides, side)
		}
		var lines []string
		for _, t := range sr.Turns {
			for _, l := range t.Lines {
				if !l.Undone && decisive().MatchString(l.Text) {
					lines = append(lines, l.Text)
				}
			}
		}
		if len(lines) > demoMoments {
			lines = append(lines[:1], lines[len(lines)-demoMoments+1:]...)
		}
		b.Moments = append(b.Moments, lines...)
		out = append(out, b)
	}
	return out, nil
}

// printBattles writes the battles in short: a heading per game, then per
// battle its sides, its decisive moments, its result and its consequences.
func printBattles(app *cmdutil.App, battles []DemoBattleJSON) {
	game := ""
	for _, b := range battles {
		if b.Game != game {
			game = b.Game
			fmt.Fprintf(app.Out, "\n%s · %s\n", gameTitle(b.Game), b.Campaign)
		}
		cmdutil.Say(app.Out, fmt.Sprintf("  %s: %s; %s", b.Scenario, strings.Join(b.Sides, " against "), words.Count(b.Turns, "turn", "turns")), "    ")
		for _, m := range b.Moments {
			cmdutil.Say(app.Out, "    - "+m, "      ")
		}
		// The result, and why when that is short; the report has it all.
		result := strings.TrimSuffix(b.Result, ".")
		if b.Why != "" && len(b.Why) <= demoWhy {
			result += ": " + strings.TrimSuffix(b.Why, ".")
		}
		cmdutil.Say(app.Out, "    = "+result+".", "      ")
		// What changed in the campaign, not what stayed.
		var changed []string
		for _, c := range b.Consequences {
			if changes().MatchString(c) && len(changed) < demoMoments {
				changed = append(changed, c)
			}
		}
		if len(changed) > 0 {
			cmdutil.Say(app.Out, "    campaign: "+strings.Join(changed, "; "), "      ")
		}
	}
}

// slug names a report file after the campaign the section creates.
func slug(firstLine []string) string {
	name := "demo"
	if len(firstLine) > 2 && firstLine[0] == "campaign" && firstLine[1] == "new" {
		name = firstLine[2]
	}
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "-"):
			b.WriteByte('-')
		}
	}
	return strings.Trim(b.String(), "-")
}

// shellJoin quotes arguments the way a user would type them.
func shellJoin(args []string) string {
	out := make([]string, len(args))
	for i, a := range args {
		if a == "" || strings.ContainsAny(a, " '\"$") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		out[i] = a
	}
	return strings.Join(out, " ")
}
