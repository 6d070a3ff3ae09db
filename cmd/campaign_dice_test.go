package cmd

import (
	"path/filepath"
	"strings"
	"testing"
)

// `campaign dice` shows the setting, sets it (once: setting it again
// writes nothing), and refuses a word that is not a way to roll in one
// line, exit 2 (a usage error, CLI.md), nothing written; the log and undo know the change.
func TestCampaignDiceSetting(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "w.db")
	must(t, db, "campaign", "new", "Hunt", "--game", "kingsown", "--seed", "1")
	if out, _, code := run(t, db, "campaign", "dice"); code != 0 || out != "campaign Hunt: dice: rolled by warlog\n" {
		t.Errorf("never set: exit %d, %q", code, out)
	}
	before := actions(t, db)
	for _, bad := range [][]string{{"campaign", "dice", "cup"}, {"campaign", "dice", "table", "program"}} {
		out, errs, code := run(t, db, bad...)
		if code != 2 || out != "" || strings.Count(strings.TrimSpace(errs), "\n") != 0 || !strings.Contains(errs, "table") {
			t.Errorf("%v: exit %d, out %q, err %q; want one line naming table, exit 2 (a usage error)", bad, code, out, errs)
		}
	}
	if _, errs, _ := run(t, db, "campaign", "dice", "cup"); !strings.Contains(errs, `"cup" is not a way to roll: give table (dice typed from the table) or program (rolled by warlog)`) {
		t.Errorf("unknown setting: %q", errs)
	}
	if out, _, code := run(t, db, "campaign", "dice", "TABLE"); code != 0 || out != "campaign Hunt: dice: typed at the table from now on\n" {
		t.Errorf("set: exit %d, %q", code, out)
	}
	if out, _, code := run(t, db, "campaign", "dice", "table"); code != 0 || out != "campaign Hunt: dice: typed at the table already; nothing written\n" {
		t.Errorf("set again: exit %d, %q", code, out)
	}
	if out, _, _ := run(t, db, "status", "--json"); !strings.Contains(out, `"dice": "table"`) {
		t.Errorf("status --json does not say how the table rolls:\n%s", out)
	}
	if out, _, _ := run(t, db, "campaign", "show"); !strings.Contains(out, "typed at the table") {
		t.Errorf("campaign show does not say how the table rolls:\n%s", out)
	}
	if n := actions(t, db); n != before+1 {
		t.Errorf("%d actions written, want 1", n-before)
	}
	if out, _, _ := run(t, db, "log"); !strings.Contains(out, "dice rolled at the table and typed in from now on") {
		t.Errorf("the log does not show the setting:\n%s", out)
	}
	if _, _, code := run(t, db, "undo"); code != 0 {
		t.Fatalf("undo: exit %d", code)
	}
	if out, _, _ := run(t, db, "campaign", "dice", "--json"); !strings.Contains(out, `"dice": "program"`) {
		t.Errorf("undone, the setting is %s", out)
	}
	if _, errs, code := run(t, db, "verify"); code != 0 {
		t.Errorf("verify: exit %d: %s", code, errs)
	}
}

// At the table, a command without --dice is one line, exit 1, naming the
// dice it needs and both ways on (--dice, or the program's dice again),
// with nothing written; given its dice, it is taken.
func TestTableDiceRefusalSaysWhatWouldDo(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "w.db")
	must(t, db, "campaign", "new", "Hunt", "--game", "kingsown", "--seed", "1")
	must(t, db, "campaign", "dice", "table")
	before := actions(t, db)
	out, errs, code := run(t, db, "roll", "2d6", "--for", "morale")
	want := `warlog: campaign "Hunt" rolls its dice at the table: give this action's 2 dice (morale 2d6) as they fell; type them with --dice, e.g. --dice 4,2, or let warlog roll with ` + "`warlog campaign dice program`\n"
	if code != 1 || out != "" || errs != want {
		t.Errorf("a roll without dice at the table: exit %d, out %q, err %q; want exit 1 and\n%s", code, out, errs, want)
	}
	if n := actions(t, db); n != before {
		t.Errorf("the refused roll wrote %d actions", n-before)
	}
	if out, _, code := run(t, db, "roll", "2d6", "--for", "morale", "--dice", "4,2"); code != 0 || !strings.Contains(out, "4, 2 = 6") {
		t.Errorf("the roll with its dice: exit %d, %q", code, out)
	}
}
