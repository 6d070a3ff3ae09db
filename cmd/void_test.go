package cmd

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"warlog/events"
	"warlog/internal/pgtest"
)

// league is a schema on the test server with the README's roles: an
// organiser who owns it and a player, Ann, with the players' grants, and
// two campaigns the organiser started, "League" and "Other".
type league struct {
	t              *testing.T
	schema         string
	orgDB, annDB   string
	org, ann       string
	annConn, suCon *pgx.Conn
}

func newLeague(t *testing.T) *league {
	t.Helper()
	ctx := context.Background()
	su := pgtest.Connect(t)
	t.Cleanup(func() { su.Close(context.Background()) })
	schema := pgtest.Schema(t)
	org, players, ann := leagueRoles(t, su, schema)
	if _, err := su.Exec(ctx, "GRANT USAGE ON SCHEMA "+schema+" TO "+players); err != nil {
		t.Fatal(err)
	}
	base := pgtest.WithSchema(pgtest.Server(), schema)
	l := &league{t: t, schema: schema, orgDB: pgtest.WithUser(base, org), annDB: pgtest.WithUser(base, ann), org: org, ann: ann, suCon: su}
	l.must(l.orgDB, "campaign", "new", "League", "--game", "kingsown", "--seed", "5")
	l.must(l.orgDB, "campaign", "new", "Other", "--game", "kingsown", "--seed", "6")
	if _, err := su.Exec(ctx, "SET ROLE "+org+"; "+fmt.Sprintf(playerGrants, schema, players)+" RESET ROLE"); err != nil {
		t.Fatalf("the organiser's grants: %v", err)
	}
	l.annConn = pgtest.Connect(t)
	t.Cleanup(func() { l.annConn.Close(context.Background()) })
	if _, err := l.annConn.Exec(ctx, "SET ROLE "+ann+"; SET search_path = "+schema); err != nil {
		t.Fatal(err)
	}
	return l
}

// must runs a command line that must succeed and returns its output.
func (l *league) must(db string, args ...string) string {
	l.t.Helper()
	out, e, code := run(l.t, db, args...)
	if code != 0 {
		l.t.Fatalf("%v: exit %d: %s", args, code, e)
	}
	return out
}

// tail reads the newest n events of a stream, as stored.
func (l *league) tail(stream string, n int) []events.Event {
	l.t.Helper()
	rows, err := l.annConn.Query(context.Background(), `SELECT campaign, version, action, type, data::text, at, prev, hash FROM events WHERE campaign = $1 ORDER BY version DESC LIMIT $2`, stream, n)
	if err != nil {
		l.t.Fatal(err)
	}
	defer rows.Close()
	var out []events.Event
	for rows.Next() {
		var e events.Event
		var data, at string
		if err := rows.Scan(&e.Campaign, &e.Version, &e.Action, &e.Type, &data, &at, &e.Prev, &e.Hash); err != nil {
			l.t.Fatal(err)
		}
		e.Data = json.RawMessage(data)
		var perr error
		if e.At, perr = parseAt(at); perr != nil {
			l.t.Fatal(perr)
		}
		out = append([]events.Event{e}, out...)
	}
	if err := rows.Err(); err != nil {
		l.t.Fatal(err)
	}
	return out
}

// insert writes events as Ann, with psql's rights: INSERT on events.
func (l *league) insert(stream string, evs []events.Event) {
	l.t.Helper()
	for _, e := range evs {
		if _, err := l.annConn.Exec(context.Background(), `INSERT INTO events (campaign, version, action, type, data, at, prev, hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
			stream, e.Version, e.Action, e.Type, string(e.Data), e.At.UTC().Format(events.TimeFormat), e.Prev, e.Hash); err != nil {
			l.t.Fatal(err)
		}
	}
}

// chain gives evs, a forged action following head, versions, prevs and
// hashes that chain.
func chain(head events.Event, evs []events.Event) []events.Event {
	prev, v := head.Hash, head.Version
	for i := range evs {
		v++
		evs[i].Campaign, evs[i].Version, evs[i].Prev = head.Campaign, v, prev
		evs[i].Hash = events.Hash(prev, evs[i])
		prev = evs[i].Hash
	}
	return evs
}

// forgeRoll appends, as Ann by hand, a copy of League's last roll that
// chains and whose dice the seed does not give; it returns the version of
// its action.begun.
func (l *league) forgeRoll() int64 {
	l.t.Helper()
	last := l.tail("League", 2)
	forged := []events.Event{last[0], last[1]}
	forged[0].Action, forged[1].Action = "forged", "forged"
	forged[1].Data = json.RawMessage(strings.Replace(string(forged[1].Data), `"values":[`, `"values":[6,`, 1))
	l.insert("League", chain(last[1], forged))
	return forged[0].Version
}

// Rows written with psql that chain but do not follow from the rules:
// every user's next command on the campaign refuses to build on them,
// naming the version; the league's other campaigns play on.
func TestVoidBadRowStopsTheCampaign(t *testing.T) {
	l := newLeague(t)
	l.must(l.annDB, "use", "League")
	l.must(l.annDB, "roll", "d6", "--for", "Ann")
	v := l.forgeRoll()
	for _, db := range []string{l.annDB, l.orgDB} {
		_, e, code := run(t, db, "-c", "League", "roll", "d6", "--for", "more")
		if want := fmt.Sprintf(`campaign "League", version %d, action `, v); code != 1 || !strings.Contains(e, want) || !strings.Contains(e, "nothing was decided on it") || strings.Count(e, "\n") != 1 {
			t.Errorf("a roll on the forged row: exit %d, %q; want 1 and one line with %q", code, e, want)
		}
	}
	if n := len(l.tail("League", 100)); int64(n) != v+1 {
		t.Errorf("League holds %d events after the refusals; want %d", n, v+1)
	}
	l.must(l.annDB, "-c", "Other", "roll", "d6", "--for", "Ann")
	l.must(l.orgDB, "-c", "Other", "log")
	l.voidAndPlayOn(v)
	// A laptop's copy keeps the void.
	laptop := filepath.Join(t.TempDir(), "laptop.db")
	l.must(laptop, "campaign", "pull", "League", "--from", l.annDB)
	l.must(laptop, "-c", "League", "roll", "d6", "--for", "on the laptop")
	if out := l.must(laptop, "verify"); !strings.Contains(out, "voided by the organiser") {
		t.Errorf("the laptop's verify: %q", out)
	}
}

// voidAndPlayOn: a player may not void the row at version v; the
// organiser does, after which verify lists it as voided and the campaign
// is built on again.
func (l *league) voidAndPlayOn(v int64) {
	t := l.t
	t.Helper()
	ver := strconv.FormatInt(v, 10)
	before := len(l.tail("League", 1000))
	_, e, code := run(t, l.annDB, "-c", "League", "campaign", "void", ver, "--why", "mine")
	if want := "warlog: only the league's organiser may void an action; nothing was written\n"; code != 1 || e != want {
		t.Errorf("Ann: campaign void: exit %d, %q; want 1 and %q", code, e, want)
	}
	// A row that follows from the rules is not voided.
	if _, e, code := run(t, l.orgDB, "-c", "League", "campaign", "void", "3", "--why", "x"); code != 1 || !strings.Contains(e, "void that one first") {
		t.Errorf("the organiser voiding version 3 before version %d: exit %d, %q; want 1, pointing at the first", v, code, e)
	}
	if n := len(l.tail("League", 1000)); n != before {
		t.Errorf("the refused voids wrote %d events", n-before)
	}
	out := l.must(l.orgDB, "-c", "League", "campaign", "void", ver, "--why", "typed in with psql")
	if !strings.Contains(out, "voided action") {
		t.Errorf("campaign void said %q", out)
	}
	if _, e, code := run(t, l.orgDB, "-c", "League", "campaign", "void", ver, "--why", "again"); code != 1 || !strings.Contains(e, "voided already") {
		t.Errorf("voiding twice: exit %d, %q", code, e)
	}
	l.must(l.annDB, "-c", "League", "roll", "d6", "--for", "after")
	out = l.must(l.annDB, "verify")
	if want := fmt.Sprintf("voided by the organiser and passed over: version %d (action ", v); !strings.Contains(out, want) || !strings.Contains(out, "typed in with psql") {
		t.Errorf("verify after the void: %q; want it to list %q", out, want)
	}
	if _, e, code := run(t, l.orgDB, "-c", "League", "campaign", "void", "3", "--why", "x"); code != 1 || !strings.Contains(e, "follows from the rules") {
		t.Errorf("the organiser voiding a good row: exit %d, %q; want 1", code, e)
	}
	l.must(l.orgDB, "rebuild")
	l.must(l.annDB, "-c", "League", "roll", "d6", "--for", "after rebuild")
	l.must(l.orgDB, "verify")
}

// A row that does not chain, whatever it holds, is not built on either.
func TestVoidUnchainedRowStopsTheCampaign(t *testing.T) {
	l := newLeague(t)
	l.must(l.annDB, "use", "League")
	l.must(l.annDB, "roll", "d6", "--for", "Ann")
	// The next roll as the rules decide it, on a laptop's copy, written
	// to the server by hand with a hash of its own.
	dir := t.TempDir()
	laptop := filepath.Join(dir, "laptop.db")
	l.must(laptop, "campaign", "pull", "League", "--from", l.annDB)
	l.must(laptop, "-c", "League", "roll", "d6", "--for", "Ben")
	file := filepath.Join(dir, "l.jsonl")
	l.must(laptop, "campaign", "export", "League", "--out", file)
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var all []events.Event
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var e events.Event
		if json.Unmarshal(sc.Bytes(), &e) == nil && e.Version > 0 {
			all = append(all, e)
		}
	}
	head := l.tail("League", 1)[0]
	var next []events.Event
	for _, e := range all {
		if e.Version > head.Version {
			next = append(next, e)
		}
	}
	if len(next) == 0 {
		t.Fatalf("the laptop's export holds nothing past version %d", head.Version)
	}
	next[0].Hash = "made up"
	l.insert("League", next)
	for _, db := range []string{l.annDB, l.orgDB} {
		_, e, code := run(t, db, "-c", "League", "roll", "d6", "--for", "more")
		if want := fmt.Sprintf("version %d", next[0].Version); code != 1 || !strings.Contains(e, want) || !strings.Contains(e, "nothing was decided on it") || strings.Count(e, "\n") != 1 {
			t.Errorf("a roll on the unchained row: exit %d, %q; want 1 and one line with %q", code, e, want)
		}
	}
	l.must(l.annDB, "-c", "Other", "roll", "d6", "--for", "Ann")
	l.voidAndPlayOn(next[0].Version)
	// The voided row travels as it is: an export of the campaign imports
	// on a laptop, whose verify lists it as voided too.
	out := filepath.Join(dir, "voided.jsonl")
	l.must(l.orgDB, "campaign", "export", "League", "--out", out)
	copyDB := filepath.Join(dir, "copy.db")
	l.must(copyDB, "campaign", "import", out)
	if got := l.must(copyDB, "verify"); !strings.Contains(got, fmt.Sprintf("voided by the organiser and passed over: version %d", next[0].Version)) {
		t.Errorf("verify of the imported copy: %q; want the voided row listed", got)
	}
	l.must(copyDB, "-c", "League", "roll", "d6", "--for", "on the laptop")
	// A file that claims a void no marker makes is refused.
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	header, rest, _ := strings.Cut(string(b), "\n")
	header = strings.Replace(header, `"voided":["`, `"voided":["0000000000000000","`, 1)
	forged := filepath.Join(dir, "forged.jsonl")
	if err := os.WriteFile(forged, []byte(header+"\n"+rest), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, e, code := run(t, filepath.Join(dir, "other.db"), "campaign", "import", forged); code != 1 || !strings.Contains(e, "no action.voided in the file voids it") {
		t.Errorf("import of a file naming a void no marker makes: exit %d, %q", code, e)
	}
}

// parseAt reads a stored event's time.
func parseAt(at string) (time.Time, error) { return time.Parse(events.TimeFormat, at) }

// On a file, whoever can write it is the organiser: a void is not refused
// for who asks, only for what it names.
func TestVoidOnAFile(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	if _, e, code := run(t, db, "campaign", "new", "F", "--game", "kingsown", "--seed", "3"); code != 0 {
		t.Fatal(e)
	}
	run(t, db, "roll", "d6")
	_, e, code := run(t, db, "campaign", "void", "3", "--why", "x")
	if code != 1 || !strings.Contains(e, "follows from the rules") || strings.Contains(e, "organiser") {
		t.Errorf("void of a good row on a file: exit %d, %q; want 1, refused for the row", code, e)
	}
	if _, e, code := run(t, db, "campaign", "void", "3"); code != 2 || !strings.Contains(e, "--why") {
		t.Errorf("void without --why: exit %d, %q; want 2", code, e)
	}
}

// A campaign exists only if the organiser created it: a stream whose
// events a player inserted with psql, its campaign.created included, is
// neither listed nor opened, whatever its name.
func TestPlayersCannotMakeACampaignByHand(t *testing.T) {
	l := newLeague(t)
	rows, err := l.annConn.Query(context.Background(), `SELECT campaign, version, action, type, data::text, at, prev, hash FROM events WHERE campaign = 'League' AND version <= 2 ORDER BY version`)
	if err != nil {
		t.Fatal(err)
	}
	var first []events.Event
	for rows.Next() {
		var e events.Event
		var data, at string
		if err := rows.Scan(&e.Campaign, &e.Version, &e.Action, &e.Type, &data, &at, &e.Prev, &e.Hash); err != nil {
			t.Fatal(err)
		}
		e.Data, e.At = json.RawMessage(data), time.Now()
		first = append(first, e)
	}
	rows.Close()
	for _, name := range []string{"Ghost", "Autumn"} {
		evs := append([]events.Event(nil), first...)
		evs[1].Data = json.RawMessage(strings.Replace(string(evs[1].Data), `"League"`, `"`+name+`"`, 1))
		l.insert(name, chain(events.Event{Campaign: name, Hash: events.Genesis}, evs))
	}
	// "Autumn" is also a name the organiser gives a campaign later.
	l.must(l.orgDB, "campaign", "rename", "Other", "Autumn")
	for _, db := range []string{l.annDB, l.orgDB} {
		out := l.must(db, "campaign", "list", "--all")
		if strings.Contains(out, "Ghost") || strings.Count(out, "Autumn") != 1 {
			t.Errorf("campaign list shows a stream a player inserted:\n%s", out)
		}
		if _, e, code := run(t, db, "-c", "Ghost", "log"); code != 1 || !strings.Contains(e, "no campaign") {
			t.Errorf("-c Ghost log: exit %d, %q; want no campaign", code, e)
		}
		if out := l.must(db, "-c", "Autumn", "log"); strings.Contains(out, "League") {
			t.Errorf("-c Autumn opened the player's stream:\n%s", out)
		}
		l.must(db, "verify")
	}
	// The organiser may still start a campaign of that name.
	l.must(l.orgDB, "campaign", "new", "Ghost", "--game", "kingsown", "--seed", "1")
	l.must(l.annDB, "-c", "Ghost", "roll", "d6")
	if out := l.must(l.annDB, "-c", "Ghost", "log"); strings.Count(out, "created") != 1 || !strings.Contains(out, "campaign Ghost created") || !strings.Contains(out, "rolled 1d6") {
		t.Errorf("the organiser's Ghost:\n%s", out)
	}
	l.must(l.orgDB, "verify")
}
