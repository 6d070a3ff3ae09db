package cmd

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/rogpeppe/go-internal/testscript"

	"warlog/cmd/cmdutil"
	"warlog/internal/pgtest"
)

// TestLeagueScripts runs testdata/league/*.txtar like TestScripts, with
// WARLOG_DB a PostgreSQL schema of each script's own on the machine's
// server (which must be running: the test fails without it) and LAPTOP an
// SQLite file beside it.
func TestLeagueScripts(t *testing.T) {
	t.Parallel() // each script has a schema of its own
	pgtest.Need(t)
	testscript.Run(t, testscript.Params{
		Dir: "../testdata/league",
		Setup: func(env *testscript.Env) error {
			env.Setenv("WARLOG_DB", pgtest.Address(t))
			env.Setenv("LAPTOP", env.WorkDir+"/laptop.db")
			env.Setenv("HOME", env.WorkDir+"/home")
			env.Setenv("XDG_DATA_HOME", env.WorkDir+"/home/.local/share")
			env.Setenv("NO_COLOR", "1")
			env.Setenv("TZ", "UTC")
			return nil
		},
		UpdateScripts: os.Getenv("UPDATE_GOLDEN") != "",
	})
}

// syncBuffer is a buffer two goroutines may use.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// follow runs a command line until stop is called, and returns its
// output so far and, after stop, its exit status.
func follow(t *testing.T, db string, args ...string) (out *syncBuffer, stop func() int) {
	t.Helper()
	out = &syncBuffer{}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() {
		app := &cmdutil.App{In: strings.NewReader(""), Out: out, Err: out, Getenv: func(string) string { return "" }, Engines: Engines()}
		done <- Run(ctx, app, append([]string{"--db", db}, args...))
	}()
	return out, func() int {
		cancel()
		select {
		case code := <-done:
			return code
		case <-time.After(10 * time.Second):
			t.Fatal("the follower did not stop within 10s of Ctrl-C")
			return 0
		}
	}
}

// waitFor waits until out holds want.
func waitFor(t *testing.T, out *syncBuffer, want string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(out.String(), want) {
		if time.Now().After(deadline) {
			t.Fatalf("after 10s the output lacks %q:\n%s", want, out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// A second screen shows what another table appends, on a server and on a
// file, and Ctrl-C leaves it with 130.
func TestFollowAndWatch(t *testing.T) {
	for _, store := range []struct{ name, db string }{
		{"postgres", pgtest.Address(t)},
		{"sqlite", filepath.Join(t.TempDir(), "w.db")},
	} {
		t.Run(store.name, func(t *testing.T) {
			if _, e, code := run(t, store.db, "campaign", "new", "Live", "--game", "kingsown", "--seed", "3"); code != 0 {
				t.Fatalf("campaign new: %s", e)
			}
			log, stopLog := follow(t, store.db, "log", "--follow")
			status, stopStatus := follow(t, store.db, "status", "--watch", "--json")
			waitFor(t, log, "campaign Live created")
			waitFor(t, status, `"campaign": "Live"`)
			for i, who := range []string{"Ann", "Ben"} {
				if _, e, code := run(t, store.db, "roll", "d6", "--for", who); code != 0 {
					t.Fatalf("roll: %s", e)
				}
				waitFor(t, log, "for "+who)
				// The status is shown again after each append.
				deadline := time.Now().Add(10 * time.Second)
				for strings.Count(status.String(), `"campaign": "Live"`) < 2+i && time.Now().Before(deadline) {
					time.Sleep(20 * time.Millisecond)
				}
				if n := strings.Count(status.String(), `"campaign": "Live"`); n != 2+i {
					t.Errorf("after %d appends status --watch showed the status %d times; want %d", i+1, n, 2+i)
				}
			}
			if code := stopLog(); code != cmdutil.ExitInterrupted {
				t.Errorf("log --follow after Ctrl-C: exit %d, want 130\n%s", code, log.String())
			}
			if code := stopStatus(); code != cmdutil.ExitInterrupted {
				t.Errorf("status --watch after Ctrl-C: exit %d, want 130", code)
			}
			if lines := strings.Count(log.String(), "\n"); lines != 4 {
				t.Errorf("log --follow printed %d lines, want 3 actions and the interruption:\n%s", lines, log.String())
			}
		})
	}
}

// The errors of a server: one line each, exit 1, saying what was wrong
// and what would be right, never the driver's words.
func TestServerErrors(t *testing.T) {
	t.Parallel() // a schema of its own
	pgtest.Need(t)
	for _, c := range []struct{ db, want string }{
		{"postgres://postgres@127.0.0.1:1/test", "no PostgreSQL server answers at 127.0.0.1:1/test (connection refused): start it, or check the host and port in the address"},
		{"postgres://postgres@127.0.0.1:5432/no_such_db_here", `the PostgreSQL server at 127.0.0.1:5432 has no database "no_such_db_here": create it (createdb no_such_db_here), or check the address`},
		{"postgres://no_such_user_here@127.0.0.1:5432/test", `the PostgreSQL server at 127.0.0.1:5432/test does not let user "no_such_user_here" in: check the user and password in the address`},
		{"postgres://x:secret@127.0.0.1:70000/test", `the database address postgres://x:xxxxx@127.0.0.1:70000/test cannot be read (its port "70000" is not a number from 1 to 65535); write it as postgres://USER@HOST:PORT/DATABASE`},
		{pgtest.WithSchema(pgtest.Server(), "no_such_schema"), `the database 127.0.0.1:5432/test has no schema for warlog's tables that user "postgres" may use (its search_path names none that exists and is open to the user): create one, set search_path in the address, or have the league's organiser grant USAGE on it`},
	} {
		out, e, code := run(t, c.db, "log")
		if code != 1 || out != "" || e != "warlog: "+c.want+"\n" {
			t.Errorf("--db %s: exit %d, stdout %q, stderr %q; want 1 and %q", c.db, code, out, e, c.want)
		}
	}
	// A missing table: the log of a schema whose events table is gone.
	schema := pgtest.Schema(t)
	db := pgtest.WithSchema(pgtest.Server(), schema)
	run(t, db, "campaign", "new", "X", "--game", "kingsown")
	conn := pgtest.Connect(t)
	defer conn.Close(context.Background())
	if _, err := conn.Exec(context.Background(), fmt.Sprintf("DROP TABLE %s.snapshots", schema)); err != nil {
		t.Fatal(err)
	}
	// A trigger that keeps the log append-only, turned off: verify says so.
	if _, err := conn.Exec(context.Background(), fmt.Sprintf("ALTER TABLE %s.events DISABLE TRIGGER events_append_only_update", schema)); err != nil {
		t.Fatal(err)
	}
	if _, e, code := run(t, db, "verify"); code != 1 || !strings.Contains(e, "the trigger events_append_only_update is turned off, which let events be changed") || strings.Count(e, "\n") != 1 {
		t.Errorf("verify without its trigger: exit %d, %q; want 1 and one line naming the trigger", code, e)
	}
	_, e, code := run(t, db, "rebuild")
	if want := "warlog: a table warlog needs is missing from 127.0.0.1:5432/test (\"snapshots\" does not exist): was it dropped? Restore the database, or point the address at another one\n"; code != 1 || e != want {
		t.Errorf("rebuild without its table: exit %d, %q; want 1 and %q", code, e, want)
	}
}

// playerGrants are the statements of the README's "A league on a server"
// that give the players' role its rights, word for word: read every
// table, append to the log, keep their own `warlog use`.
const playerGrants = `GRANT USAGE ON SCHEMA %[1]s TO %[2]s;
GRANT SELECT ON ALL TABLES IN SCHEMA %[1]s TO %[2]s;
GRANT INSERT ON %[1]s.events TO %[2]s;
GRANT INSERT, UPDATE ON %[1]s.settings TO %[2]s;`

// The database user is the boundary: a player with the README's rights
// plays, and cannot rewrite history, create or rename campaigns, or drop
// snapshots; even the tables' owner cannot change an event.
func TestPlayersAppendOnly(t *testing.T) {
	ctx := context.Background()
	su := pgtest.Connect(t)
	defer su.Close(ctx)
	schema := pgtest.Schema(t)
	org, players, ann := leagueRoles(t, su, schema)
	base := pgtest.WithSchema(pgtest.Server(), schema)
	orgDB, annDB := pgtest.WithUser(base, org), pgtest.WithUser(base, ann)
	// A player before the organiser has set the database up.
	if _, err := su.Exec(ctx, "GRANT USAGE ON SCHEMA "+schema+" TO "+players); err != nil {
		t.Fatal(err)
	}
	_, e, code := run(t, annDB, "campaign", "list")
	if want := fmt.Sprintf(`warlog: the database 127.0.0.1:5432/test has no warlog tables (schema 0 of 1) and user %q may not create them; nothing was written: the league's organiser runs any warlog command against it first`+"\n", ann); code != 1 || e != want {
		t.Errorf("a player on an empty database: exit %d, %q; want 1 and %q", code, e, want)
	}
	mustRun := func(db string, args ...string) string {
		t.Helper()
		out, e, code := run(t, db, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, e)
		}
		return out
	}
	mustRun(orgDB, "campaign", "new", "League", "--game", "kingsown", "--seed", "5")
	oc := pgtest.Connect(t)
	defer oc.Close(ctx)
	if _, err := oc.Exec(ctx, "SET ROLE "+org+"; "+fmt.Sprintf(playerGrants, schema, players)+" RESET ROLE"); err != nil {
		t.Fatalf("the organiser's grants: %v", err)
	}
	// Ann plays: she chooses the campaign (her own setting), rolls, reads.
	mustRun(annDB, "use", "League")
	mustRun(annDB, "roll", "d6", "--for", "Ann")
	mustRun(annDB, "ko", "recruit", "Bors", "--side", "hunters", "--skill", "4", "--hits", "2", "--armour", "leather", "--weapon", "Sword:2:1")
	if out := mustRun(annDB, "log"); !strings.Contains(out, "rolled 1d6 for Ann") {
		t.Errorf("Ann's log lacks her roll:\n%s", out)
	}
	mustRun(annDB, "verify")
	// She may not make or rename campaigns, nor drop snapshots.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"campaign", "new", "Mine", "--game", "kingsown"}, "may not write to the table campaigns in 127.0.0.1:5432/test; nothing was written"},
		{[]string{"campaign", "rename", "League", "Ann's"}, "may not write to the table campaigns"},
		{[]string{"rebuild"}, "may not write to the table snapshots"},
	} {
		_, e, code := run(t, annDB, c.args...)
		if code != 1 || !strings.Contains(e, c.want) || strings.Count(e, "\n") != 1 || strings.Contains(e, "SQLSTATE") {
			t.Errorf("Ann: %v: exit %d, %q; want 1 and one line with %q", c.args, code, e, c.want)
		}
	}
	// Nor delete the campaign; and the export a delete writes first is not
	// left behind when the delete is refused.
	dir := t.TempDir()
	t.Chdir(dir)
	if _, e, code := run(t, annDB, "campaign", "delete", "League", "--yes"); code != 1 || !strings.Contains(e, "nothing was deleted") {
		t.Errorf("Ann: campaign delete: exit %d, %q; want 1 and nothing deleted", code, e)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*.jsonl")); len(left) > 0 {
		t.Errorf("a refused delete left its export behind: %v", left)
	}
	// Nor change or remove an event, by any way round warlog.
	annConn := pgtest.Connect(t)
	defer annConn.Close(ctx)
	if _, err := annConn.Exec(ctx, "SET ROLE "+ann+"; SET search_path = "+schema); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`UPDATE events SET data = '{"values":[6]}' WHERE version = 4`,
		`DELETE FROM events WHERE version > 2`,
		`TRUNCATE events`,
		`UPDATE settings SET value = 'x' WHERE usr <> current_user`,
	} {
		tag, err := annConn.Exec(ctx, q)
		if strings.HasPrefix(q, "UPDATE settings") {
			if err != nil || tag.RowsAffected() != 0 {
				t.Errorf("Ann: %s: %v, %d rows; want none of the others' settings", q, err, tag.RowsAffected())
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), "permission denied") {
			t.Errorf("Ann: %s: %v; want permission denied", q, err)
		}
	}
	// The owner may, by rights, and the triggers refuse all the same.
	if _, err := oc.Exec(ctx, "SET ROLE "+org+"; SET search_path = "+schema); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`UPDATE events SET data = '{}' WHERE version = 4`, `DELETE FROM events WHERE version > 2`, `TRUNCATE events`} {
		if _, err := oc.Exec(ctx, q); err == nil || !strings.Contains(err.Error(), "events are append-only") {
			t.Errorf("the owner: %s: %v; want the trigger's refusal", q, err)
		}
	}
	// What INSERT allows, an event appended by hand, verify names.
	if _, err := annConn.Exec(ctx, `INSERT INTO events (campaign, version, action, type, data, at, prev, hash)
		SELECT campaign, version + 1, 'forged', 'dice.rolled', '{"values":[6]}', at, hash, 'made up' FROM events ORDER BY version DESC LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	_, e, code = run(t, annDB, "verify")
	if code != 1 || !strings.Contains(e, `campaign "League": the log is broken at version `) {
		t.Errorf("verify after a forged append: exit %d, %q; want 1 naming the version", code, e)
	}
}

// leagueRoles makes the roles of a league in schema, dropped when t ends:
// its organiser (who owns the schema), the players' group and a player,
// ann, in it.
func leagueRoles(t *testing.T, su *pgx.Conn, schema string) (org, players, ann string) {
	t.Helper()
	ctx := context.Background()
	suffix := strings.TrimPrefix(schema, "wl_test_")
	org, players, ann = "wl_org_"+suffix, "wl_players_"+suffix, "wl_ann_"+suffix
	for _, q := range []string{
		"CREATE ROLE " + org + " LOGIN",
		"CREATE ROLE " + players + " NOLOGIN",
		"CREATE ROLE " + ann + " LOGIN IN ROLE " + players,
		"ALTER SCHEMA " + schema + " OWNER TO " + org,
	} {
		if _, err := su.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() {
		c := pgtest.Connect(t)
		defer c.Close(context.Background())
		for _, q := range []string{"DROP OWNED BY " + org + ", " + players + ", " + ann + " CASCADE", "DROP ROLE " + ann, "DROP ROLE " + players, "DROP ROLE " + org} {
			if _, err := c.Exec(context.Background(), q); err != nil {
				t.Errorf("%s: %v", q, err)
			}
		}
	})
	return org, players, ann
}
