package cmd

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/huh"
	"github.com/mattn/go-isatty"
	"github.com/spf13/cobra"

	"warlog/campaigns"
	"warlog/engines"
	"warlog/engines/dice"
	"warlog/internal/cmdutil"
	"warlog/internal/termsafe"
	"warlog/projections/report"
)

type playOptions struct {
	accessible bool
}

func newPlayCommand(app *cmdutil.App) *cobra.Command {
	o := &playOptions{}
	c := &cobra.Command{
		Use:   "play",
		Short: "Play the battle in progress by answering prompts",
		Long: `Play the current campaign's battle by answering prompts: each step shows the
status, offers only the actions the rules allow now, then the figures and
targets that may take them, then asks whether the program rolls or you enter
the dice you rolled, die by die, saying which die and why. Undo is always on
the menu. Esc or Ctrl-C leaves cleanly; nothing is half-written. When the
battle ends it offers the report.

Accessible mode (plain numbered line prompts, for screen readers and piped
input) is used with --accessible, ACCESSIBLE=1, TERM=dumb, or when stdin is
not a terminal.`,
		Example: `  warlog play
  warlog play --accessible
  printf '1\n2\n1\n' | warlog play`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return runPlay(c, app, o) },
	}
	c.Flags().BoolVar(&o.accessible, "accessible", false, "plain line prompts instead of the full-screen form")
	return c
}

// prompter asks questions through huh, full-screen or accessible.
type prompter struct {
	in         io.Reader
	out        io.Writer
	accessible bool
	eof        *eofReader
}

// eofReader hands huh's accessible prompts one byte at a time (each prompt
// opens its own scanner, which would otherwise swallow the lines meant for
// the next one) and remembers when the input ran out.
type eofReader struct {
	r   io.Reader
	eof bool
}

func (e *eofReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	n, err := e.r.Read(p[:1])
	if errors.Is(err, io.EOF) {
		e.eof = true
	}
	return n, err
}

func newPrompter(app *cmdutil.App, forceAccessible bool) *prompter {
	// The forms draw the terminal themselves; their text is made safe
	// where it is built (safe).
	p := &prompter{in: app.In, out: app.Screen()}
	f, isFile := app.In.(*os.File)
	tty := isFile && isatty.IsTerminal(f.Fd())
	p.accessible = forceAccessible || app.Getenv("ACCESSIBLE") != "" || app.Getenv("TERM") == "dumb" || !tty
	if p.accessible {
		p.eof = &eofReader{r: app.In}
		p.in = p.eof
	}
	return p
}

// run runs one field and maps leaving (Esc, Ctrl-C, the end of piped
// input) to ErrInterrupted.
func (p *prompter) run(f huh.Field) (err error) {
	// huh's accessible select indexes its options with the last answer it
	// read even when the input ended on an invalid one; at the end of piped
	// input that is leaving, not a crash.
	defer func() {
		if r := recover(); r != nil {
			if p.eof == nil || !p.eof.eof {
				panic(r)
			}
			err = cmdutil.ErrInterrupted
		}
	}()
	km := huh.NewDefaultKeyMap()
	km.Quit = key.NewBinding(key.WithKeys("ctrl+c", "esc"), key.WithHelp("esc", "leave"))
	// Menus are short; without the filter, Esc always means leave.
	km.Select.Filter.SetEnabled(false)
	form := huh.NewForm(huh.NewGroup(f)).WithAccessible(p.accessible).WithOutput(p.out).WithInput(p.in).
		WithShowHelp(!p.accessible).WithKeyMap(km)
	err = form.Run()
	if errors.Is(err, huh.ErrUserAborted) || (p.eof != nil && p.eof.eof) {
		return cmdutil.ErrInterrupted
	}
	return err
}

// choose asks for one of picks; def is the value chosen on an empty answer.
// help, when set, describes the highlighted pick under the menu.
func (p *prompter) choose(title string, picks []engines.Pick, def string, help map[string]string) (string, error) {
	opts := make([]huh.Option[string], len(picks))
	for i, pk := range picks {
		opts[i] = huh.NewOption(termsafe.String(pk.Label), pk.Value)
	}
	v := def
	sel := huh.NewSelect[string]().Title(termsafe.String(title)).Options(opts...).Value(&v)
	if help != nil && !p.accessible {
		// Every help is wrapped and padded to the same height, shown from
		// the first frame: huh sizes the form once, and a longer help
		// later would push the last choice (Quit) off the menu.
		fixed := evenHelp(help, 64)
		for k, h := range fixed {
			fixed[k] = termsafe.String(h)
		}
		sel = sel.Description(fixed[v]).DescriptionFunc(func() string { return fixed[v] }, &v)
	}
	if err := p.run(sel); err != nil {
		return "", err
	}
	return v, nil
}

// evenHelp wraps each help text at width and pads them all to the same
// number of lines.
func evenHelp(help map[string]string, width int) map[string]string {
	wrapped := map[string][]string{}
	most := 1
	for k, h := range help {
		var lines []string
		line := ""
		for _, w := range strings.Fields(h) {
			if line != "" && len(line)+1+len(w) > width {
				lines = append(lines, line)
				line = ""
			}
			if line != "" {
				line += " "
			}
			line += w
		}
		if line != "" {
			lines = append(lines, line)
		}
		wrapped[k] = lines
		most = max(most, len(lines))
	}
	out := make(map[string]string, len(help))
	for k, lines := range wrapped {
		for len(lines) < most {
			lines = append(lines, "\u00a0")
		}
		out[k] = strings.Join(lines, "\n")
	}
	return out
}

// ask reads free text, asking again until check accepts it: accessible
// mode does not report a failed validation by itself.
func (p *prompter) ask(title string, check func(string) error) (string, error) {
	for {
		var v string
		if err := p.run(huh.NewInput().Title(termsafe.String(title)).Value(&v)); err != nil {
			return "", err
		}
		v = strings.TrimSpace(v)
		if err := check(v); err != nil {
			fmt.Fprintf(p.out, "%s; try again.\n", termsafe.String(err.Error()))
			continue
		}
		return v, nil
	}
}

const (
	menuUndo    = "\x00undo"
	menuCorrect = "\x00correct"
	menuQuit    = "\x00quit"
	rollForMe   = "program"
	enterDice   = "hand"
	reportNone  = "no"
)

func runPlay(c *cobra.Command, app *cmdutil.App, o *playOptions) error {
	ctx := c.Context()
	name, err := app.CurrentCampaign(ctx)
	if err != nil {
		return err
	}
	svc, _ := app.Service()
	p := newPrompter(app, o.accessible)
	wasIn := ""
	for {
		st, err := svc.Load(ctx, name)
		if err != nil {
			return err
		}
		g, err := st.GameState()
		if err != nil {
			return err
		}
		pr, ok := g.(engines.Prompter)
		if !ok {
			return fmt.Errorf("%s does not offer prompted turns yet; use the `warlog %s` commands", st.Engine().Info().Title, gameCommand(st.Campaign.Game))
		}
		scenario, _ := nowOf(g)
		if wasIn != "" && scenario == "" {
			return offerReport(c, app, p, svc, name)
		}
		wasIn = scenario
		s := g.Status()
		s.Campaign, s.Game = st.Name, st.Campaign.Game
		fmt.Fprintln(app.Out)
		if err := PrintStatus(app, s); err != nil {
			return err
		}
		choices := pr.Choices()
		picks := make([]engines.Pick, 0, len(choices)+2)
		help := map[string]string{}
		for i, ch := range choices {
			label := ch.Label
			if ch.Help != "" && p.accessible {
				label += " — " + ch.Help
			}
			picks = append(picks, engines.Pick{Value: strconv.Itoa(i), Label: label})
			help[strconv.Itoa(i)] = ch.Help
		}
		last, err := svc.LastInEffect(ctx, st)
		if err != nil {
			return err
		}
		if last != nil {
			picks = append(picks, engines.Pick{Value: menuUndo, Label: "Undo: " + last.Label})
			help[menuUndo] = "take the last action back; nothing is deleted, and the same dice come back if it is made again"
		}
		recent, err := svc.RecentUnits(ctx, name, 8)
		if err != nil {
			return err
		}
		if len(recent) > 0 {
			picks = append(picks, engines.Pick{Value: menuCorrect, Label: "Correct an earlier roll"})
			help[menuCorrect] = "give the dice an earlier action should have had; every action after it is decided again with its own dice"
		}
		picks = append(picks, engines.Pick{Value: menuQuit, Label: "Quit (everything so far is saved)"})
		help[menuQuit] = "leave the game; everything recorded so far stays in the log"
		pick, err := p.choose("What now?", picks, picks[0].Value, help)
		if errors.Is(err, cmdutil.ErrInterrupted) {
			fmt.Fprintln(app.Out, "Left the game; everything so far is saved.")
			return nil
		}
		if err != nil {
			return err
		}
		switch pick {
		case menuQuit:
			fmt.Fprintln(app.Out, "Left the game; everything so far is saved.")
			return nil
		case menuUndo:
			res, err := svc.Undo(ctx, name, 1, "", campaigns.Options{ActionID: app.NextActionID()})
			if err != nil {
				fmt.Fprintf(app.Out, "Refused: %v\n", err)
				continue
			}
			fmt.Fprintln(app.Out, res.Label)
			continue
		case menuCorrect:
			if err := playCorrect(c, app, p, svc, name, recent); err != nil {
				if errors.Is(err, cmdutil.ErrInterrupted) {
					fmt.Fprintln(app.Out, "Left the game; the correction was not recorded.")
					return nil
				}
				return err
			}
			continue
		}
		i, _ := strconv.Atoi(pick)
		if err := playChoice(c, app, p, svc, name, choices[i]); err != nil {
			if errors.Is(err, cmdutil.ErrInterrupted) {
				fmt.Fprintln(app.Out, "Left the game; the unfinished action was not recorded.")
				return nil
			}
			return err
		}
	}
}

// playChoice asks a choice's questions, then records it, asking how to roll
// at the first die the rules need (never for an action that rolls nothing).
func playChoice(c *cobra.Command, app *cmdutil.App, p *prompter, svc *campaigns.Service, name string, ch engines.Choice) error {
	answers := map[string]string{}
	for _, q := range ch.Questions {
		if q.Options != nil {
			opts := q.Options(answers)
			switch len(opts) {
			case 0:
				fmt.Fprintf(app.Out, "Nothing can be chosen for %q now.\n", q.Prompt)
				return nil
			case 1:
				fmt.Fprintf(app.Out, "%s %s (the only choice)\n", q.Prompt, opts[0].Label)
				answers[q.Key] = opts[0].Value
				continue
			}
			v, err := p.choose(q.Prompt, opts, opts[0].Value, nil)
			if err != nil {
				return err
			}
			answers[q.Key] = v
			continue
		}
		v, err := p.ask(q.Prompt, func(s string) error {
			if s == "" && !q.Optional {
				return errors.New("an answer is needed")
			}
			if s == "" {
				return nil
			}
			if q.Check != nil {
				if err := q.Check(s); err != nil {
					return err
				}
			}
			if q.CheckWith != nil {
				return q.CheckWith(answers, s)
			}
			return nil
		})
		if err != nil {
			return err
		}
		answers[q.Key] = v
	}
	cmd, err := ch.Build(answers)
	if err != nil {
		fmt.Fprintf(app.Out, "Refused: %v\n", err)
		return nil
	}
	how := ""
	o := campaigns.Options{ActionID: app.NextActionID(), Ask: func(n dice.Need, index int) (int, error) {
		if how == "" {
			v, err := p.choose("Dice?", []engines.Pick{{Value: rollForMe, Label: "Roll for me"}, {Value: enterDice, Label: "I roll at the table and enter my dice"}}, rollForMe, nil)
			if err != nil {
				return 0, err
			}
			how = v
		}
		if how == rollForMe {
			return 0, dice.ErrUseProgram
		}
		v, err := p.ask(fmt.Sprintf("Die %d: %s, d%d (1-%d):", index, n.Purpose, n.Sides, n.Sides), func(s string) error {
			x, err := strconv.Atoi(s)
			if err != nil || x < 1 || x > n.Sides {
				return fmt.Errorf("%q is not a face of a d%d: give 1 to %d", s, n.Sides, n.Sides)
			}
			return nil
		})
		if err != nil {
			return 0, err
		}
		x, _ := strconv.Atoi(v)
		return x, nil
	}}
	res, err := svc.Do(c.Context(), name, ch.Game, cmd, o)
	if errors.Is(err, cmdutil.ErrInterrupted) {
		return err
	}
	if err != nil {
		fmt.Fprintf(app.Out, "Refused: %v\n", err)
		return nil
	}
	fmt.Fprintln(app.Out, res.Label)
	return nil
}

// playCorrect lists the recent actions that rolled dice, newest first,
// asks which one to correct and its dice anew, die by die (an empty answer
// keeps a die), and amends it.
func playCorrect(c *cobra.Command, app *cmdutil.App, p *prompter, svc *campaigns.Service, name string, recent []campaigns.Unit) error {
	picks := make([]engines.Pick, 0, len(recent))
	for i := len(recent) - 1; i >= 0; i-- {
		u := recent[i]
		picks = append(picks, engines.Pick{Value: strconv.Itoa(i), Label: fmt.Sprintf("%s (dice %s)", u.Label, diceText(u.Dice()))})
	}
	pick, err := p.choose("Which roll was wrong?", picks, picks[0].Value, nil)
	if err != nil {
		return err
	}
	i, _ := strconv.Atoi(pick)
	u := recent[i]
	var faces []int
	for _, r := range u.Rolls {
		for _, was := range r.Values {
			v, err := p.ask(fmt.Sprintf("Die %d: %s, d%d (was %d; Enter keeps it):", len(faces)+1, r.Purpose, r.Sides, was), func(s string) error {
				if x, err := strconv.Atoi(s); s != "" && (err != nil || x < 1 || x > r.Sides) {
					return fmt.Errorf("%q is not a face of a d%d: give 1 to %d", s, r.Sides, r.Sides)
				}
				return nil
			})
			if err != nil {
				return err
			}
			x, err := strconv.Atoi(v)
			if err != nil {
				x = was
			}
			faces = append(faces, x)
		}
	}
	res, err := svc.Amend(c.Context(), name, u.ID, campaigns.AmendOptions{Dice: faces, ActionID: app.NextActionID()})
	if err != nil {
		fmt.Fprintf(app.Out, "Refused: %v\n", err)
		return nil
	}
	fmt.Fprintln(app.Out, res.Label)
	return nil
}

func diceText(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}

// offerReport asks whether to show the battle's report once it has ended.
func offerReport(c *cobra.Command, app *cmdutil.App, p *prompter, svc *campaigns.Service, name string) error {
	fmt.Fprintln(app.Out, "\nThe battle is over.")
	v, err := p.choose("Show the battle report?", []engines.Pick{{Value: "md", Label: "Yes, as Markdown here"}, {Value: reportNone, Label: "No"}}, "md", nil)
	if err != nil || v == reportNone {
		if errors.Is(err, cmdutil.ErrInterrupted) {
			return nil
		}
		return err
	}
	r, err := report.Build(c.Context(), svc, name, report.Options{})
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := report.Markdown(&b, r); err != nil {
		return err
	}
	_, err = app.Out.Write(b.Bytes())
	return err
}

func nowOf(g engines.State) (string, int) {
	if t, ok := g.(engines.Turner); ok {
		return t.Now()
	}
	return "", 0
}

func gameCommand(game string) string {
	if g, ok := findGame(game); ok {
		return g.Use
	}
	return game
}
