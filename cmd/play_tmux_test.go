package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// tmuxPlay drives `warlog play` in its full-screen form inside a detached
// tmux session: keys go in with send-keys, the screen comes back with
// capture-pane. Each wait polls the screen with a deadline, never a fixed
// sleep.
type tmuxPlay struct {
	t      *testing.T
	socket string
	target string
}

// tmuxWait is how long one screen may take to appear.
const tmuxWait = 20 * time.Second

func (p *tmuxPlay) tmux(args ...string) string {
	p.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-S", p.socket}, args...)...).CombinedOutput()
	if err != nil {
		p.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// screen is the visible pane, wrapped lines joined.
func (p *tmuxPlay) screen() string {
	p.t.Helper()
	return p.tmux("capture-pane", "-p", "-J", "-t", p.target)
}

func (p *tmuxPlay) keys(keys ...string) {
	p.t.Helper()
	p.tmux(append([]string{"send-keys", "-t", p.target}, keys...)...)
}

// waitFor polls the screen until ok accepts it.
func (p *tmuxPlay) waitFor(what string, ok func(string) bool) string {
	p.t.Helper()
	deadline := time.Now().Add(tmuxWait)
	for {
		s := p.screen()
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("waited %v for %s; the screen:\n%s", tmuxWait, what, s)
		}
		time.Sleep(40 * time.Millisecond)
	}
}

// waitText waits for text on the screen, whatever the line breaks in it
// (play breaks an outcome between words to the terminal's width).
func (p *tmuxPlay) waitText(text string) string {
	p.t.Helper()
	return p.waitFor(fmt.Sprintf("%q", text), func(s string) bool { return onScreen(s, text) })
}

func onScreen(screen, text string) bool {
	return strings.Contains(strings.Join(strings.Fields(screen), " "), strings.Join(strings.Fields(text), " "))
}

// field is the form at the bottom of the screen: its title, the
// description under it (a select's help for the highlighted option), and
// its lines (options of a select, with the cursor's index; or the input
// line).
type field struct {
	title  string
	desc   string
	lines  []string
	cursor int
}

// current reads the form whose title starts with title, if it is the last
// one on the screen.
func current(screen, title string) (field, bool) {
	lines := strings.Split(strings.TrimRight(screen, "\n "), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	at := -1
	for i, l := range lines {
		if strings.HasPrefix(l, "┃ "+title) {
			at = i
		}
	}
	if at < 0 {
		return field{}, false
	}
	f := field{title: strings.TrimPrefix(lines[at], "┃ "), cursor: -1}
	end := at + 1
	var desc []string
	for _, l := range lines[at+1:] {
		if !strings.HasPrefix(l, "┃") {
			break
		}
		end++
		opt := strings.TrimPrefix(l, "┃")
		// Options are indented ("   name") or carry the cursor (" > name");
		// the input line is " >". Text before the first of them is the
		// description, wrapped over as many lines as it needs.
		isLine := opt == " >" || strings.HasPrefix(opt, " > ") || strings.HasPrefix(opt, "   ")
		if !isLine && len(f.lines) == 0 {
			if d := strings.TrimSpace(opt); d != "" {
				desc = append(desc, d)
			}
			continue
		}
		if strings.HasPrefix(opt, " > ") {
			f.cursor = len(f.lines)
		}
		f.lines = append(f.lines, strings.TrimSpace(strings.TrimPrefix(opt, " > ")))
	}
	f.desc = strings.Join(desc, " ")
	// Nothing but blank lines and the key help may follow the form.
	for _, l := range lines[end:] {
		if l = strings.TrimSpace(l); l != "" && !strings.Contains(l, "enter") && !strings.HasPrefix(l, "u undo: ") && !strings.HasPrefix(l, "r redo: ") && !strings.HasPrefix(l, "✗ ") {
			return field{}, false
		}
	}
	return f, true
}

func (f field) index(option string) int {
	for i, l := range f.lines {
		if _, ok := hotkeyOf(l); ok {
			_, l, _ = strings.Cut(l, ". ")
		}
		if strings.HasPrefix(l, option) {
			return i
		}
	}
	return -1
}

// choose waits for the select titled title to offer option, moves the
// cursor onto it with the arrow keys and presses Enter.
func (p *tmuxPlay) choose(title, option string) {
	p.t.Helper()
	p.arrowTo(title, option, p.waitMenu(title, option), p.keys)
}

// waitMenu waits for the select titled title to offer option.
func (p *tmuxPlay) waitMenu(title, option string) field {
	p.t.Helper()
	var f field
	p.waitFor(fmt.Sprintf("%q offering %q", title, option), func(s string) bool {
		var ok bool
		f, ok = current(s, title)
		return ok && f.cursor >= 0 && f.index(option) >= 0
	})
	return f
}

// arrowTo moves the cursor of f onto option with the arrow keys, pressed
// by press, and presses Enter.
func (p *tmuxPlay) arrowTo(title, option string, f field, press func(...string)) {
	p.t.Helper()
	for range 60 {
		want := f.index(option)
		if want == f.cursor {
			press("Enter")
			return
		}
		key, was := "Down", f.cursor
		if want < f.cursor {
			key = "Up"
		}
		press(key)
		p.waitFor(fmt.Sprintf("the cursor to leave %q", f.lines[was]), func(s string) bool {
			var ok bool
			f, ok = current(s, title)
			return ok && f.cursor >= 0 && f.cursor != was
		})
	}
	p.t.Fatalf("could not reach %q in %q: %q", option, title, f.lines)
}

// played waits for label, the record of an action that rolls nothing:
// no "Dice?" question may come before it.
func (p *tmuxPlay) played(label string) {
	p.t.Helper()
	s := p.waitFor(fmt.Sprintf("%q (and no question about dice)", label), func(s string) bool {
		_, dice := current(s, "Dice?")
		return dice || onScreen(s, label)
	})
	if _, dice := current(s, "Dice?"); dice {
		p.t.Fatalf("an action that rolls nothing asks how to roll, before %q:\n%s", label, s)
	}
}

// enter waits for the input titled title, types text and presses Enter.
func (p *tmuxPlay) enter(title, text string) {
	p.t.Helper()
	p.waitFor(fmt.Sprintf("the input %q", title), func(s string) bool {
		f, ok := current(s, title)
		return ok && len(f.lines) == 1 && f.lines[0] == ">"
	})
	p.keys("-l", text)
	p.keys("Enter")
}

// One whole King's Own turn of the Nest played in the full-screen form with
// arrow keys and Enter: the menu opening on its first choice with that
// choice's help shown (the help following the cursor), initiative with
// hand-entered dice (a face out of range asked again), the winner's choice
// of who moves first (no dice), two moves that roll
// nothing and so never ask about dice, the close of movement, a rear
// attack that takes a grunt Down, an attack on the Nest whose one-option
// questions are answered for the player and whose every die the program
// rolls, undone, the end of the turn, then Esc at the next initiative's
// dice question. The screen shows each step; the log holds exactly what was
// played.
func TestPlayFullScreenInTmux(t *testing.T) {
	needTmux(t)
	dir, db := newHunt(t)
	p := startPlay(t, dir, db, 120, 50)

	// The first screen: the status table above the menu, the cursor on the
	// first choice, its help under the title.
	// (The help comes a frame after the options: wait for the whole menu.)
	s := p.waitFor("the first menu, whole and described", func(s string) bool {
		f, ok := current(s, "What now?")
		return ok && f.cursor >= 0 && f.desc != "" && strings.Contains(s, "q quit")
	})
	for _, want := range []string{"Hunt · The King's Own · The Nest · turn 1 · initiative", "\nNest ", "> 1. Roll initiative for turn 1 of 3", " • q quit • esc leave"} {
		if !strings.Contains(s, want) {
			t.Fatalf("the first screen lacks %q:\n%s", want, s)
		}
	}
	if f, _ := current(s, "What now?"); f.cursor != 0 || !strings.HasPrefix(f.desc, "the Nest rolls first: 1 or 2 spawns an Orc grunt;") {
		t.Fatalf("the first menu opens on option %d of %q, described %q; want the initiative, described", f.cursor, f.lines, f.desc)
	}
	// The description follows the cursor.
	p.keys("Down")
	p.waitFor("the help of End the fight", func(s string) bool {
		f, ok := current(s, "What now?")
		return ok && f.cursor >= 0 && f.cursor == f.index("End the fight") && strings.HasPrefix(f.desc, "counts Down, Broken and Withdrawn per side")
	})

	// Initiative, the dice entered by hand, die by die; the winner chooses
	// who moves first once the dice are seen, a choice that rolls nothing.
	p.choose("What now?", "Roll initiative for turn 1 of 3")
	p.choose("Dice?", "I roll at the table")
	// A face out of range: the error shows under the input until the
	// text is fixed, before Enter.
	p.enter("Die 1: Nest spawn roll (1 or 2 spawns an Orc grunt), d6 (1-6):", "9")
	p.waitText(`✗ "9" is not a face of a d6: give 1 to 6`)
	p.keys("BSpace")
	p.keys("-l", "1")
	p.waitFor("the error line gone once the die is fixed", func(s string) bool {
		f, ok := current(s, "Die 1: Nest spawn roll")
		return ok && !strings.Contains(s, "✗") && len(f.lines) == 1 && f.lines[0] == "1"
	})
	p.keys("Enter")
	p.enter("Die 2: initiative roll for hunters (higher wins), d6 (1-6):", "5")
	p.enter("Die 3: initiative roll for nest (higher wins), d6 (1-6):", "2")
	p.waitText("Turn 1: the Nest rolls 1: Orc grunt 1 spawns beside it; initiative hunters 5, nest 2: hunters win and choose who moves first.")
	p.choose("What now?", "The hunters won the roll-off: choose who moves first")
	p.choose("Who moves first?", "the hunters, the winners, move first")
	p.played("Turn 1: hunters, winners of the roll-off, move first.")

	// Movement: the side to move is offered its figures, the other is not.
	s = p.waitFor("the movement menu", func(s string) bool { f, ok := current(s, "What now?"); return ok && f.index("Move Bors") >= 0 })
	if f, _ := current(s, "What now?"); f.index("Move Orc grunt 1") >= 0 {
		t.Fatalf("the nest's grunt is offered a move on the hunters' turn: %q", f.lines)
	}
	p.choose("What now?", "Move Bors (hunters, Move 4\")")
	p.choose("How does Bors move?", "half: up to 2\"; may attack")
	p.choose("Does the move enter or leave rough ground", "no")
	p.choose("Facing at the end of the move?", "front (as now)")
	p.played(`Bors moves up to half (2"), facing front.`)
	p.choose("What now?", "Move Orc grunt 1 (nest, Move 4\")")
	p.choose("How does Orc grunt 1 move?", "half")
	p.choose("Does the move enter or leave rough ground", "no")
	p.choose("Facing at the end of the move?", "rear")
	p.played(`Orc grunt 1 moves up to half (2"), facing rear.`)
	p.choose("What now?", "End the movement phase")
	p.played("Turn 1: movement is over; Wyn, Edda, Tam, Ulf stay where they are; attacks by Skill, highest first.")

	// Attacks: Bors from the rear (no hit roll), his dice by hand.
	p.choose("What now?", "Bors attacks with Sword M2 R1")
	p.choose("Whom does Bors strike", "Orc grunt 1 (nest: Skill 2, Res 1, Hits 1)")
	p.choose("From the front or from the rear?", "from the rear: no hit roll")
	p.choose("Dice?", "I roll at the table")
	p.enter("Die 1 of 2: attacker's damage die for Bors (d6+2 against Orc grunt 1's d6+1; higher takes a Hit), d6 (1-6):", "6")
	p.enter("Die 2 of 2: defender's damage die for Orc grunt 1 (cannot hold against 6+2: one Hit whatever it shows), d6 (1-6):", "1")
	p.waitText("Bors strikes from the rear with Sword (M2): Orc grunt 1: from the rear, no hit roll, 6+2 against 1+1, one Hit (0 left); Orc grunt 1 is Down.")
	s = p.waitFor("Orc grunt 1 Down in the table", func(s string) bool {
		return regexp.MustCompile(`(?m)^Orc grunt 1 +nest +down `).MatchString(s) && strings.Contains(s, "u undo: Bors strikes from the rear")
	})
	if f, _ := current(s, "What now?"); f.index("Bors attacks") >= 0 || f.index("Orc grunt 1 attacks") >= 0 {
		t.Fatalf("after Bors's attack the menu still offers him or the grunt Down before its step: %q", f.lines)
	}

	// Edda strikes the Nest, her only target, hit automatically front or
	// rear alike: both questions are answered for the player. The program
	// rolls her dice; the attack is undone from the menu.
	p.choose("What now?", "Edda attacks with Halberd M3 R2")
	p.waitText(`Whom does Edda strike (within 2", in its arc, in sight)? Nest (nest: hit automatically; Res 1, Hits 3`)
	p.waitText("From the front or from the rear? the Nest is hit automatically, front or rear alike (the only choice)")
	p.choose("Dice?", "Roll for me")
	p.waitText("Edda strikes with Halberd (M3): Nest: hits automatically")
	p.waitText("u undo: Edda strikes with Halberd (M3)")
	p.keys("u")
	p.waitText("r redo: Edda strikes with Halberd (M3)")

	// The turn ends; the next initiative is begun; Esc at its dice
	// question steps back to the menu, writing nothing, and Esc at the
	// menu leaves, with exit status 130.
	p.choose("What now?", "End turn 1")
	p.choose("End turn 1? Wyn, Edda, Tam, Ulf could still attack", "Yes")
	p.played("Turn 1 ends.")
	p.choose("What now?", "Roll initiative for turn 2 of 3")
	p.waitFor("the dice question", func(s string) bool { f, ok := current(s, "Dice?"); return ok && f.cursor == 0 })
	p.keys("Escape")
	p.waitFor("the menu again", func(s string) bool {
		f, ok := current(s, "What now?")
		return ok && f.index("Roll initiative for turn 2 of 3") >= 0
	})
	p.keys("Escape")
	s = p.waitText("warlog exited with 130")
	if !strings.Contains(s, "Left the game; everything so far is saved.") {
		t.Fatalf("Esc did not leave cleanly:\n%s", s)
	}

	// The log: exactly the actions played, the hand dice with them, Edda's
	// attack undone.
	out, _, code := run(t, db, "log", "--json")
	if code != 0 {
		t.Fatalf("log: exit %d", code)
	}
	var l LogJSON
	if err := json.Unmarshal([]byte(out), &l); err != nil {
		t.Fatal(err)
	}
	type action struct {
		label, verb string
		dice        []int
		hand        bool
		undone      bool
	}
	var acts []action
	for _, e := range l.Events {
		switch e.Type {
		case "action.begun":
			var b struct{ Label, Verb string }
			if err := json.Unmarshal(e.Data, &b); err != nil {
				t.Fatal(err)
			}
			acts = append(acts, action{label: b.Label, verb: b.Verb, undone: e.Undone})
		case "dice.rolled":
			var r struct {
				Values []int
				Source string
			}
			if err := json.Unmarshal(e.Data, &r); err != nil {
				t.Fatal(err)
			}
			a := &acts[len(acts)-1]
			a.dice, a.hand = append(a.dice, r.Values...), r.Source == "hand"
		}
	}
	var verbs []string
	for _, a := range acts[3:] { // after campaign new, recruit, scenario start
		verbs = append(verbs, a.verb)
	}
	// The table's dice set before the initiative, the program's before
	// Edda's attack: each answer that changed the campaign's setting.
	want := []string{"campaign dice", "ko initiative", "ko first", "ko move", "ko move", "ko next", "ko attack", "campaign dice", "ko attack", "undo", "ko next"}
	if !slices.Equal(verbs, want) {
		t.Fatalf("the log holds %q, want %q", verbs, want)
	}
	ini, bors, edda := acts[4], acts[9], acts[11]
	if !ini.hand || !slices.Equal(ini.dice, []int{1, 5, 2}) {
		t.Errorf("initiative dice %v (hand %v), want 1 5 2 by hand", ini.dice, ini.hand)
	}
	if !bors.hand || !slices.Equal(bors.dice, []int{6, 1}) || bors.undone {
		t.Errorf("Bors's attack: dice %v hand %v undone %v, want 6 1 by hand, in effect", bors.dice, bors.hand, bors.undone)
	}
	if edda.hand || len(edda.dice) != 2 || !edda.undone {
		t.Errorf("Edda's attack: dice %v hand %v undone %v, want two program dice, undone", edda.dice, edda.hand, edda.undone)
	}
	st, _, _ := run(t, db, "status", "--json")
	for _, want := range []string{`"turn": 2`, `"phase": "initiative"`} {
		if !strings.Contains(st, want) {
			t.Errorf("status after the turn lacks %s:\n%s", want, st)
		}
	}
}

// keyCount drives `warlog play` through one turn and counts the keys a
// player presses: a named key (Enter, Down) is one, typed text one per
// character. A pick is made with the number key when the menu shows
// numbers, else with the arrows; a roll is typed whole when the first die's
// question says it may be, else die by die.
type keyCount struct {
	*tmuxPlay
	n int
	// header, when set, must be on the screen at every pick, and no line
	// may be wrapped.
	header string
}

func (k *keyCount) press(keys ...string) {
	k.t.Helper()
	k.n += len(keys)
	k.keys(keys...)
}

func (k *keyCount) typeText(s string) {
	k.t.Helper()
	k.n += len([]rune(s))
	k.keys("-l", s)
}

// pick chooses the option of the menu titled title that starts with option.
func (k *keyCount) pick(title, option string) {
	k.t.Helper()
	f := k.waitMenu(title, option)
	if k.header != "" {
		s := k.screen()
		if !strings.Contains(s, k.header) {
			k.t.Fatalf("the header %q is off the screen at %q:\n%s", k.header, title, s)
		}
		k.unwrapped(s)
	}
	if hot, ok := hotkeyOf(f.lines[f.index(option)]); ok {
		for _, r := range hot {
			k.press(string(r))
		}
		return
	}
	k.arrowTo(title, option, f, k.press)
}

// pickSquare picks square x,y on the map the question titled title is
// asked on, by the key marked in its cell: the whole map on the screen,
// no line wrapped.
func (k *keyCount) pickSquare(title string, x, y int) {
	k.t.Helper()
	var key string
	s := k.waitFor(fmt.Sprintf("%q on the map", title), func(s string) bool {
		if !strings.Contains(s, "┃ "+title) || !strings.Contains(s, "pick on the map") {
			return false
		}
		key = squareKey(s, x, y)
		return key != ""
	})
	if k.header != "" && !strings.Contains(s, k.header) {
		k.t.Fatalf("the header %q is off the screen at %q:\n%s", k.header, title, s)
	}
	k.unwrapped(s)
	k.press(key)
}

// squareKey reads the key marked in cell x,y of the map on screen ("" if
// none): the map's rows open with their number, its cells four columns
// wide.
func squareKey(screen string, x, y int) string {
	for _, l := range strings.Split(screen, "\n") {
		if !strings.HasPrefix(l, fmt.Sprintf("  %3d ", y)) {
			continue
		}
		at := 2 + 3 + (x-1)*4 + 1
		if len(l) < at+3 {
			return ""
		}
		cell := l[at : at+3]
		if cell[0] == '(' && cell[2] == ')' {
			return cell[1:2]
		}
		return ""
	}
	return ""
}

// roll enters faces at the die questions that begin with title: the whole
// roll at once where the question takes it, else one die a question.
func (k *keyCount) roll(title string, faces ...string) {
	k.t.Helper()
	s := k.waitFor(fmt.Sprintf("the input %q", title), func(s string) bool {
		f, ok := current(s, title)
		return ok && len(f.lines) == 1 && f.lines[0] == ">"
	})
	if f, _ := current(s, title); strings.Contains(f.desc, "whole roll") {
		k.typeText(strings.Join(faces, " "))
		k.press("Enter")
		return
	}
	for i, v := range faces {
		if i > 0 {
			k.waitFor(fmt.Sprintf("die %d", i+1), func(s string) bool {
				f, ok := current(s, fmt.Sprintf("Die %d", i+1)) // "Die 2:", "Die 2 of 3:"
				return ok && len(f.lines) == 1 && f.lines[0] == ">"
			})
		}
		k.typeText(v)
		k.press("Enter")
	}
}

// hotkeyOf reads the key shown before a menu line ("3. Move Bors"), if any.
func hotkeyOf(line string) (string, bool) {
	key, _, ok := strings.Cut(line, ". ")
	if !ok || key == "" || len(key) > 2 {
		return "", false
	}
	for _, r := range key {
		if (r < '0' || r > '9') && (r < 'a' || r > 'z') {
			return "", false
		}
	}
	return key, true
}

// startPlay runs `warlog play` (with flags) on db in a tmux pane of width
// x height, on a tmux server of its own on a socket in the test's
// directory: the user's tmux sessions are never touched.
func startPlay(t *testing.T, dir, db string, width, height int, flags ...string) *tmuxPlay {
	t.Helper()
	bin, err := exec.LookPath("warlog")
	if err != nil {
		t.Fatalf("warlog is not on PATH (testscript.Main installs it): %v", err)
	}
	p := &tmuxPlay{t: t, socket: filepath.Join(dir, "tmux.sock"), target: "play"}
	quoted := ""
	for _, f := range flags {
		quoted += " '" + strings.ReplaceAll(f, "'", `'\''`) + "'"
	}
	shell := fmt.Sprintf("'%s' --db '%s' play%s; echo \"warlog exited with $?\"; sleep 600", bin, db, quoted)
	p.tmux("-f", "/dev/null", "new-session", "-d", "-s", "play", "-x", fmt.Sprint(width), "-y", fmt.Sprint(height),
		"-e", "HOME="+dir, "-e", "NO_COLOR=1", "-e", "TERM=xterm-256color", shell)
	t.Cleanup(func() { _ = exec.Command("tmux", "-S", p.socket, "kill-server").Run() })
	return p
}

func setUp(t *testing.T, db string, lines ...[]string) {
	t.Helper()
	for _, args := range lines {
		if out, errs, code := run(t, db, args...); code != 0 {
			t.Fatalf("%v: exit %d\n%s%s", args, code, out, errs)
		}
	}
}

// playKOTurn plays turn 1 of the Nest at the table: initiative with hand
// dice, the hunters first, two moves, the end of movement, Bors's rear
// attack with hand dice, Edda's attack on the Nest with the program's
// dice, the end of the turn. It returns the keys pressed.
func playKOTurn(t *testing.T, width, height int) (int, *tmuxPlay, string) {
	dir := t.TempDir()
	db := filepath.Join(dir, "ko.db")
	setUp(t, db,
		[]string{"campaign", "new", "Hunt", "--game", "kingsown", "--seed", "1"},
		[]string{"ko", "recruit", "--card", "hunters"},
		[]string{"scenario", "start", "The Nest", "--brief", "nest", "--turns", "3"})
	k := &keyCount{tmuxPlay: startPlay(t, dir, db, width, height), header: "Hunt · The King's Own · The Nest · turn 1"}
	k.pick("What now?", "Roll initiative for turn 1 of 3")
	k.pick("Dice?", "I roll at the table")
	k.roll("Die 1: Nest spawn roll", "1", "5", "2")
	k.waitText("initiative hunters 5, nest 2")
	k.pick("What now?", "The hunters won the roll-off")
	k.pick("Who moves first?", "the hunters, the winners, move first")
	k.waitText("Turn 1: hunters, winners of the roll-off, move first.")
	k.pick("What now?", "Move Bors")
	k.pick("How does Bors move?", "half")
	k.pick("Does the move enter or leave rough ground", "no")
	k.pick("Facing at the end of the move?", "front")
	k.waitText(`Bors moves up to half (2"), facing front.`)
	k.pick("What now?", "Move Orc grunt 1")
	k.pick("How does Orc grunt 1 move?", "half")
	k.pick("Does the move enter or leave rough ground", "no")
	k.pick("Facing at the end of the move?", "rear")
	k.waitText(`Orc grunt 1 moves up to half (2"), facing rear.`)
	k.pick("What now?", "End the movement phase")
	k.waitText("Turn 1: movement is over")
	k.pick("What now?", "Bors attacks with Sword")
	k.pick("Whom does Bors strike", "Orc grunt 1")
	k.pick("From the front or from the rear?", "from the rear")
	k.pick("Dice?", "I roll at the table")
	k.roll("Die 1 of 2: attacker's damage die for Bors", "6", "1")
	k.waitText("Orc grunt 1 is Down.")
	k.pick("What now?", "Edda attacks with Halberd")
	k.pick("Dice?", "Roll for me")
	k.waitText("Edda strikes with Halberd (M3): Nest: hits automatically")
	k.pick("What now?", "End turn 1")
	k.pick("End turn 1?", "Yes")
	k.waitText("Turn 1 ends.")
	return k.n, k.tmuxPlay, db
}

// playBroodTurn plays red's second turn of a small Brood Mother game: R1
// attacks B1 with hand dice, a spawn, a raise, the end of the turn.
func playBroodTurn(t *testing.T, width, height int) (int, *tmuxPlay, string) {
	dir := t.TempDir()
	db := filepath.Join(dir, "brood.db")
	setUp(t, db,
		[]string{"campaign", "new", "Hive", "--game", "brood", "--seed", "1"},
		[]string{"scenario", "start", "First brood", "--size", "8", "--mother", "red=2,2", "--mother", "blue=7,7"},
		[]string{"brood", "spawn", "4,4"}, []string{"brood", "end-turn"},
		[]string{"brood", "spawn", "5,5"}, []string{"brood", "end-turn"})
	k := &keyCount{tmuxPlay: startPlay(t, dir, db, width, height), header: "Hive · Brood Mother · First brood · turn 2"}
	k.pick("What now?", "Attack")
	k.pick("If the combat ties", "B1 lets the combat end")
	k.pick("Dice?", "I roll at the table")
	k.roll("Die 1: attack: R1", "6", "5", "1", "1")
	k.waitText("B1 is removed (beaten by R1)")
	k.pick("What now?", "Spawn")
	k.pickSquare("On which square?", 3, 4)
	k.waitText("red's Mother spawns R2 at 3,4")
	k.pick("What now?", "Raise a spawn")
	k.pick("Which spawn?", "R1")
	k.pick("Which stat?", "attack")
	k.pick("By how much?", "+1")
	k.waitText("red raises R1's attack by 1")
	k.pick("What now?", "End red's turn")
	k.waitText("red ends the turn.")
	return k.n, k.tmuxPlay, db
}

// The keys one turn of each game takes at 80x24, with the turn's header
// on the screen at every question and no line wrapped: fewer than the 54
// and 29 they took before play had a key per menu line and the whole roll
// at once (measured by this script at commit 266887b, at 120x50: at 80x24
// the old status scrolled the outcomes off the screen), and no more than
// the 30 and 18 of a key a pick before the menus opened on the likeliest
// action (which Enter alone takes, as one key too), and one more in The
// King's Own now that ending a turn that forfeits attacks asks first.
func TestPlayKeystrokes(t *testing.T) {
	needTmux(t)
	const koBefore, broodBefore = 54, 29
	const koKeyed, broodKeyed = 31, 18
	ko, _, _ := playKOTurn(t, 80, 24)
	brood, _, _ := playBroodTurn(t, 80, 24)
	t.Logf("keys for one turn: The King's Own %d (was %d), Brood Mother %d (was %d)", ko, koBefore, brood, broodBefore)
	if ko >= koBefore || brood >= broodBefore || ko > koKeyed || brood > broodKeyed {
		t.Errorf("a turn takes %d keys in The King's Own and %d in Brood Mother; want fewer than %d and %d, and at most %d and %d",
			ko, brood, koBefore, broodBefore, koKeyed, broodKeyed)
	}
}

// unwrapped fails the test when a line of the screen is wider than the
// pane: tmux then wraps it, and the joined capture differs from the plain
// one.
func (p *tmuxPlay) unwrapped(s string) {
	p.t.Helper()
	plain := p.tmux("capture-pane", "-p", "-t", p.target)
	if strings.Count(plain, "\n") != strings.Count(p.screen(), "\n") {
		p.t.Fatalf("a line is wrapped on the screen:\n%s", plain)
	}
}

// actions counts the actions in db's log.
func actions(t *testing.T, db string) int {
	t.Helper()
	out, _, code := run(t, db, "log", "--json")
	if code != 0 {
		t.Fatalf("log: exit %d", code)
	}
	var l LogJSON
	if err := json.Unmarshal([]byte(out), &l); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range l.Events {
		if e.Type == "action.begun" {
			n++
		}
	}
	return n
}

// needTmux skips t without tmux; with it, t runs in parallel with the other
// tests that wait on a terminal, each on a tmux server of its own.
func needTmux(t *testing.T) {
	t.Helper()
	t.Parallel()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed (Debian package: tmux)")
	}
}

func newHunt(t *testing.T) (string, string) {
	t.Helper()
	dir := t.TempDir()
	db := filepath.Join(dir, "ko.db")
	setUp(t, db,
		[]string{"campaign", "new", "Hunt", "--game", "kingsown", "--seed", "1"},
		[]string{"ko", "recruit", "--card", "hunters"},
		[]string{"scenario", "start", "The Nest", "--brief", "nest", "--turns", "3"})
	return dir, db
}

// Back and the keys, at 80x24: b and Esc step back from the dice question,
// a die, a target and the front-or-rear question without writing anything;
// number keys pick; the whole roll goes in at once (6,2,3 and 6 1 alike);
// u undoes from a question of an action not yet made.
func TestPlayBackAndKeysInTmux(t *testing.T) {
	needTmux(t)
	dir, db := newHunt(t)
	k := &keyCount{tmuxPlay: startPlay(t, dir, db, 80, 24)}
	before := actions(t, db)
	atMenu := func(option string) {
		t.Helper()
		k.waitFor("the menu offering "+option, func(s string) bool {
			f, ok := current(s, "What now?")
			return ok && f.index(option) >= 0
		})
	}

	// Initiative: 1 opens it; b at the dice question is the menu again.
	k.press("1")
	k.waitFor("the dice question", func(s string) bool { _, ok := current(s, "Dice?"); return ok })
	k.press("b")
	atMenu("Roll initiative for turn 1 of 3")
	// Again, by hand: Esc at the die is the dice question again, now
	// opening on "I roll at the table"; Esc there is the menu.
	k.press("1")
	k.pick("Dice?", "I roll at the table")
	k.waitFor("the first die", func(s string) bool { _, ok := current(s, "Die 1: Nest spawn roll"); return ok })
	k.press("Escape")
	s := k.waitFor("the dice question again", func(s string) bool { f, ok := current(s, "Dice?"); return ok && f.cursor == 1 })
	k.unwrapped(s)
	k.press("Escape")
	atMenu("Roll initiative for turn 1 of 3")
	if n := actions(t, db); n != before {
		t.Fatalf("stepping back wrote %d actions", n-before)
	}
	// The whole roll at once, commas between.
	k.press("1")
	k.pick("Dice?", "I roll at the table")
	k.roll("Die 1: Nest spawn roll", "1,5,2")
	k.waitText("initiative hunters 5, nest 2")
	k.pick("What now?", "The hunters won the roll-off")
	k.pick("Who moves first?", "the hunters, the winners, move first")
	k.pick("What now?", "Move Bors")
	k.pick("How does Bors move?", "half")
	k.pick("Does the move enter or leave rough ground", "no")
	k.pick("Facing at the end of the move?", "front")
	k.waitText(`Bors moves up to half (2"), facing front.`)
	// u from the next move's first question drops that move and undoes
	// Bors's.
	k.pick("What now?", "Move Orc grunt 1")
	k.waitFor("the grunt's move", func(s string) bool { _, ok := current(s, "How does Orc grunt 1 move?"); return ok })
	k.press("u")
	k.waitText(`undo: Bors moves up to half (2"), facing front.`)
	atMenu("Move Bors")
	k.pick("What now?", "Move Bors")
	k.pick("How does Bors move?", "half")
	k.pick("Does the move enter or leave rough ground", "no")
	k.pick("Facing at the end of the move?", "front")
	k.pick("What now?", "Move Orc grunt 1")
	k.pick("How does Orc grunt 1 move?", "half")
	k.pick("Does the move enter or leave rough ground", "no")
	// b at the facing is the rough-ground question again.
	k.waitFor("the facing", func(s string) bool { _, ok := current(s, "Facing at the end of the move?"); return ok })
	k.press("b")
	k.pick("Does the move enter or leave rough ground", "no")
	k.pick("Facing at the end of the move?", "rear")
	k.waitText(`Orc grunt 1 moves up to half (2"), facing rear.`)
	k.pick("What now?", "End the movement phase")
	k.waitText("Turn 1: movement is over")
	// The target, then Esc at front-or-rear: the target again; b: the menu.
	before = actions(t, db)
	k.pick("What now?", "Bors attacks with Sword")
	k.pick("Whom does Bors strike", "Orc grunt 1")
	k.waitFor("front or rear", func(s string) bool { _, ok := current(s, "From the front or from the rear?"); return ok })
	k.press("Escape")
	k.waitFor("the target again", func(s string) bool { _, ok := current(s, "Whom does Bors strike"); return ok })
	k.press("b")
	atMenu("Bors attacks with Sword")
	if n := actions(t, db); n != before {
		t.Fatalf("stepping back from the attack wrote %d actions", n-before)
	}
	// Spaces between the dice this time.
	k.pick("What now?", "Bors attacks with Sword")
	k.pick("Whom does Bors strike", "Orc grunt 1")
	k.pick("From the front or from the rear?", "from the rear")
	k.pick("Dice?", "I roll at the table")
	k.roll("Die 1 of 2: attacker's damage die for Bors", "6 1")
	k.waitText("6+2 against 1+1, one Hit (0 left); Orc grunt 1 is Down.")
	if got := actions(t, db) - before; got != 1 {
		t.Fatalf("the attack wrote %d actions, want 1", got)
	}
	// Esc at the second die asks the first again.
	k.pick("What now?", "Edda attacks with Halberd")
	k.pick("Dice?", "I roll at the table")
	// Her damage dice are two whatever they show: the questions say so.
	k.enter("Die 1 of 2:", "4")
	k.waitFor("the second die", func(s string) bool { _, ok := current(s, "Die 2 of 2:"); return ok })
	k.press("Escape")
	k.waitFor("the first die again", func(s string) bool {
		f, ok := current(s, "Die 1 of 2:")
		return ok && len(f.lines) == 1 && f.lines[0] == ">"
	})
	// A roll of too many dice is refused, nothing written, and asked again.
	k.roll("Die 1 of 2:", "3 3 3 3 3 3")
	k.waitText("Not recorded: too many dice given")
	k.roll("Die 1 of 2:", "3 3")
	k.waitText("Edda strikes with Halberd (M3): Nest: hits automatically")
	if got := actions(t, db) - before; got != 2 {
		t.Fatalf("two attacks wrote %d actions, want 2", got)
	}
	// Correcting Bors's roll takes the whole roll at its first die, which
	// says how many there are.
	k.press("c")
	k.pick("Which roll was wrong?", "Bors strikes from the rear")
	k.waitFor("the corrected roll", func(s string) bool { _, ok := current(s, "Die 1 of 2: attacker's damage die for Bors"); return ok })
	k.typeText("5 2")
	k.press("Enter")
	k.waitText("dice 6,1 → 5,2")
}

// No silent losses: an attack of a lower Skill step says which figures of
// the higher step lose their attacks and asks; No is the menu again, with
// nothing written. Ending the fight asks too.
func TestPlayConfirmsInTmux(t *testing.T) {
	needTmux(t)
	dir, db := newHunt(t)
	setUp(t, db, []string{"ko", "initiative", "--dice", "1,5,2"}, []string{"ko", "first", "hunters"}, []string{"ko", "next"})
	k := &keyCount{tmuxPlay: startPlay(t, dir, db, 80, 24)}
	before := actions(t, db)
	k.pick("What now?", "Tam attacks with Bow")
	s := k.waitFor("the warning", func(s string) bool { _, ok := current(s, "Tam attacks in the Skill 2 step"); return ok })
	if f, _ := current(s, "Tam attacks in the Skill 2 step"); !strings.Contains(f.title+" "+f.desc, "Bors, Wyn, Edda can no longer attack this turn. Go on?") {
		t.Fatalf("the warning does not name the figures that lose their attacks:\n%s", s)
	}
	if f, _ := current(s, "Tam attacks in the Skill 2 step"); f.cursor != f.index("No") {
		t.Fatalf("the warning opens on %q, want No", f.lines[f.cursor])
	}
	k.pick("Tam attacks in the Skill 2 step", "No")
	k.waitFor("the menu", func(s string) bool { f, ok := current(s, "What now?"); return ok && f.index("Bors attacks") >= 0 })
	k.pick("What now?", "End the fight")
	k.waitFor("the question", func(s string) bool { _, ok := current(s, "End the fight now?"); return ok })
	k.press("2")
	k.waitFor("the menu", func(s string) bool { f, ok := current(s, "What now?"); return ok && f.index("Bors attacks") >= 0 })
	if n := actions(t, db); n != before {
		t.Fatalf("answering No wrote %d actions", n-before)
	}
	k.pick("What now?", "Tam attacks with Bow")
	k.pick("Tam attacks in the Skill 2 step", "Yes")
	k.waitFor("Tam's target", func(s string) bool { _, ok := current(s, "Whom does Tam strike"); return ok })
}

// Esc at the menu and Ctrl-C anywhere leave with 130; so does Ctrl-C in
// accessible mode at a terminal; Quit leaves with 0.
func TestPlayExitCodesInTmux(t *testing.T) {
	needTmux(t)
	for _, c := range []struct {
		name, flag string
		keys       []string
		code       string
	}{
		{"Esc at the menu", "", []string{"Escape"}, "130"},
		{"Ctrl-C at a question", "", []string{"1", "C-c"}, "130"},
		{"Ctrl-C in accessible mode", "--accessible", []string{"C-c"}, "130"},
		{"Quit", "", []string{"q"}, "0"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir, db := newHunt(t)
			var flags []string
			if c.flag != "" {
				flags = append(flags, c.flag)
			}
			p := startPlay(t, dir, db, 80, 24, flags...)
			p.waitText("What now?")
			for i, k := range c.keys {
				if i > 0 {
					p.waitText("Dice?")
				}
				p.keys(k)
			}
			s := p.waitText("warlog exited with ")
			// Leaving is said once, on stdout; stderr adds nothing.
			if !strings.Contains(s, "warlog exited with "+c.code) || !strings.Contains(s, "Left the game") || strings.Contains(s, "warlog: ") {
				t.Fatalf("want exit %s after leaving, and no error line:\n%s", c.code, s)
			}
		})
	}
}

// Every game's battle, mid-way (each demo campaign of the fixture database
// with its last action undone), fits 80x24: its header on the screen above
// the menu, no line wrapped; Esc leaves with 130.
func TestPlayEveryGameFitsInTmux(t *testing.T) {
	needTmux(t)
	for _, name := range demoCampaigns() {
		t.Run(fixtureDir(name), func(t *testing.T) {
			dir := t.TempDir()
			db := filepath.Join(dir, "fixture.db")
			if err := copyFile(filepath.Join("..", "testdata", "fixtures", "demo.db"), db); err != nil {
				t.Fatal(err)
			}
			setUp(t, db, []string{"-c", name, "undo"})
			p := startPlay(t, dir, db, 80, 24, "-c", name)
			s := p.waitFor("the menu", func(s string) bool { _, ok := current(s, "What now?"); return ok && strings.Contains(s, "q quit") })
			if !strings.HasPrefix(s, name+" · ") {
				t.Fatalf("the screen does not open on the status's header:\n%s", s)
			}
			p.unwrapped(s)
			p.keys("Escape")
			p.waitText("warlog exited with 130")
		})
	}
}

// keyOf is the key the menu titled title shows before the line starting
// with option.
func keyOf(t *testing.T, f field, option string) string {
	t.Helper()
	i := f.index(option)
	if i < 0 {
		t.Fatalf("no %q in %q", option, f.lines)
	}
	k, ok := hotkeyOf(f.lines[i])
	if !ok {
		t.Fatalf("%q shows no key", f.lines[i])
	}
	return k
}

// Keys that stay put, at 80x24: in the attack phase each attack keeps its
// key after another attack leaves the menu; e ends the turn in every turn
// and, while figures could still attack, asks first (No writes nothing); r
// redoes what u undid.
func TestPlayKeysStayPutInTmux(t *testing.T) {
	needTmux(t)
	dir, db := newHunt(t)
	setUp(t, db, []string{"ko", "initiative", "--dice", "1,5,2"}, []string{"ko", "first", "hunters"}, []string{"ko", "next"})
	k := &keyCount{tmuxPlay: startPlay(t, dir, db, 80, 24)}
	menu := func(option string) field {
		t.Helper()
		return k.waitMenu("What now?", option)
	}
	f := menu("Ulf ")
	ulf, tam, end := keyOf(t, f, "Ulf "), keyOf(t, f, "Tam "), keyOf(t, f, "End turn 1")
	if end != "e" {
		t.Fatalf("End turn 1 has key %q, want e", end)
	}
	k.press(keyOf(t, f, "Edda attacks"))
	k.pick("Whom does Edda strike", "Nest")
	k.pick("Dice?", "Roll for me")
	k.waitText("Edda strikes with Halberd (M3): Nest")
	k.waitText("u undo: Edda strikes")
	f = k.waitMenu("What now?", "Ulf ")
	if f.index("Edda attacks") >= 0 || keyOf(t, f, "Ulf ") != ulf || keyOf(t, f, "Tam ") != tam {
		t.Fatalf("after Edda's attack the keys moved: Ulf %q, Tam %q before; now %q", ulf, tam, f.lines)
	}
	// e asks first: Bors, Wyn, Tam and Ulf could still attack.
	before := actions(t, db)
	k.press("e")
	s := k.waitFor("the question before the turn ends", func(s string) bool { _, ok := current(s, "End turn 1?"); return ok })
	if !onScreen(s, "End turn 1? Bors, Wyn, Tam, Ulf, Orc grunt 1 could still attack and lose the") {
		t.Fatalf("ending the turn does not say what it forfeits:\n%s", s)
	}
	k.press("2")
	menu("End turn 1")
	if n := actions(t, db); n != before {
		t.Fatalf("No at the question wrote %d actions", n-before)
	}
	// u, then r puts Edda's attack back, its dice with it.
	k.press("u")
	k.waitText("r redo: Edda strikes with Halberd (M3)")
	k.press("r")
	k.waitFor("the redo", func(s string) bool {
		return onScreen(s, "redo: Edda strikes with Halberd (M3)") && onScreen(s, "u undo: Edda strikes") && !strings.Contains(s, "r redo:")
	})
	k.press("e")
	k.pick("End turn 1?", "Yes")
	k.waitText("Turn 1 ends.")
	// Turn 2: the end of the turn is on e again.
	k.pick("What now?", "Roll initiative for turn 2 of 3")
	k.pick("Dice?", "Roll for me")
	k.pick("What now?", "The ")
	k.pick("Who moves first?", "the ")
	if f := menu("End the movement phase"); f.index("End turn") >= 0 {
		t.Fatalf("the movement phase offers to end the turn: %q", f.lines)
	}
	st, _, _ := run(t, db, "status", "--json")
	if !strings.Contains(st, `"turn": 2`) {
		t.Errorf("status after the turn:\n%s", st)
	}
}

// A screen that fits 80x24: in the King's Own attack phase every line of
// the menu and the keys under it (u, c, q) are on the screen; once an
// attack is picked, the rows of the attacker and of both targets (the
// other side) stay in the status; a Brood Mother square is picked on the
// whole 16 x 16 map, by the key marked on it.
func TestPlayScreenFitsInTmux(t *testing.T) {
	needTmux(t)
	t.Run("attack", func(t *testing.T) {
		t.Parallel()
		dir, db := newHunt(t)
		setUp(t, db, []string{"ko", "initiative", "--dice", "1,5,2"}, []string{"ko", "first", "hunters"}, []string{"ko", "next"})
		k := &keyCount{tmuxPlay: startPlay(t, dir, db, 80, 24)}
		f := k.waitMenu("What now?", "End turn 1")
		s := k.screen()
		k.unwrapped(s)
		for _, want := range []string{"Bors attacks", "Orc grunt 1 attacks", "End the fight", "u undo: Turn 1: movement is over", "c correct a roll • q quit"} {
			if !onScreen(s, want) {
				t.Errorf("the menu's %q is off the screen:\n%s", want, s)
			}
		}
		k.press(keyOf(t, f, "Edda attacks"))
		s = k.waitFor("Edda's target", func(s string) bool { _, ok := current(s, "Whom does Edda strike"); return ok })
		for _, row := range []string{"Edda ", "Nest ", "Orc grunt 1 "} {
			if !regexp.MustCompile(`(?m)^` + row + ` *(hunters|nest) `).MatchString(s) {
				t.Errorf("the row of %q is not in the status at Edda's target:\n%s", row, s)
			}
		}
	})
	t.Run("map", func(t *testing.T) {
		t.Parallel()
		dir := t.TempDir()
		db := filepath.Join(dir, "brood.db")
		setUp(t, db, []string{"campaign", "new", "Hive", "--game", "brood", "--seed", "1"},
			[]string{"scenario", "start", "Big brood", "--size", "16", "--mother", "red=3,3", "--mother", "blue=14,14"})
		k := &keyCount{tmuxPlay: startPlay(t, dir, db, 80, 24), header: "Hive · Brood Mother · Big brood · turn 1"}
		k.pick("What now?", "Spawn")
		s := k.waitFor("the map", func(s string) bool { return strings.Contains(s, "pick on the map") })
		for y := 1; y <= 16; y++ {
			if !strings.Contains(s, fmt.Sprintf("\n  %3d ", y)) {
				t.Fatalf("row %d of the map is off the screen:\n%s", y, s)
			}
		}
		if squareKey(s, 3, 3) != "" || squareKey(s, 6, 1) != "" || squareKey(s, 1, 1) == "" {
			t.Fatalf("the squares offered are not the ones marked (3,3 is the Mother's, 6,1 out of reach):\n%s", s)
		}
		k.pickSquare("On which square?", 3, 5)
		k.waitText("red's Mother spawns R1 at 3,5")
	})
}

// The end of a battle at 80x24: the report is drawn for the terminal and
// paged (less): headings underlined, tables in columns or one block a row,
// no Markdown marks, no line wrapped; the web page is written beside the
// database, never over a file, and its path said.
func TestPlayReportAtTheEndInTmux(t *testing.T) {
	needTmux(t)
	dir, db := newHunt(t)
	setUp(t, db, []string{"ko", "initiative", "--dice", "1,5,2"}, []string{"ko", "first", "hunters"}, []string{"ko", "next"})
	k := &keyCount{tmuxPlay: startPlay(t, dir, db, 80, 24)}
	k.pick("What now?", "End the fight")
	k.pick("End the fight now?", "Yes")
	k.pick("Who won", "as the rules count it")
	k.pick("Show the battle report?", "Yes, here")
	s := k.waitFor("the report in the pager", func(s string) bool { return strings.Contains(s, "The Nest — The King's Own\n=====") })
	k.unwrapped(s)
	for _, bad := range []string{"| ", "## ", "**", ":---"} {
		if strings.Contains(s, bad) {
			t.Errorf("the report shows Markdown (%q):\n%s", bad, s)
		}
	}
	k.press("q")
	k.pick("Show the battle report?", "Write it as a web page")
	s = k.waitText("(open it in a browser)")
	want := filepath.Join(dir, "hunt-the-nest.html")
	if !onScreen(s, "The report is a web page at "+want) {
		t.Fatalf("the page's path is not said:\n%s", s)
	}
	page, err := os.ReadFile(want)
	if err != nil || !bytes.Contains(page, []byte("<html")) {
		t.Fatalf("no web page at %s: %v", want, err)
	}
	k.pick("Show the battle report?", "Write it as a web page")
	k.waitText("The report is a web page at " + filepath.Join(dir, "hunt-the-nest-2.html"))
	k.pick("Show the battle report?", "No")
	k.waitText("warlog exited with 0")
}

// How the table rolls is the campaign's setting, at 80x24: set with
// `campaign dice table` before play starts, the header shows it and the
// Dice? question opens on it (Enter takes the table's dice, writing no
// setting again); answered otherwise in play, the setting changes, the
// header and `warlog status` say so.
func TestPlayDiceSettingInTmux(t *testing.T) {
	needTmux(t)
	dir, db := newHunt(t)
	if out, _, code := run(t, db, "campaign", "dice", "table"); code != 0 || out != "campaign Hunt: dice: typed at the table from now on\n" {
		t.Fatalf("campaign dice table: exit %d, %q", code, out)
	}
	before := actions(t, db)
	p := startPlay(t, dir, db, 80, 24)
	s := p.waitFor("the menu", func(s string) bool { _, ok := current(s, "What now?"); return ok })
	if !onScreen(s, "Hunt · The King's Own · The Nest · turn 1 · initiative") || !onScreen(s, "dice: typed at the table") {
		t.Fatalf("the header does not say how the table rolls:\n%s", s)
	}
	p.keys("1")
	p.waitFor("the dice question on the table's dice", func(s string) bool {
		f, ok := current(s, "Dice?")
		return ok && f.cursor == f.index("I roll at the table")
	})
	p.keys("Enter")
	p.enter("Die 1: Nest spawn roll", "1 5 2")
	p.waitText("initiative hunters 5, nest 2")
	if n := actions(t, db); n != before+1 {
		t.Fatalf("the initiative at the table's dice wrote %d actions, want 1 (no setting again)", n-before)
	}
	// Undone and rolled again by the program: the setting changes.
	p.waitText("u undo: Turn 1")
	p.keys("u")
	p.waitFor("the initiative offered again", func(s string) bool {
		f, ok := current(s, "What now?")
		return ok && f.index("Roll initiative for turn 1 of 3") >= 0
	})
	p.keys("1")
	p.waitFor("the dice question", func(s string) bool { _, ok := current(s, "Dice?"); return ok })
	p.keys("1") // Roll for me
	p.waitText("dice: rolled by warlog")
	p.waitText("u undo: Turn 1")
	p.keys("q")
	p.waitText("warlog exited with 0")
	if out, _, _ := run(t, db, "campaign", "dice", "--json"); !strings.Contains(out, `"dice": "program"`) {
		t.Errorf("after Roll for me in play the setting is %s", out)
	}
	if out, _, _ := run(t, db, "status"); !strings.Contains(strings.SplitN(out, "\n", 2)[0], "· dice: rolled by warlog") {
		t.Errorf("the status's first line does not say how the table rolls:\n%s", out)
	}
}
