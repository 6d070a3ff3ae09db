package cmd

import (
	"database/sql"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// hostile are names a careless or malicious player might type: markup,
// script, links, SQL, control characters, invalid UTF-8 and lengths.
var hostile = []string{
	`<script>alert(1)</script>`,
	`"><img src=x onerror=alert(1)>`,
	`<img src=x onerror=alert(1)>`,
	`<svg onload=alert(1)>`,
	`<a href="javascript:alert(1)">x</a>`,
	`javascript:alert(1)`,
	`[click](javascript:alert(1))`,
	`![img](http://evil.example/x.png)`,
	`[x]: http://evil.example`,
	`<http://evil.example>`,
	`'; DROP TABLE events;--`,
	`" OR 1=1 --`,
	`Robert'); DROP TABLE settings;--`,
	`%s%s%s%n`,
	`{{.}}`,
	`${HOME}`,
	"`rm -rf /`",
	`$(reboot)`,
	`| table | injection |`,
	`# heading`,
	`**bold** _it_ ~~x~~`,
	`&lt;already escaped&gt;`,
	`&amp;`,
	`\`,
	`\\server\share`,
	`../../etc/passwd`,
	`C:\Windows\System32`,
	`null`,
	`undefined`,
	`0`,
	`-1`,
	`--help`,
	`-c`,
	`名前`,
	`Ωmega ☠`,
	`👾👾👾`,
	"\u202eevil",
	"zero\u200bwidth",
	strings.Repeat("A", 64),
	strings.Repeat("é", 64),
	// The rest must be refused with a clear error.
	strings.Repeat("A", 65),
	strings.Repeat("x", 5000),
	"bell\a",
	"new\nline",
	"tab\there",
	"nul\x00byte",
	"esc\x1b[31mred",
	"bad\xffutf8",
	"\xc3\x28",
	" leading space",
}

func acceptable(name string) bool {
	if !utf8.ValidString(name) || strings.TrimSpace(name) != name || name == "" || utf8.RuneCountInString(name) > 64 {
		return false
	}
	for _, r := range name {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return false
		}
	}
	return true
}

func tableCount(t *testing.T, db string) int {
	t.Helper()
	h, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	var n int
	if err := h.QueryRow(`SELECT count(*) FROM sqlite_master WHERE type = 'table'`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// Every hostile name is stored and shown exactly, or refused with one clear
// line and nothing written; the schema is never touched.
func TestHostileNames(t *testing.T) {
	if len(hostile) < 50 {
		t.Fatalf("only %d hostile strings", len(hostile))
	}
	db := filepath.Join(t.TempDir(), "h.db")
	if _, e, code := run(t, db, "campaign", "new", "base", "--game", "kingsown"); code != 0 {
		t.Fatal(e)
	}
	tables := tableCount(t, db)
	for _, name := range hostile {
		_, errOut, code := run(t, db, "campaign", "new", "--game", "deadwars", "--", name)
		if acceptable(name) {
			if code != 0 {
				t.Errorf("campaign %q refused: %s", name, errOut)
				continue
			}
			js, _, _ := run(t, db, "campaign", "show", "--json", "--", name)
			var cj CampaignJSON
			if err := json.Unmarshal([]byte(js), &cj); err != nil || cj.Name != name {
				t.Errorf("campaign %q shown as %q (%v)", name, cj.Name, err)
			}
			// As a roll's purpose too: stored and shown exactly.
			if _, e, code := run(t, db, "--campaign="+name, "roll", "d6", "--for="+name); code != 0 {
				t.Errorf("roll --for %q: %s", name, e)
			}
			lg, _, _ := run(t, db, "--campaign="+name, "log", "--json")
			if !strings.Contains(lg, mustJSON(t, name)) {
				t.Errorf("the log of %q does not hold the name exactly", name)
			}
			continue
		}
		if code != 1 || strings.Count(strings.TrimSpace(errOut), "\n") != 0 || !strings.HasPrefix(errOut, "warlog: campaign name ") {
			t.Errorf("campaign %q: exit %d, stderr %q; want one line refusing the name", name, code, errOut)
		}
	}
	if got := tableCount(t, db); got != tables {
		t.Errorf("tables went from %d to %d", tables, got)
	}
	out, e, code := run(t, db, "verify")
	if code != 0 {
		t.Fatalf("verify after hostile names: %s %s", out, e)
	}
	// The campaign list renders every stored name inside the table.
	list, _, _ := run(t, db, "campaign", "list")
	if !strings.Contains(list, "'; DROP TABLE events;--") {
		t.Errorf("the list lost a name:\n%s", list)
	}
}

func mustJSON(t *testing.T, s string) string {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
