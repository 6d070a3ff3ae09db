package cmd

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// verify --head finds the campaign a published head belongs to, whichever
// campaign is current: a head of A checked while B is current is found in
// A's chain, not reported as A rewritten. With -c it is looked for in that
// campaign only.
func TestVerifyHeadFindsItsCampaign(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	for _, args := range [][]string{
		{"campaign", "new", "A", "--game", "kingsown", "--seed", "1"},
		{"roll", "d6"},
		{"campaign", "new", "B", "--game", "deadwars", "--seed", "2"},
	} {
		if _, e, code := run(t, db, args...); code != 0 {
			t.Fatalf("%v: %s", args, e)
		}
	}
	out, _, _ := run(t, db, "campaign", "show", "A", "--json")
	var a CampaignJSON
	if err := json.Unmarshal([]byte(out), &a); err != nil {
		t.Fatal(err)
	}
	run(t, db, "-c", "A", "roll", "d6") // A's log grows past the published head
	run(t, db, "use", "B")
	run(t, db, "roll", "d8")
	out, e, code := run(t, db, "verify", "--head", a.Head[:16], "--json")
	var v VerifyJSON
	if err := json.Unmarshal([]byte(out), &v); code != 0 || err != nil {
		t.Fatalf("verify --head of A's head while B is current: exit %d, %s %s", code, out, e)
	}
	for _, c := range v.Campaigns {
		if want := map[string]int64{"A": a.Version}[c.Campaign]; c.HeadAt != want {
			t.Errorf("campaign %s: head found at version %d, want %d", c.Campaign, c.HeadAt, want)
		}
	}
	if _, e, code := run(t, db, "-c", "A", "verify", "--head", a.Head[:16]); code != 0 {
		t.Errorf("verify -c A --head of A's head: exit %d %s", code, e)
	}
	_, e, code = run(t, db, "-c", "B", "verify", "--head", a.Head[:16])
	if want := `head ` + a.Head[:16] + ` is not in the chain of "B"`; code != 1 || !strings.Contains(e, want) {
		t.Errorf("verify -c B --head of A's head: exit %d %q; want exit 1 saying %q", code, e, want)
	}
	_, e, code = run(t, db, "verify", "--head", "0123456789abcdef")
	if want := `head 0123456789abcdef is in no campaign's chain ("A", "B")`; code != 1 || !strings.Contains(e, want) {
		t.Errorf("verify --head of no campaign's head: exit %d %q; want exit 1 saying %q", code, e, want)
	}
	if _, e, code := run(t, db, "-c", "Nope", "verify", "--head", a.Head[:16]); code != 1 || !strings.Contains(e, `no campaign "Nope"`) {
		t.Errorf("verify -c of an unknown campaign: exit %d %q", code, e)
	}
}

// The check command at the foot of a report, pasted into a shell, checks
// that report's head in its own campaign, whatever campaign is current and
// however the campaign is named.
func TestReportCheckCommandRuns(t *testing.T) {
	bin := warlogBin(t)
	db := filepath.Join(t.TempDir(), "w.db")
	name := `King's <Own> "club"`
	for _, args := range [][]string{
		{"campaign", "new", name, "--game", "kingsown", "--seed", "1"},
		{"ko", "recruit", "--card", "../samples/kingsown/hunters.cards"},
		{"scenario", "start", "Nest", "--brief", "nest"},
		{"campaign", "new", "Other", "--game", "kingsown", "--seed", "2"},
	} {
		if _, e, code := run(t, db, args...); code != 0 {
			t.Fatalf("%v: %s", args, e)
		}
	}
	md, e, code := run(t, db, "-c", name, "report")
	if code != 0 {
		t.Fatalf("report: %s", e)
	}
	i := strings.Index(md, "Check it with `")
	if i < 0 {
		t.Fatalf("the report has no check command:\n%s", md)
	}
	line := md[i+len("Check it with `"):]
	line = line[:strings.Index(line, "`")]
	if !strings.HasPrefix(line, "warlog verify --head ") || !strings.Contains(line, " -c ") {
		t.Fatalf("the check command %q does not name the campaign", line)
	}
	run(t, db, "-c", "Other", "roll", "d6")
	sh := exec.Command("bash", "-c", line)
	sh.Env = append(os.Environ(), "WARLOG_DB="+db, "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"))
	got, err := sh.CombinedOutput()
	if err != nil || !strings.HasPrefix(string(got), "ok: ") {
		t.Errorf("%s: %v\n%s", line, err, got)
	}
}

// The check command quotes the campaign's name so that a shell reads it
// back exactly and runs nothing in it, and holds no '<' or '>' (which a
// Markdown report never shows raw).
func TestCheckCommandQuotesTheName(t *testing.T) {
	names := []string{"Autumn", "King's Own demo", `<i>Club</i> [x](javascript:alert(1))`, "$(touch pwned)", "`touch pwned`",
		`"quoted"`, `it's "both"`, `back\slash`, "-1", "--help", "a b", "名前", "!!", `it's $HOME`, "'", `\'`, "a<b>c'd\\e"}
	for _, name := range names {
		cmd := checkCommand("0123456789abcdef0123", name)
		prefix := "warlog verify --head 0123456789abcdef -c "
		if !strings.HasPrefix(cmd, prefix) {
			t.Errorf("%q: %q", name, cmd)
			continue
		}
		if strings.ContainsAny(cmd, "<>") {
			t.Errorf("%q: the command %q holds '<' or '>'", name, cmd)
		}
		dir := t.TempDir()
		sh := exec.Command("bash", "-c", "printf %s "+strings.TrimPrefix(cmd, prefix))
		sh.Dir = dir
		got, err := sh.Output()
		if err != nil || string(got) != name {
			t.Errorf("%q quoted as %q reads back as %q (%v)", name, strings.TrimPrefix(cmd, prefix), got, err)
		}
		if left, _ := os.ReadDir(dir); len(left) != 0 {
			t.Errorf("%q: running the quoted name made %v", name, left)
		}
	}
}
