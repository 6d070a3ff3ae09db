package cmd

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"warlog/campaigns"
	"warlog/cmd/cmdutil"
	"warlog/engines"
	"warlog/engines/dice"
	"warlog/internal/words"
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
the dice you rolled, saying which die and why (and of how many, when the
count does not hang on the dice); the first die takes the whole roll at once
("6 2 3" or "6,2,3"). The dice question opens on the campaign's setting (see
warlog campaign dice, shown in the status's first line); an answer that
changes it sets it, once the dice are in. When the battle ends it offers the
report.

Keys: the key shown before a line picks it (1-9, then letters), and an action
keeps its key while the phase lasts; e ends the turn; u undoes the last
action, r redoes it; c corrects an earlier roll; q quits; b or Esc goes back a
question, writing nothing. Esc at the menu or Ctrl-C leaves (exit 130);
nothing is half-written. An attack that ends a higher Skill step, ending a
turn while figures could still act, and ending a fight early, ask first. A
square is picked by the key marked on the map.

The status above the menu fits the terminal and is never wrapped: a table
keeps its columns from the left while they fit, leaving out any too wide (the
first, the name, stays); then the notes and the rows of figures the question
does not name go; ` + "`warlog status`" + ` shows everything. When the battle
ends, its report is drawn for the terminal and paged, or written as a web page
beside the database.

Accessible mode (plain numbered line prompts, for screen readers and piped
input) is used with --accessible, ACCESSIBLE=1, TERM=dumb, or when stdin is
not a terminal: it reads the whole status once, then the lines that changed
(s reads it all). Only the full screen asks the terminal its background, for
200 ms at most, keeping the keys typed meanwhile.`,
		Example: `  warlog play
  warlog play --accessible
  printf '1\n2\n1\n' | warlog play`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return runPlay(c, app, o) },
	}
	c.Flags().BoolVar(&o.accessible, "accessible", false, "plain line prompts instead of the full-screen form")
	return c
}

const (
	menuUndo    = "\x00undo"
	menuCorrect = "\x00correct"
	menuQuit    = "\x00quit"
	menuRedo    = "\x00redo"
	menuStatus  = "\x00status"
	rollForMe   = "program"
	enterDice   = "hand"
	reportNone  = "no"
)

// helpLines is the most lines a menu line's help takes under the title:
// a longer one is cut, marked with "…".
const helpLines = 2

// evenHelp wraps each help text at width, at most helpLines lines, and
// pads them all to the same number of lines.
func evenHelp(help map[string]string, width int) map[string]string {
	wrapped := map[string][]string{}
	most := 1
	for k, h := range help {
		if strings.TrimSpace(h) != "" {
			w := cmdutil.WordWrap(h, width)
			if len(w) > helpLines {
				w = w[:helpLines]
				w[helpLines-1] = cmdutil.Clip(w[helpLines-1]+" …", width)
			}
			wrapped[k] = w
		}
		most = max(most, len(wrapped[k]))
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

// playState is one `warlog play`: the campaign, the prompter and what it
// remembers between actions.
type playState struct {
	c    *cobra.Command
	app  *cmdutil.App
	p    *prompter
	svc  *campaigns.Service
	name string
	// dice is the campaign's dice setting as play's Dice? question says
	// it (rollForMe or enterDice): the question opens on it, and an answer
	// that changes it sets the campaign's.
	dice string
	// keys are the menu's keys, kept while the menu lasts.
	keys menuKeys
	// said is the status accessible mode last read out, line by line.
	said []string
	// game and status are the battle as the menu showed it; head the
	// status's first line.
	game   engines.State
	status engines.Status
	head   string
	// st is the campaign as the menu showed it.
	st *campaigns.State
}

// howOf is a Dice? answer as the campaign's setting, and back.
func howOf(answer string) campaigns.DiceHow {
	if answer == enterDice {
		return campaigns.DiceAtTable
	}
	return campaigns.DiceByProgram
}

func answerOf(h campaigns.DiceHow) string {
	if h == campaigns.DiceAtTable {
		return enterDice
	}
	return rollForMe
}

// errSetDice: the Dice? answer changes the campaign's setting, which is
// written before the action is decided again with that answer.
var errSetDice = errors.New("the dice setting changes")

// statusChanges is what accessible mode reads out before the menu: the
// whole status the first time, then only its lines that changed (the
// header always, as the turn and phase say where the game is), and how to
// hear it all; nothing but the header when nothing changed.
func (ps *playState) statusChanges(now []string) []string {
	was := ps.said
	ps.said = now
	if was == nil {
		return now
	}
	seen := map[string]int{}
	for _, l := range was {
		seen[l]++
	}
	var changed []string
	for _, l := range now[1:] {
		if seen[l] > 0 {
			seen[l]--
			continue
		}
		changed = append(changed, l)
	}
	out := []string{now[0]}
	switch len(changed) {
	case 0:
		out = append(out, "Nothing else changed (s: the full status).")
	default:
		out = append(out, fmt.Sprintf("Changed (%d of %s; s: the full status):", len(changed), words.Count(len(now), "line", "lines")))
		out = append(out, changed...)
	}
	return out
}

// onMap draws the map a question's squares are picked on: the game's
// status with the map alone, each square offered marked with the key
// that picks it. ok is false unless every option is a square of a map the
// status draws, each with a key, and the full screen shows it.
func (ps *playState) onMap(opts []engines.Pick) (func(w, h int, about string) []string, bool) {
	sq, ok := ps.game.(engines.Squares)
	if !ok || ps.p.accessible {
		return nil, false
	}
	first, last, ok := sq.MapNotes()
	if !ok || last >= len(ps.status.Notes) {
		return nil, false
	}
	notes := slices.Clone(ps.status.Notes[first : last+1])
	for _, it := range oneKeyEach(pickItems(opts)) {
		n, col, width, ok := sq.Square(it.value)
		if !ok || it.key == "" || n < first || n > last {
			return nil, false
		}
		row := []rune(notes[n-first])
		if col+width > len(row) {
			row = append(row, []rune(strings.Repeat(" ", col+width-len(row)))...)
		}
		copy(row[col:col+width], []rune(fmt.Sprintf("%*s", width, "("+it.key+")")))
		notes[n-first] = string(row)
	}
	head := ps.head
	return func(w, h int, _ string) []string {
		out := headLines(head, w)
		for _, n := range notes {
			out = append(out, cmdutil.Clip("  "+n, w))
		}
		if len(out) > h { // the header goes first, then the rows from the bottom
			out = out[len(out)-min(len(out), max(h, 1)):]
		}
		return out
	}, true
}

// keyEndTurn is the key of the action that ends the turn, in every turn.
const keyEndTurn = "e"

// menuKeys gives each action on the full-screen menu a key it keeps while
// the menu lasts (the same scenario, turn and phase): an action new to it
// takes the next key never given in it (1-9, then letters), so that a key
// never comes to mean another action; the end of the turn is always e.
// The menu lists the actions in the order their keys were given.
type menuKeys struct {
	lasts string
	keys  map[string]string
	given int
}

// items is the menu of choices while lasts (a new value starts a new
// menu); each item's value is its choice's index.
func (mk *menuKeys) items(lasts string, choices []engines.Choice) []item {
	if lasts != mk.lasts || mk.keys == nil {
		mk.lasts, mk.keys, mk.given = lasts, map[string]string{}, 0
	}
	used := map[string]bool{}
	rank := map[string]int{}
	out := make([]item, 0, len(choices)+4)
	for i, ch := range choices {
		id := ch.ID
		if id == "" {
			id = ch.Label
		}
		k, ok := mk.keys[id]
		switch {
		case ch.EndsTurn && !used[keyEndTurn]:
			k = keyEndTurn
			rank[k] = 1 << 30
		case !ok || used[k]:
			k = menuKeyAt(mk.given)
			mk.given++
			mk.keys[id] = k
		}
		if _, ok := rank[k]; !ok {
			rank[k] = keyIndex(k)
		}
		used[k] = true
		out = append(out, item{key: k, value: strconv.Itoa(i), label: ch.Label, help: ch.Help, endsTurn: ch.EndsTurn})
	}
	slices.SortStableFunc(out, func(a, b item) int { return rank[a.key] - rank[b.key] })
	return out
}

// menuLetters are the keys after 9: not b, c, q, u, e, r (Back, Correct,
// Quit, Undo, End turn, Redo), nor g, j, k (huh's cursor keys).
const menuLetters = "adfhilmnopstvwxyz"

// menuKeyAt is the n-th key given (from 0); "" past z (the arrows reach
// that line).
func menuKeyAt(n int) string {
	switch {
	case n < 9:
		return strconv.Itoa(n + 1)
	case n-9 < len(menuLetters):
		return menuLetters[n-9 : n-8]
	}
	return ""
}

// keyIndex is the order menuKeyAt gives k in.
func keyIndex(k string) int {
	if n, err := strconv.Atoi(k); err == nil {
		return n - 1
	}
	if i := strings.Index(menuLetters, k); k != "" && i >= 0 {
		return 9 + i
	}
	return 1 << 29
}

// redoable names what the menu's Redo would put back ("" when nothing
// can be): the newest undone action, while no new action has come since.
func (ps *playState) redoable(st *campaigns.State) string {
	can := st.CanRedo()
	if len(can) == 0 {
		return ""
	}
	acts, err := ps.svc.Actions(ps.c.Context(), ps.name)
	if err != nil {
		return ""
	}
	a, err := acts.Find(can[0])
	if err != nil {
		return ""
	}
	return a.Label
}

// redo puts back the last action undone.
func (ps *playState) redo() {
	res, err := ps.svc.Redo(ps.c.Context(), ps.name, 1, campaigns.Options{ActionID: ps.app.NextActionID()})
	if err != nil {
		ps.p.say(fmt.Sprintf("Refused: %v", err))
		return
	}
	ps.p.say(res.Label)
}

// errStop ends play with exit status 0: Quit, or the end of piped input.
var errStop = errors.New("stop")

// leave says what was left and ends play: Esc and Ctrl-C exit 130 with
// nothing more said (the line said it), the end of piped input 0.
func (ps *playState) leave(err error, what string) error {
	fmt.Fprintln(ps.app.Out, what)
	if errors.Is(err, errInputEnded) {
		return errStop
	}
	return cmdutil.ErrLeft
}

func runPlay(c *cobra.Command, app *cmdutil.App, o *playOptions) error {
	if err := playLoop(c, app, o); !errors.Is(err, errStop) {
		return err
	}
	return nil
}

func playLoop(c *cobra.Command, app *cmdutil.App, o *playOptions) error {
	ctx := c.Context()
	name, err := app.CurrentCampaign(ctx)
	if err != nil {
		return err
	}
	svc, _ := app.Service()
	ps := &playState{c: c, app: app, p: newPrompter(ctx, app, o.accessible), svc: svc, name: name}
	p := ps.p
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
			return ps.offerReport()
		}
		wasIn = scenario
		s := g.Status()
		s.Campaign, s.Game = st.Name, st.Campaign.Game
		head := statusHead(s, st.Dice())
		ps.game, ps.status, ps.head, ps.dice, ps.st = g, s, head, answerOf(st.Dice()), st
		p.trail = nil
		if p.accessible {
			fmt.Fprintln(app.Out)
			for _, l := range ps.statusChanges(accessibleStatus(s, head)) {
				fmt.Fprintln(p.text, l)
			}
		} else {
			p.status = func(w, h int, about string) []string { return fitStatus(s, ps.head, w, h, about) }
		}
		choices := pr.Choices()
		var items []item
		if p.accessible {
			items = make([]item, 0, len(choices)+4)
			for i, ch := range choices {
				label := ch.Label
				if ch.Help != "" {
					label += " — " + ch.Help
				}
				items = append(items, item{key: strconv.Itoa(i + 1), value: strconv.Itoa(i), label: label, help: ch.Help, endsTurn: ch.EndsTurn})
			}
		} else {
			items = ps.keys.items(fmt.Sprintf("%s\x00%d\x00%s", s.Scenario, s.Turn, s.Phase), choices)
		}
		last, err := svc.LastInEffect(ctx, st)
		if err != nil {
			return err
		}
		// Accessible mode numbers these lines too, as ever, and takes
		// their letters besides.
		special := func(letter, value, label, help string) {
			k := letter
			if p.accessible {
				n := 1
				for _, it := range items {
					if _, err := strconv.Atoi(it.key); err == nil {
						n++
					}
				}
				k = strconv.Itoa(n)
			}
			items = append(items, item{key: k, value: value, label: label, help: help})
		}
		if last != nil {
			special("u", menuUndo, "Undo: "+last.Label, "take the last action back; nothing is deleted, and the same dice come back if it is made again")
		}
		// Redo and the full status (accessible mode) go by their letters
		// alone: the numbers of the lines after them stay as they were.
		if redo := ps.redoable(st); redo != "" {
			items = append(items, item{key: "r", value: menuRedo, label: "Redo: " + redo, help: "put back what was undone, with its own dice"})
		}
		recent, err := svc.RecentUnits(ctx, name, 8)
		if err != nil {
			return err
		}
		if len(recent) > 0 {
			special("c", menuCorrect, "Correct an earlier roll", "give the dice an earlier action should have had; every action after it is decided again with its own dice")
		}
		if p.accessible {
			items = append(items, item{key: "s", value: menuStatus, label: "Full status", help: "every line of the status, read again"})
		}
		special("q", menuQuit, "Quit (everything so far is saved)", "leave the game; everything recorded so far stays in the log")
		if p.accessible {
			for i := range items {
				switch items[i].value {
				case menuUndo:
					items = append(items, item{key: "u", value: menuUndo})
				case menuCorrect:
					items = append(items, item{key: "c", value: menuCorrect})
				case menuQuit:
					items = append(items, item{key: "q", value: menuQuit})
				}
				if items[i].endsTurn {
					items = append(items, item{key: keyEndTurn, value: items[i].value})
				}
			}
		}
		pick, err := p.choose("What now?", items, "0", true)
		switch {
		case errors.Is(err, errUndo):
			pick = menuUndo
		case errors.Is(err, cmdutil.ErrInterrupted), errors.Is(err, errInputEnded):
			return ps.leave(err, "Left the game; everything so far is saved.")
		case err != nil:
			return err
		}
		switch pick {
		case menuQuit:
			fmt.Fprintln(app.Out, "Left the game; everything so far is saved.")
			return nil
		case menuUndo:
			ps.undo()
			continue
		case menuRedo:
			ps.redo()
			continue
		case menuStatus:
			for _, l := range accessibleStatus(s, head) {
				fmt.Fprintln(p.text, l)
			}
			ps.said = accessibleStatus(s, head)
			continue
		case menuCorrect:
			if err := ps.after(ps.correct(recent), "Left the game; the correction was not recorded."); err != nil {
				return err
			}
			continue
		}
		i, _ := strconv.Atoi(pick)
		if err := ps.after(ps.play(choices[i]), "Left the game; the unfinished action was not recorded."); err != nil {
			return err
		}
	}
}

// after handles how an action's questions ended: Back is the menu again,
// u undoes, leaving says left (the error then ends play).
func (ps *playState) after(err error, left string) error {
	switch {
	case err == nil, errors.Is(err, errBack):
		return nil
	case errors.Is(err, errUndo):
		ps.undo()
		return nil
	case errors.Is(err, cmdutil.ErrInterrupted), errors.Is(err, errInputEnded):
		return ps.leave(err, left)
	}
	return err
}

// undo takes the last action back.
func (ps *playState) undo() {
	res, err := ps.svc.Undo(ps.c.Context(), ps.name, 1, "", campaigns.Options{ActionID: ps.app.NextActionID()})
	if err != nil {
		ps.p.say(fmt.Sprintf("Refused: %v", err))
		return
	}
	ps.p.say(res.Label)
}

// pickItems numbers a question's options.
func pickItems(picks []engines.Pick) []item {
	out := make([]item, len(picks))
	for i, pk := range picks {
		out[i] = item{key: strconv.Itoa(i + 1), value: pk.Value, label: pk.Label}
	}
	return out
}

func labelOf(picks []engines.Pick, v string) string {
	for _, pk := range picks {
		if pk.Value == v {
			return pk.Label
		}
	}
	return v
}

// wholeRoll carries every die of an action typed at its first question:
// the action is then decided on them as on `--dice`.
type wholeRoll struct{ faces []int }

func (w *wholeRoll) Error() string { return "the whole roll was given" }

// parseFaces reads "6 2 3", "6,2,3" or "6".
func parseFaces(s string) ([]int, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
	if len(fields) == 0 {
		return nil, errors.New("a die is needed")
	}
	out := make([]int, len(fields))
	for i, f := range fields {
		x, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("%q is not a number", f)
		}
		out[i] = x
	}
	return out, nil
}

// play asks a choice's questions (Back steps to the previous one; from the
// first, to the menu), then records it, asking how to roll at the first
// die the rules need (never for an action that rolls nothing).
func (ps *playState) play(ch engines.Choice) error {
	p, app := ps.p, ps.app
	if ch.Confirm != "" {
		v, err := p.choose(ch.Confirm, []item{{key: "1", value: "yes", label: "Yes"}, {key: "2", value: "no", label: "No: back to the menu"}}, "no", false)
		if err != nil {
			return err
		}
		if v != "yes" {
			return errBack
		}
	}
	answers := map[string]string{}
	type step struct{ q, trail int }
	var asked []step
	// back steps to the last question asked; from the first, errBack
	// leaves the action for the menu.
	back := func() (int, error) {
		if len(asked) == 0 {
			return 0, errBack
		}
		s := asked[len(asked)-1]
		asked = asked[:len(asked)-1]
		p.trail = p.trail[:s.trail]
		for _, q := range ch.Questions[s.q:] {
			delete(answers, q.Key)
		}
		return s.q, nil
	}
	i := 0
	for {
		for i < len(ch.Questions) {
			q := ch.Questions[i]
			at := step{q: i, trail: len(p.trail)}
			var v, shown string
			var err error
			if q.Options != nil {
				opts := q.Options(answers)
				switch len(opts) {
				case 0:
					fmt.Fprintf(app.Out, "Nothing can be chosen for %q now.\n", q.Prompt)
					return nil
				case 1:
					p.note(fmt.Sprintf("%s %s (the only choice)", q.Prompt, opts[0].Label))
					answers[q.Key] = opts[0].Value
					i++
					continue
				}
				if marks, ok := ps.onMap(opts); ok {
					v, err = p.chooseOnMap(q.Prompt, pickItems(opts), opts[0].Value, marks)
				} else {
					v, err = p.choose(q.Prompt, pickItems(opts), opts[0].Value, false)
				}
				shown = labelOf(opts, v)
			} else {
				v, err = p.ask(q.Prompt, "", func(s string) error {
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
				shown = v
			}
			if errors.Is(err, errBack) {
				if i, err = back(); err != nil {
					return err
				}
				continue
			}
			if err != nil {
				return err
			}
			answers[q.Key] = v
			asked = append(asked, at)
			if !p.accessible {
				p.note(q.Prompt + " " + shown)
			}
			i++
		}
		err := ps.record(ch, answers)
		if errors.Is(err, errBack) {
			if i, err = back(); err != nil {
				return err
			}
			continue
		}
		return err
	}
}

// record builds the choice's command from the answers and decides it,
// asking for the dice as the rules need them. Back at the dice question
// returns errBack; Back at a die asks the dice question again.
func (ps *playState) record(ch engines.Choice, answers map[string]string) error {
	p, app := ps.p, ps.app
	cmd, err := ch.Build(answers)
	if err != nil {
		p.say(fmt.Sprintf("Refused: %v", err))
		return nil
	}
	id := app.NextActionID()
	trail := len(p.trail)
	how := ""
	// collect: the answer changes the campaign's dice setting to the
	// table's; the dice are asked on a decision of play's own, which
	// writes nothing, so that Back leaves nothing written; the setting and
	// the action are written once every die is in.
	collect := false
	// opens is the answer the Dice? question opens on: the campaign's
	// setting, then the answer last given to it here.
	opens := ps.dice
	for {
		if how == "" {
			p.trail = p.trail[:trail]
		}
		redo := errors.New("ask the dice question again")
		dieBack := errors.New("ask the first die again")
		// typed are the faces given so far to this try of the action.
		var typed []int
		ask := func(n dice.Need, index int) (int, error) {
			if how == "" {
				picks := []engines.Pick{{Value: rollForMe, Label: "Roll for me"}, {Value: enterDice, Label: "I roll at the table and enter my dice"}}
				v, err := p.choose("Dice?", pickItems(picks), opens, false)
				if err != nil {
					return 0, err
				}
				how, opens = v, v
				if !p.accessible {
					p.note("Dice? " + labelOf(picks, v))
				}
				if v != ps.dice {
					return 0, errSetDice
				}
			}
			if how == rollForMe {
				return 0, dice.ErrUseProgram
			}
			desc := ""
			if index == 1 {
				desc = "Type the whole roll at once (6 2 3 or 6,2,3), or this die alone."
			}
			which := fmt.Sprintf("Die %d", index)
			if total, ok := ps.st.DiceNeeded(cmd, typed); ok {
				which = fmt.Sprintf("Die %d of %d", index, total)
				if total == 1 {
					desc = "" // the die is the whole roll
				}
			}
			v, err := p.ask(fmt.Sprintf("%s: %s, d%d (1-%d):", which, n.Purpose, n.Sides, n.Sides), desc, func(s string) error {
				faces, err := parseFaces(s)
				if err == nil && len(faces) > 1 && index > 1 {
					err = errors.New("one die here")
				}
				for _, x := range faces {
					if err == nil && (x < 1 || x > n.Sides) {
						err = errors.New("no face")
					}
				}
				if err != nil {
					return fmt.Errorf("%q is not a face of a d%d: give 1 to %d", s, n.Sides, n.Sides)
				}
				return nil
			})
			if errors.Is(err, errBack) {
				if index > 1 {
					return 0, dieBack
				}
				return 0, redo
			}
			if err != nil {
				return 0, err
			}
			faces, _ := parseFaces(v)
			if len(faces) > 1 {
				return 0, &wholeRoll{faces: faces}
			}
			typed = append(typed, faces[0])
			return faces[0], nil
		}
		var res *campaigns.Result
		var whole *wholeRoll
		if collect {
			var faces []int
			faces, err = ps.askDice(cmd, ask)
			if errors.As(err, &whole) {
				// A whole roll is checked before the setting is
				// written: one of the wrong count writes nothing.
				faces, whole = whole.faces, nil
				if err = ps.fits(cmd, faces); errors.Is(err, dice.ErrTooFew) || errors.Is(err, dice.ErrTooMany) || errors.Is(err, dice.ErrOutRange) {
					p.say(fmt.Sprintf("Not recorded: %v; enter the roll again.", err))
					continue
				}
			}
			if err == nil {
				if err = ps.setDice(how); err != nil {
					p.say(fmt.Sprintf("Refused: %v", err))
					return nil
				}
				collect = false
				whole = &wholeRoll{faces: faces}
			}
		} else {
			res, err = ps.svc.Do(ps.c.Context(), ps.name, ch.Game, cmd, campaigns.Options{ActionID: id, Ask: ask})
		}
		if errors.As(err, &whole) || whole != nil {
			res, err = ps.svc.Do(ps.c.Context(), ps.name, ch.Game, cmd, campaigns.Options{ActionID: id, Dice: whole.faces})
			if errors.Is(err, dice.ErrTooFew) || errors.Is(err, dice.ErrTooMany) || errors.Is(err, dice.ErrOutRange) {
				p.say(fmt.Sprintf("Not recorded: %v; enter the roll again.", err))
				continue
			}
		}
		switch {
		case errors.Is(err, errSetDice):
			if how == enterDice {
				collect = true
				continue
			}
			// The program rolls: nothing more is asked, so the setting
			// is written now, then the action decided on it.
			if err := ps.setDice(how); err != nil {
				p.say(fmt.Sprintf("Refused: %v", err))
				return nil
			}
			continue
		case errors.Is(err, redo):
			how, collect = "", false
			continue
		case errors.Is(err, dieBack): // the action is decided again from its first die
			continue
		case errors.Is(err, errBack), errors.Is(err, errUndo), errors.Is(err, cmdutil.ErrInterrupted), errors.Is(err, errInputEnded):
			return err
		case err != nil:
			p.say(fmt.Sprintf("Refused: %v", err))
			return nil
		}
		p.say(res.Label)
		return nil
	}
}

// askDice asks the dice of cmd as the rules need them, on a decision of
// play's own on the battle as the menu showed it: nothing is written.
func (ps *playState) askDice(cmd engines.Command, ask func(dice.Need, int) (int, error)) ([]int, error) {
	roller := dice.NewAskingRoller(ps.st.Campaign.Seed, ps.st.ProgramDice, ask)
	if err := ps.st.Engine().Decide(ps.game, cmd, engines.NewDecision(roller)); err != nil {
		return nil, err
	}
	return roller.Entered(), nil
}

// fits decides cmd on the battle as the menu showed it with faces as its
// dice, writing nothing: nil when they are its dice.
func (ps *playState) fits(cmd engines.Command, faces []int) error {
	roller := dice.NewRoller(0, 0, faces)
	if err := ps.st.Engine().Decide(ps.game, cmd, engines.NewDecision(roller)); err != nil {
		return err
	}
	return roller.Finish()
}

// setDice writes a Dice? answer as the campaign's setting.
func (ps *playState) setDice(answer string) error {
	set, err := ps.svc.SetDice(ps.c.Context(), ps.name, howOf(answer), campaigns.Options{ActionID: ps.app.NextActionID()})
	if err != nil && !errors.Is(err, campaigns.ErrNothing) {
		return err
	}
	ps.dice = answer
	if set != nil {
		ps.head = statusHead(ps.status, set.State.Dice())
	}
	return nil
}

// correct lists the recent actions that rolled dice, newest first, asks
// which one to correct and its dice anew: the whole roll at once, or die
// by die (an empty answer keeps a die; Back at a die is the one before),
// and amends it. A correction that makes later actions illegal says which
// and offers to drop them (as --drop-refused does).
func (ps *playState) correct(recent []campaigns.Unit) error {
	p, app := ps.p, ps.app
	picks := make([]engines.Pick, 0, len(recent))
	for i := len(recent) - 1; i >= 0; i-- {
		u := recent[i]
		picks = append(picks, engines.Pick{Value: strconv.Itoa(i), Label: fmt.Sprintf("%s (dice %s)", u.Label, diceText(u.Dice()))})
	}
	pick, err := p.choose("Which roll was wrong?", pickItems(picks), picks[0].Value, false)
	if err != nil {
		return err
	}
	i, _ := strconv.Atoi(pick)
	u := recent[i]
	type die struct {
		sides, was int
		purpose    string
	}
	var dice []die
	for _, r := range u.Rolls {
		for _, was := range r.Values {
			dice = append(dice, die{sides: r.Sides, was: was, purpose: r.Purpose})
		}
	}
	faces := make([]int, 0, len(dice))
	for len(faces) < len(dice) {
		n := len(faces)
		d := dice[n]
		desc := ""
		if n == 0 && len(dice) > 1 {
			desc = fmt.Sprintf("Type the whole roll at once (%s: %s), or this die alone.", words.Count(len(dice), "die", "dice"), diceText(u.Dice()))
		}
		v, err := p.ask(fmt.Sprintf("Die %d of %d: %s, d%d (was %d; Enter keeps it):", n+1, len(dice), d.purpose, d.sides, d.was), desc, func(s string) error {
			if s == "" {
				return nil
			}
			got, err := parseFaces(s)
			if err == nil && len(got) > 1 && (n > 0 || len(got) != len(dice)) {
				if n > 0 {
					return fmt.Errorf("%q: one die here (the whole roll goes at the first die)", s)
				}
				return fmt.Errorf("%q: the roll has %s, not %d", s, words.Count(len(dice), "die", "dice"), len(got))
			}
			for j, x := range got {
				if err == nil && (x < 1 || x > dice[n+j].sides) {
					err = errors.New("no face")
				}
			}
			if err != nil {
				return fmt.Errorf("%q is not a face of a d%d: give 1 to %d", s, d.sides, d.sides)
			}
			return nil
		})
		if errors.Is(err, errBack) && n > 0 {
			faces = faces[:n-1]
			continue
		}
		if err != nil {
			return err
		}
		if v == "" {
			faces = append(faces, d.was)
			continue
		}
		got, _ := parseFaces(v)
		faces = append(faces, got...)
	}
	o := campaigns.AmendOptions{Dice: faces, ActionID: app.NextActionID()}
	res, err := ps.svc.Amend(ps.c.Context(), ps.name, u.ID, o)
	var refused *campaigns.AmendRefusedError
	if errors.As(err, &refused) {
		labels := make([]string, len(refused.Refusals))
		for i, r := range refused.Refusals {
			labels[i] = fmt.Sprintf("%q: %s", r.Label, r.Reason)
		}
		q := fmt.Sprintf("With these dice %s no longer legal: %s. Correct the roll and drop %s?",
			oneMany(len(labels), "a later action is", "later actions are"), strings.Join(labels, "; "), oneMany(len(labels), "it", "them"))
		v, cerr := p.choose(q, []item{{key: "1", value: "yes", label: "Yes: drop " + oneMany(len(labels), "it", "them")}, {key: "2", value: "no", label: "No: write nothing"}}, "no", false)
		if cerr != nil {
			return cerr
		}
		if v != "yes" {
			p.say("Nothing was written.")
			return nil
		}
		o.DropRefused = true
		res, err = ps.svc.Amend(ps.c.Context(), ps.name, u.ID, o)
	}
	if err != nil {
		p.say(fmt.Sprintf("Refused: %v", err))
		return nil
	}
	p.say(res.Label)
	return nil
}

// oneMany is one when n is 1, else many.
func oneMany(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func diceText(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
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
