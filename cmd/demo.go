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
data is never touched unless you ask): one that shows the dice and undo, then
one per game of this build, each playing a sample battle (two for The King's
Own) to the end with the program's seeded dice. Each battle is told in short:
who fought, the moments that decided it, the result and what it did to the
campaign; then where the reports are and what to try next.

--verbose prints instead each command as you would type it, what it
answered, and each game's Markdown report (the chronicle, for a campaign of
more than one battle). The HTML reports are written to --out, default
$XDG_CACHE_HOME/warlog/demo (else ~/.cache/warlog/demo), which each run
empties and fills again; in a directory given with --out the demo replaces
only its own files. They are mode 0644 like report --out: a report is meant
to be shared. The same seed gives the same output, hashes included.
Ctrl-C stops the demo (exit 130).`,
		Example: `  warlog demo
  warlog demo --verbose
  warlog demo --seed 7
  warlog demo --db /tmp/demo.db --out ./reports`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return runDemo(c, app, o) },
	}
	c.Flags().Uint64Var(&o.seed, "seed", 1, "the seed of the demo's dice")
	c.Flags().StringVar(&o.outDir, "out", "", "the `DIR` for the HTML reports (default: $XDG_CACHE_HOME/warlog/demo, replaced each run)")
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

// demoRun runs the demo's command lines against its database, each as its
// own `warlog` would, with the demo's clock and action ids.
type demoRun struct {
	c     *cobra.Command
	app   *cmdutil.App
	db    string
	quiet bool
	step  int
	ids   int
}

// sub is an App for one command line of the demo.
func (d *demoRun) sub() *cmdutil.App {
	a := d.app
	return &cmdutil.App{In: a.In, Out: a.Out, Err: a.Out, Getenv: a.Getenv, Engines: a.Engines,
		Clock: func() time.Time { d.step++; return demoStart.Add(time.Duration(d.step) * time.Second) },
		IDs:   func() string { d.ids++; return fmt.Sprintf("demo-%04d", d.ids) },
	}
}

// line runs `warlog ARGS` against the demo's database and returns what it
// printed when the demo is quiet (shown as it is printed otherwise). An
// interruption (Ctrl-C) stops the demo with ErrInterrupted.
func (d *demoRun) line(args []string) (string, error) {
	a := d.sub()
	var out, errb strings.Builder
	a.Err = &errb
	if d.quiet {
		a.Out = &out
	} else {
		fmt.Fprintf(d.app.Out, "\n$ warlog %s\n", cmdutil.ShellJoin(args))
	}
	// Flags are the only way in: the root command resets every field
	// that backs a flag to its default.
	code := Run(d.c.Context(), a, append([]string{"--db", d.db}, args...))
	if err := d.interrupted(); err != nil {
		return "", err
	}
	if code != 0 {
		return "", fmt.Errorf("the demo stopped: `warlog %s` exited %d: %s", cmdutil.ShellJoin(args), code, strings.TrimSpace(errb.String()))
	}
	if !d.quiet {
		io.WriteString(d.app.Out, errb.String()) // a warning, as the command would print it
	}
	return out.String(), nil
}

// interrupted is ErrInterrupted once Ctrl-C has stopped the demo.
func (d *demoRun) interrupted() error {
	if d.c.Context().Err() != nil {
		return fmt.Errorf("the demo was %w before its end", cmdutil.ErrInterrupted)
	}
	return nil
}

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
	out, writeTo, done, err := demoReportsDir(app, o.outDir)
	if err != nil {
		return err
	}
	defer done(false) // a demo that stops early leaves the last run's reports
	seed := strconv.FormatUint(o.seed, 10)
	d := &demoRun{c: c, app: app, db: db, quiet: !o.verbose || app.JSON}
	where := "a temporary database"
	if app.DBPath != "" {
		where = app.DBPath
	}
	if !app.JSON {
		cmdutil.Say(app.Out, fmt.Sprintf("warlog demo: seeded sample campaigns (seed %s) in %s", seed, where), "  ")
	}
	core := demoCore(seed)
	dice := DemoDiceJSON{Campaign: core[0][2], Answers: []string{}}
	for _, args := range core {
		said, err := d.line(args)
		if err != nil {
			return err
		}
		if args[0] == "roll" || args[0] == "undo" {
			dice.Answers = append(dice.Answers, demoAnswer(args, said))
		}
	}
	var reports []string
	var battles []DemoBattleJSON
	for _, section := range gameDemos(seed) {
		for _, args := range section {
			if _, err := d.line(args); err != nil {
				return err
			}
		}
		// A campaign of more than one battle is told by its chronicle.
		chronicle := battlesIn(section) > 1
		if !d.quiet {
			if err := d.showEnd(section, chronicle); err != nil {
				return err
			}
		}
		path := filepath.Join(out, slug(section[0])+".html")
		if err := d.writeReport(filepath.Join(writeTo, filepath.Base(path)), chronicle); err != nil {
			return err
		}
		reports = append(reports, path)
		if d.quiet {
			b, err := demoBattles(c, d.sub(), db, section[0][2], path)
			if err != nil {
				return err
			}
			battles = append(battles, b...)
		}
	}
	if err := done(true); err != nil {
		return err
	}
	if app.JSON {
		return app.PrintJSON(DemoJSON{Seed: seed, Database: db, Temporary: app.DBPath == "", Dice: dice, Battles: battles, Reports: out})
	}
	if d.quiet {
		printDice(app, dice)
		printBattles(app, battles)
		if err := d.verify(); err != nil {
			return err
		}
	}
	printReports(app, out, reports, o.outDir == "")
	if app.DBPath == "" {
		cmdutil.Say(app.Out, "The database was temporary: `warlog demo --db PATH` keeps one to explore.", "  ")
	}
	if d.quiet {
		printTryNext(app)
	}
	return nil
}

// battlesIn counts the battles a demo section plays.
func battlesIn(section [][]string) int {
	n := 0
	for _, l := range section {
		if len(l) > 1 && l[0] == "scenario" && l[1] == "start" {
			n++
		}
	}
	return n
}

// showEnd ends a verbose section with its status, roster and report (the
// chronicle, when chronicle), unless the game's own script has just shown
// them.
func (d *demoRun) showEnd(section [][]string, chronicle bool) error {
	shown := map[string]bool{}
	for _, l := range section[max(0, len(section)-2):] {
		shown[strings.Join(l, " ")] = true
	}
	report := []string{"report"}
	if chronicle {
		report = append(report, "--chronicle")
	}
	for _, args := range [][]string{{"status"}, {"roster"}, report} {
		if shown[args[0]] {
			continue
		}
		if _, err := d.line(args); err != nil {
			return err
		}
	}
	return nil
}

// writeReport writes the current campaign's HTML report (its chronicle,
// when chronicle) to path, replacing the demo's file of an earlier run.
func (d *demoRun) writeReport(path string, chronicle bool) error {
	w := d.sub()
	w.Err = io.Discard // the demo names the reports once, at the end
	args := []string{"--db", d.db, "report", "--format", "html", "--out", path, "--force"}
	if chronicle {
		args = append(args, "--chronicle")
	}
	code := Run(d.c.Context(), w, args)
	if err := d.interrupted(); err != nil {
		return err
	}
	if code != 0 {
		return fmt.Errorf("the demo could not write %s", path)
	}
	return nil
}

// verify checks the log of every campaign as `warlog verify` does and says
// so in a line.
func (d *demoRun) verify() error {
	a := d.sub()
	var v strings.Builder
	a.Out, a.Err = &v, &v
	code := Run(d.c.Context(), a, []string{"--db", d.db, "verify"})
	if err := d.interrupted(); err != nil {
		return err
	}
	if code != 0 {
		return fmt.Errorf("the demo's campaigns do not verify: %s", strings.TrimSpace(v.String()))
	}
	head, _, _ := strings.Cut(v.String(), ";")
	fmt.Fprintf(d.app.Out, "\n$ warlog verify\n%s: every hash chain checks\n", head)
	return nil
}

// demoReportsDir is the directory the demo's HTML reports are found in
// (dir) and the one it writes them to (writeTo), made ready: the one given
// with --out (both: kept, the demo's own files replaced as it writes
// them), else one place per user, $XDG_CACHE_HOME/warlog/demo (else
// ~/.cache/warlog/demo), which holds the last whole run's reports only:
// this run writes beside it and done(true) puts its reports in its place;
// done(false), once the demo stopped early, drops them and leaves the last
// run's.
func demoReportsDir(app *cmdutil.App, given string) (dir, writeTo string, done func(complete bool) error, err error) {
	if given != "" {
		return given, given, func(bool) error { return nil }, os.MkdirAll(given, 0o755)
	}
	cache := app.Getenv("XDG_CACHE_HOME")
	if cache == "" {
		home := app.Getenv("HOME")
		if home == "" {
			var err error
			if home, err = os.UserHomeDir(); err != nil {
				return "", "", nil, fmt.Errorf("no directory for the demo's reports (%v); give one with --out DIR", err)
			}
		}
		cache = filepath.Join(home, ".cache")
	}
	dir = filepath.Join(cache, "warlog", "demo")
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", "", nil, err
	}
	// A demo killed outright (not stopped) left its reports beside it.
	if old, _ := filepath.Glob(filepath.Join(parent, ".demo-*")); len(old) > 0 {
		for _, o := range old {
			if fi, err := os.Stat(o); err == nil && time.Since(fi.ModTime()) > time.Hour {
				os.RemoveAll(o)
			}
		}
	}
	writeTo, err = os.MkdirTemp(parent, ".demo-")
	if err != nil {
		return "", "", nil, err
	}
	finished := false
	done = func(complete bool) error {
		if finished {
			return nil
		}
		finished = true
		if !complete {
			return os.RemoveAll(writeTo)
		}
		if err := os.Chmod(writeTo, 0o755); err != nil {
			return err
		}
		if err := os.RemoveAll(dir); err != nil {
			return err
		}
		return os.Rename(writeTo, dir)
	}
	return dir, writeTo, done, nil
}

// demoAnswer is what a dice line of the demo answered, with the dice
// typed in marked as the table's.
func demoAnswer(args []string, said string) string {
	said = strings.TrimSpace(said)
	for i, a := range args {
		if a == "--dice" && i+1 < len(args) {
			return said + " (typed in: --dice " + args[i+1] + ")"
		}
	}
	return said
}

// printDice tells the demo's dice campaign: what each roll and undo
// answered.
func printDice(app *cmdutil.App, dice DemoDiceJSON) {
	fmt.Fprintf(app.Out, "\nDice and undo · %s\n", dice.Campaign)
	for _, a := range dice.Answers {
		cmdutil.Say(app.Out, "  "+a, "    ")
	}
}

// printReports names the HTML reports: their directory on a line of its
// own, then each file's name on one, so that no line runs much longer
// than the directory's name.
func printReports(app *cmdutil.App, dir string, reports []string, replaced bool) {
	if len(reports) == 0 {
		return
	}
	fmt.Fprintln(app.Out)
	if replaced {
		cmdutil.Say(app.Out, "HTML reports to open in a browser (the next demo replaces them):", "  ")
	} else {
		cmdutil.Say(app.Out, "HTML reports to open in a browser:", "  ")
	}
	fmt.Fprintln(app.Out, "  "+filepath.Clean(dir)+string(filepath.Separator))
	for _, r := range reports {
		fmt.Fprintln(app.Out, "    "+filepath.Base(r))
	}
}

// printTryNext suggests what to try after the demo, a command a line.
func printTryNext(app *cmdutil.App) {
	tries := [][2]string{
		{"warlog demo --verbose", "every command and answer"},
		{"warlog report --format summary", "a battle, short, to post"},
		{"warlog rules ko attack", "the rules, in our words"},
		{`warlog campaign new "My League" --game kingsown`, "a campaign of your own"},
	}
	wide := 0
	for _, t := range tries {
		wide = max(wide, len(t[0]))
	}
	fmt.Fprintln(app.Out, "Try next:")
	for _, t := range tries {
		fmt.Fprintf(app.Out, "  %-*s  # %s\n", wide, t[0], t[1])
	}
}

// DemoJSON is the --json shape of `warlog demo`.
type DemoJSON struct {
	Seed      string           `json:"seed"`
	Database  string           `json:"database"`
	Temporary bool             `json:"temporary"`
	Dice      DemoDiceJSON     `json:"dice"`
	Battles   []DemoBattleJSON `json:"battles"`
	Reports   string           `json:"reports"`
}

// DemoDiceJSON is the demo's dice campaign: what each roll and undo
// answered.
type DemoDiceJSON struct {
	Campaign string   `json:"campaign"`
	Answers  []string `json:"answers"`
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
