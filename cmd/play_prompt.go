package cmd

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/huh"
	"github.com/charmbracelet/x/term"

	"colorquery"

	"warlog/cmd/cmdutil"
	"warlog/internal/termsafe"
)

// What a prompt may answer besides a value.
var (
	// errBack: the player stepped back to the previous question (b, Esc).
	errBack = errors.New("back")
	// errUndo: the player asked to undo the last action (u) from a
	// question of an action not yet recorded, which is dropped.
	errUndo = errors.New("undo")
	// errInputEnded: piped input ran out; play leaves as if Quit were chosen.
	errInputEnded = errors.New("the input ended")
)

// item is one line of a menu: the key that picks it ("1", "u"), the value
// play gets, the label shown and the help shown while it is highlighted.
type item struct {
	key, value, label, help string
	// endsTurn marks the action that ends the turn (its key is e).
	endsTurn bool
}

// numbered gives picks the keys 1, 2, 3, ...
func numbered(values, labels, helps []string) []item {
	out := make([]item, len(values))
	for i := range values {
		out[i] = item{key: strconv.Itoa(i + 1), value: values[i], label: labels[i]}
		if helps != nil {
			out[i].help = helps[i]
		}
	}
	return out
}

// prompter asks questions, full-screen (huh fields inside a small bubbletea
// program that adds the number keys, u, b and Esc) or accessible (plain
// numbered lines read from stdin).
type prompter struct {
	ctx        context.Context
	in         io.Reader
	out        io.Writer
	accessible bool
	lines      *lineReader
	// status is the block shown above every full-screen question, fitted
	// to the terminal; trail the answers given so far in this action.
	status func(width, height int, about string) []string
	trail  []string
	// said is the last line play wrote above the questions (an action's
	// outcome): the full-screen question leaves it room on the screen.
	said string
	// text is out for plain lines: control characters a log's names may
	// carry are shown, not obeyed.
	text io.Writer
	// typed are keys typed before the first question could read them
	// (while the terminal was asked its background): the first question
	// takes them as if typed at it.
	typed []tea.KeyMsg
}

// say writes a line above the questions: an outcome, a refusal.
// Full-screen it is broken between words to the terminal's width, so the
// terminal never wraps it.
func (p *prompter) say(s string) {
	if !p.accessible {
		w, _ := p.size()
		s = strings.Join(cmdutil.WordWrap(s, w), "\n")
	}
	fmt.Fprintln(p.text, s)
	p.said = s
}

// saidLines is how many lines the last thing said takes.
func (p *prompter) saidLines() int {
	if p.said == "" {
		return 0
	}
	return strings.Count(p.said, "\n") + 1
}

func newPrompter(ctx context.Context, app *cmdutil.App, forceAccessible bool) *prompter {
	// Play draws the terminal itself (Screen); what it writes as text, and
	// every name it puts on the screen, is made safe on the way (termsafe).
	p := &prompter{ctx: ctx, in: app.In, out: app.Screen()}
	p.text = termsafe.NewWriter(p.out)
	f, isFile := app.In.(*os.File)
	tty := isFile && term.IsTerminal(f.Fd())
	p.accessible = forceAccessible || app.Getenv("ACCESSIBLE") != "" || app.Getenv("TERM") == "dumb" || !tty
	if p.accessible {
		p.lines = newLineReader(app.In)
		return p
	}
	// The one question warlog puts to the terminal, and only here: never
	// in accessible mode or from piped input, and never a wait longer
	// than a keypress; the keys typed meanwhile are kept for the first
	// question.
	if out, ok := p.out.(*os.File); ok {
		p.typed = typedKeys(colorquery.Detect(f, out, colorWait))
	}
	return p
}

// colorWait is the longest play waits for the terminal to say its
// background: a terminal that does not answer costs no more than this.
const colorWait = 200 * time.Millisecond

// size is the terminal's width and height (80x24 when it cannot be read).
func (p *prompter) size() (int, int) {
	if f, ok := p.out.(*os.File); ok {
		if w, h, err := term.GetSize(f.Fd()); err == nil && w > 0 && h > 0 {
			return w, h
		}
	}
	return 80, 24
}

// note says something about the action being built: an answer given for
// the player, or the player's own. Full-screen it joins the trail above the
// question; accessible it is a line of its own.
func (p *prompter) note(s string) {
	if p.accessible {
		fmt.Fprintln(p.text, s)
		return
	}
	p.trail = append(p.trail, s)
}

// choose asks for one of items. On every menu but the top one a Back line
// is added (b, or Esc). u undoes: the menu's own Undo line when it has one,
// else errUndo. def is the value highlighted first (the empty answer in
// accessible mode).
func (p *prompter) choose(title string, items []item, def string, top bool) (string, error) {
	if !top {
		items = append(items, item{key: "b", value: "\x00back", label: "Back"})
	}
	var v string
	var err error
	if p.accessible {
		v, err = p.chooseLines(title, items, def)
	} else {
		v, err = p.chooseScreen(title, items, def, top)
	}
	if err != nil {
		return "", err
	}
	if v == "\x00back" {
		return "", errBack
	}
	return v, nil
}

// ask reads free text, asking again until check accepts it. A lone "b" or
// "u" that check refuses means back or undo; so does Esc full-screen.
func (p *prompter) ask(title, desc string, check func(string) error) (string, error) {
	full := func(s string) error {
		s = strings.TrimSpace(s)
		if err := check(s); err != nil {
			switch s {
			case "b", "u":
				return nil
			}
			return err
		}
		return nil
	}
	var v string
	var err error
	if p.accessible {
		v, err = p.askLines(title, desc, full)
	} else {
		v, err = p.askScreen(title, desc, full)
	}
	if err != nil {
		return "", err
	}
	v = strings.TrimSpace(v)
	if check(v) != nil {
		switch v {
		case "b":
			return "", errBack
		case "u":
			return "", errUndo
		}
	}
	return v, nil
}

// ---- accessible: numbered lines ----

// lineReader reads stdin's lines on its own goroutine, so that a question
// waiting for a line still leaves on Ctrl-C (the context's cancellation).
type lineReader struct {
	lines chan string
	done  chan struct{}
}

func newLineReader(r io.Reader) *lineReader {
	l := &lineReader{lines: make(chan string), done: make(chan struct{})}
	go func() {
		defer close(l.done)
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			l.lines <- sc.Text()
		}
	}()
	return l
}

func (l *lineReader) next(ctx context.Context) (string, error) {
	select {
	case s := <-l.lines:
		return s, nil
	case <-l.done:
		return "", errInputEnded
	case <-ctx.Done():
		return "", cmdutil.ErrInterrupted
	}
}

func (p *prompter) chooseLines(title string, items []item, def string) (string, error) {
	fmt.Fprintf(p.text, "%s \n", title)
	numbers := 0
	for _, it := range items {
		if it.label == "" { // another key for a line listed already
			continue
		}
		fmt.Fprintf(p.text, "%s. %s\n", it.key, it.label)
		if _, err := strconv.Atoi(it.key); err == nil {
			numbers++
		}
	}
	prompt := fmt.Sprintf("Enter a number between 1 and %d: ", numbers)
	if numbers == 1 {
		prompt = "There is only one option available; enter the number 1:"
	}
	for {
		fmt.Fprint(p.text, prompt)
		s, err := p.lines.next(p.ctx)
		if err != nil {
			fmt.Fprintln(p.text)
			return "", err
		}
		s = strings.TrimSpace(s)
		if s == "" {
			fmt.Fprintln(p.text)
			return def, nil
		}
		for _, it := range items {
			if strings.EqualFold(s, it.key) {
				fmt.Fprintln(p.text)
				return it.value, nil
			}
		}
		if s == "u" {
			fmt.Fprintln(p.text)
			return "", errUndo
		}
		fmt.Fprintf(p.text, "Invalid: must be a number between 1 and %d\n", numbers)
	}
}

// askLines asks for a line of text; desc, when given, is a line of its
// own said once before the question (full-screen shows it under it).
func (p *prompter) askLines(title, desc string, check func(string) error) (string, error) {
	if desc != "" {
		fmt.Fprintln(p.text, desc)
	}
	for {
		fmt.Fprintf(p.text, "%s ", title)
		s, err := p.lines.next(p.ctx)
		if err != nil {
			fmt.Fprintln(p.text)
			return "", err
		}
		fmt.Fprintln(p.text)
		if err := check(s); err != nil {
			fmt.Fprintf(p.text, "%v; try again.\n", err)
			continue
		}
		return s, nil
	}
}

// ---- full-screen: huh fields with play's keys ----

// fieldModel runs one huh field and adds play's keys: a number picks a
// menu line (two digits when the menu has ten lines or more), a letter its
// line (u, b, q, c), Esc goes back (leaves at the top menu), Ctrl-C leaves.
// An input is checked on Enter; its error shows under it until the text is
// fixed. The status is drawn above the field, fitted to the terminal.
type fieldModel struct {
	p        *prompter
	form     *huh.Form
	field    huh.Field
	items    []item // a menu's lines; nil for an input
	keyRange string // "1-9", "1-9 a-e": the keys that pick actions
	value    *string
	check    func(string) error
	top      bool
	title    string
	// onMap, for a square picked on the map, says what Enter takes.
	onMap string

	err           error
	width, height int
	done          bool
	result        string
	outcome       error
}

func (m *fieldModel) Init() tea.Cmd {
	if len(m.p.typed) > 0 {
		return tea.Batch(m.form.Init(), func() tea.Msg { return typedMsg{} })
	}
	return m.form.Init()
}

// typedMsg asks the question to take the keys typed before it began.
type typedMsg struct{}

func (m *fieldModel) finish(result string, outcome error) (tea.Model, tea.Cmd) {
	m.done, m.result, m.outcome = true, result, outcome
	return m, tea.Quit
}

func (m *fieldModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case typedMsg:
		// The keys typed ahead, one by one, as if typed now; those after
		// the one that answers are the next question's.
		var cmds []tea.Cmd
		for len(m.p.typed) > 0 && !m.done {
			k := m.p.typed[0]
			m.p.typed = m.p.typed[1:]
			_, cmd := m.Update(k)
			cmds = append(cmds, cmd)
		}
		return m, tea.Batch(cmds...)
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		// The field gets what the header, the outcome above it, the
		// trail and the key help leave; huh scrolls a longer menu
		// within it.
		msg.Height = max(4, msg.Height-5-len(m.p.trail)-m.p.saidLines())
		_, cmd := m.form.Update(msg)
		return m, cmd
	case tea.KeyMsg:
		k := msg.String()
		switch k {
		case "ctrl+c":
			return m.finish("", cmdutil.ErrInterrupted)
		case "esc":
			if m.top {
				return m.finish("", cmdutil.ErrInterrupted)
			}
			return m.finish("", errBack)
		}
		if m.items != nil {
			if r, ok := m.menuKey(k); ok {
				return r()
			}
		} else if k == "enter" {
			v := strings.TrimSpace(*m.value)
			if m.err = m.check(v); m.err != nil {
				return m, nil
			}
			return m.finish(v, nil)
		}
		_, cmd := m.form.Update(msg)
		if m.items == nil && m.err != nil {
			// The error line stays only while the text is still wrong.
			m.err = m.check(strings.TrimSpace(*m.value))
		}
		return m, m.after(cmd)
	}
	_, cmd := m.form.Update(msg)
	return m, m.after(cmd)
}

// after ends the program once huh has taken the highlighted line.
func (m *fieldModel) after(cmd tea.Cmd) tea.Cmd {
	if m.form.State == huh.StateCompleted {
		m.done, m.result = true, *m.value
		return tea.Quit
	}
	return cmd
}

// menuKey handles a menu's keys: each line's own key picks it; u undoes
// on a menu without an Undo line.
func (m *fieldModel) menuKey(k string) (func() (tea.Model, tea.Cmd), bool) {
	for _, it := range m.items {
		if it.key == k && k != "" {
			return func() (tea.Model, tea.Cmd) { return m.finish(it.value, nil) }, true
		}
	}
	if k == "u" {
		return func() (tea.Model, tea.Cmd) { return m.finish("", errUndo) }, true
	}
	return nil, false
}

func (m *fieldModel) View() string {
	// Nothing before the terminal's size is known: a first frame taller
	// than the screen would scroll the last outcome away.
	if m.done || m.width == 0 {
		return ""
	}
	w, h := m.width, m.height
	field := strings.Split(strings.TrimRight(m.form.View(), "\n"), "\n")
	var foot []string
	switch {
	case m.err != nil:
		foot = append(foot, cmdutil.Clip("✗ "+termsafe.String(m.err.Error()), w))
	}
	for _, it := range m.items {
		if it.value == menuUndo || it.value == menuRedo {
			foot = append(foot, cmdutil.Clip(it.key+" "+strings.ToLower(it.label[:1])+termsafe.String(it.label[1:]), w))
		}
	}
	foot = append(foot, cmdutil.Clip(m.keyHelp(), w))
	var trail []string
	for _, t := range m.p.trail {
		trail = append(trail, cmdutil.Clip(termsafe.String(t), w))
	}
	room := h - len(field) - len(foot) - len(trail) - 1
	room -= m.p.saidLines()
	var out []string
	if m.p.status != nil {
		for _, l := range m.p.status(w, max(1, room), m.about()) {
			out = append(out, termsafe.String(l))
		}
	}
	out = append(out, trail...)
	out = append(out, field...)
	out = append(out, "")
	out = append(out, foot...)
	return strings.Join(out, "\n")
}

// about is the question's text: its title, its lines and the answers so
// far (the status keeps the figures it names on the screen).
func (m *fieldModel) about() string {
	parts := append([]string{m.title}, m.p.trail...)
	for _, it := range m.items {
		if it.value != "" && it.value[0] != 0 {
			parts = append(parts, it.label)
		}
	}
	return strings.Join(parts, "\n")
}

// keyHelp is the last line: the keys. The menu's own letters (Correct,
// Quit) are here rather than lines of the menu, so that a long menu never
// pushes them off the screen; Undo and Redo have a line of their own
// above it, saying what they take back or put back.
func (m *fieldModel) keyHelp() string {
	if m.items == nil {
		return "enter submit • esc back • ctrl+c leave"
	}
	if m.onMap != "" {
		return strings.Join([]string{m.keyRange + " pick on the map", termsafe.String(m.onMap), "u undo", "b/esc back"}, " • ")
	}
	parts := []string{"↑↓ enter", m.keyRange + " pick"}
	hasUndo := false
	for _, it := range m.items {
		switch {
		case it.endsTurn && it.key == keyEndTurn:
			parts = append(parts, "e end turn")
		case it.value == menuUndo:
			hasUndo = true
		case it.value == menuCorrect:
			parts = append(parts, "c correct a roll")
		case it.value == menuQuit:
			parts = append(parts, "q quit")
		}
	}
	if !hasUndo {
		parts = append(parts, "u undo")
	}
	if m.top {
		parts = append(parts, "esc leave")
	} else {
		parts = append(parts, "b/esc back")
	}
	return strings.Join(parts, " • ")
}

// onMenu says whether an item is a line of the full-screen menu: Back,
// Undo, Redo, Correct and Quit are keys named under it instead.
func onMenu(it item) bool {
	return it.value == "" || it.value[0] != 0
}

// oneKeyEach gives the lines numbered 10 and above a letter instead
// (a, d, f, h, ...: b, c, q, u, e and r keep their meaning, and g, j and k
// move the cursor as in huh), so that one key picks any line.
func oneKeyEach(items []item) []item {
	used := map[string]bool{}
	for _, it := range items {
		used[it.key] = true
	}
	out := make([]item, len(items))
	next := 'a'
	for i, it := range items {
		if n, err := strconv.Atoi(it.key); err == nil && n > 9 {
			for used[string(next)] || strings.ContainsRune("bcqugjker", next) {
				next++
			}
			it.key = "" // past z: the arrows reach it
			if next <= 'z' {
				it.key = string(next)
				used[it.key] = true
			}
		}
		out[i] = it
	}
	return out
}

// keyRange names the keys that pick a menu's numbered lines.
func keyRange(items []item) string {
	var digits, letters []string
	for _, it := range items {
		if it.key >= "1" && it.key <= "9" {
			digits = append(digits, it.key)
		} else if len(it.key) == 1 && it.value[0] != 0 && !it.endsTurn {
			letters = append(letters, it.key)
		}
	}
	r := ""
	switch len(digits) {
	case 0:
	case 1:
		r = digits[0]
	default:
		r = digits[0] + "-" + digits[len(digits)-1]
	}
	if len(letters) > 0 {
		r += " " + letters[0] + "-" + letters[len(letters)-1]
	}
	return strings.TrimSpace(r)
}

func (p *prompter) run(m *fieldModel) (string, error) {
	km := huh.NewDefaultKeyMap()
	km.Quit = key.NewBinding(key.WithDisabled())
	km.Select.Filter.SetEnabled(false)
	km.Input.Prev.SetEnabled(false)
	km.Input.Next = key.NewBinding(key.WithKeys("enter"))
	m.form = huh.NewForm(huh.NewGroup(m.field)).WithShowHelp(false).WithKeyMap(km)
	m.form.SubmitCmd, m.form.CancelCmd = nil, nil
	_, err := tea.NewProgram(m, tea.WithInput(p.in), tea.WithOutput(p.out), tea.WithContext(p.ctx)).Run()
	if err != nil {
		if errors.Is(err, tea.ErrProgramKilled) || errors.Is(err, tea.ErrInterrupted) || p.ctx.Err() != nil {
			return "", cmdutil.ErrInterrupted
		}
		return "", err
	}
	return m.result, m.outcome
}

func (p *prompter) chooseScreen(title string, items []item, def string, top bool) (string, error) {
	w, _ := p.size()
	m := &fieldModel{p: p, items: items, top: top, value: new(string)}
	*m.value = def
	if def == "" && len(items) > 0 {
		*m.value = items[0].value
	}
	var opts []huh.Option[string]
	help := map[string]string{}
	hasHelp := false
	items = oneKeyEach(items)
	m.items, m.title = items, title
	m.keyRange = keyRange(items)
	for _, it := range items {
		if !onMenu(it) {
			continue
		}
		label := "   " + termsafe.String(it.label)
		if it.key != "" {
			label = it.key + ". " + termsafe.String(it.label)
		}
		opts = append(opts, huh.NewOption(cmdutil.Clip(label, w-6), it.value))
		help[it.value] = termsafe.String(it.help)
		hasHelp = hasHelp || it.help != ""
	}
	if !slices.ContainsFunc(items, func(it item) bool { return it.value == *m.value && onMenu(it) }) && len(opts) > 0 {
		*m.value = opts[0].Value
	}
	sel := huh.NewSelect[string]().Title(termsafe.String(title)).Options(opts...).Value(m.value)
	if hasHelp {
		// Every help is wrapped and padded to the same height, shown from
		// the first frame: huh sizes the form once, and a longer help
		// later would push the last lines off the menu.
		fixed := evenHelp(help, min(64, w-4))
		sel = sel.Description(fixed[*m.value]).DescriptionFunc(func() string { return fixed[*m.value] }, m.value)
	}
	m.field = sel
	return p.run(m)
}

func (p *prompter) askScreen(title, desc string, check func(string) error) (string, error) {
	w, _ := p.size()
	m := &fieldModel{p: p, check: check, value: new(string), title: title}
	in := huh.NewInput().Title(termsafe.String(title)).Value(m.value)
	if desc != "" {
		in = in.Description(cmdutil.Clip(termsafe.String(desc), w-4))
	}
	m.field = in
	return p.run(m)
}

// typedKeys reads the keys in what a terminal sent: letters and digits,
// Enter, Backspace, Tab, Esc, the arrows and Ctrl-C (what play's questions
// take); anything else is dropped.
func typedKeys(b []byte) []tea.KeyMsg {
	var out []tea.KeyMsg
	arrows := map[byte]tea.KeyType{'A': tea.KeyUp, 'B': tea.KeyDown, 'C': tea.KeyRight, 'D': tea.KeyLeft}
	for len(b) > 0 {
		switch c := b[0]; {
		case c == 0x1b && len(b) >= 3 && (b[1] == '[' || b[1] == 'O') && arrows[b[2]] != 0:
			out = append(out, tea.KeyMsg{Type: arrows[b[2]]})
			b = b[3:]
			continue
		case c == 0x1b:
			out = append(out, tea.KeyMsg{Type: tea.KeyEsc})
		case c == '\r' || c == '\n':
			out = append(out, tea.KeyMsg{Type: tea.KeyEnter})
		case c == 0x7f || c == 0x08:
			out = append(out, tea.KeyMsg{Type: tea.KeyBackspace})
		case c == '\t':
			out = append(out, tea.KeyMsg{Type: tea.KeyTab})
		case c == 0x03:
			out = append(out, tea.KeyMsg{Type: tea.KeyCtrlC})
		case c >= 0x20:
			r, n := utf8.DecodeRune(b)
			if r != utf8.RuneError {
				out = append(out, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
			}
			b = b[n:]
			continue
		}
		b = b[1:]
	}
	return out
}

// chooseOnMap asks for one of items, squares marked on the map status
// draws: the map stands in for the status and the menu's lines, and the
// key marked on a square picks it (Enter takes def). Accessible mode asks
// as choose does.
func (p *prompter) chooseOnMap(title string, items []item, def string, status func(w, h int, about string) []string) (string, error) {
	if p.accessible {
		return p.choose(title, items, def, false)
	}
	was := p.status
	p.status = status
	defer func() { p.status = was }()
	items = append(oneKeyEach(items), item{key: "b", value: "\x00back", label: "Back"})
	m := &fieldModel{p: p, items: items, title: title, value: new(string), keyRange: keyRange(items)}
	*m.value = def
	m.onMap = "enter takes " + labelOfItem(items, def)
	m.field = huh.NewNote().Title(termsafe.String(title))
	v, err := p.run(m)
	if err != nil {
		return "", err
	}
	if v == "\x00back" {
		return "", errBack
	}
	return v, nil
}

func labelOfItem(items []item, v string) string {
	for _, it := range items {
		if it.value == v {
			return it.label
		}
	}
	return v
}
