//go:build pgfaults

package cmd

// The fault test of the league's server stops the machine's PostgreSQL
// server in the middle of appends, so it is kept out of `go test ./...`
// (other tests would lose their server) and run by hand:
//
//	go test -tags pgfaults ./cmd -run TestServerStopped -count=1 -v
//
// It always starts the server again, whatever happens.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"warlog/events/postgres"
	"warlog/internal/pgtest"
)

// pgctl runs pg_ctlcluster on the machine's cluster.
func pgctl(t *testing.T, args ...string) {
	t.Helper()
	versions, err := os.ReadDir("/etc/postgresql")
	if err != nil || len(versions) == 0 {
		t.Fatalf("no PostgreSQL cluster in /etc/postgresql: %v", err)
	}
	cmd := exec.Command("pg_ctlcluster", append([]string{"--skip-systemctl-redirect", versions[0].Name(), "main"}, args...)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Logf("pg_ctlcluster %v: %v\n%s", args, err, out)
	}
}

// serverUp waits until the server takes connections.
func serverUp(t *testing.T) {
	t.Helper()
	for range 60 {
		if exec.Command("pg_isready", "-q", "-h", "127.0.0.1", "-p", "5432").Run() == nil {
			return
		}
		time.Sleep(500 * time.Millisecond)
	}
	t.Fatal("the PostgreSQL server did not come back within 30s")
}

// TestServerStopped: warlogs append free rolls while the server is stopped
// (immediate mode, as a power cut would) and started again. Nothing
// acknowledged is lost, no action is stored half, verify passes, and every
// failure is one plain line with exit 1; a follower whose connection drops
// says so in one line and exits 1.
func TestServerStopped(t *testing.T) {
	bin, _ := binaries(t)
	addr := pgtest.Address(t)
	t.Cleanup(func() { pgctl(t, "start"); serverUp(t) }) // runs before the schema is dropped
	warlog := func(ctx context.Context, args ...string) attempt {
		cmd := exec.CommandContext(ctx, bin, append([]string{"--db", addr}, args...)...)
		cmd.Env = []string{"HOME=" + t.TempDir(), "PATH=" + os.Getenv("PATH"), "NO_COLOR=1"}
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		code := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return attempt{code: code, stdout: out.String(), stderr: errb.String()}
	}
	if a := warlog(context.Background(), "campaign", "new", "Faults", "--game", "kingsown", "--seed", "9"); a.code != 0 {
		t.Fatalf("campaign new: %s", a.stderr)
	}
	// A second screen follows the log through the fault.
	fctx, cancelFollow := context.WithCancel(context.Background())
	defer cancelFollow()
	followed := make(chan attempt, 1)
	go func() { followed <- warlog(fctx, "log", "--follow") }()

	ws := startWriters(4, func(w int, id string) attempt {
		return warlog(context.Background(), "roll", "d6", "--for", "writer "+fmt.Sprint(w), "--action-id", id)
	})
	time.Sleep(2 * time.Second)
	pgctl(t, "stop", "-m", "immediate")
	t.Log("server stopped")
	time.Sleep(2 * time.Second)
	pgctl(t, "start")
	serverUp(t)
	t.Log("server started")
	time.Sleep(2 * time.Second)
	attempts := ws.finish()

	// The follower lost its connection: one plain line, exit 1.
	select {
	case f := <-followed:
		if f.code != 1 || strings.Count(f.stderr, "\n") != 1 || !strings.Contains(f.stderr, "was lost") {
			t.Errorf("log --follow when the server stopped: exit %d, stderr %q; want 1 and one line saying the connection was lost", f.code, f.stderr)
		}
	case <-time.After(10 * time.Second):
		t.Error("log --follow still runs after its server stopped")
	}

	store, err := postgres.Open(context.Background(), addr, postgres.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	ctx := context.Background()
	key := "Faults"
	acked, failed, uncertain, messages := checkAttempts(t, store, key, attempts)
	t.Logf("%d attempts: %d acknowledged, %d refused (%d of them unsure whether stored)", len(attempts), acked, failed, uncertain)
	for m, n := range messages {
		t.Logf("%4d × %s", n, m)
	}
	if acked == 0 || failed == 0 {
		t.Errorf("want appends both before and during the fault: %d acknowledged, %d refused", acked, failed)
	}
	if a := warlog(ctx, "verify"); a.code != 0 {
		t.Errorf("verify after the fault: exit %d %s", a.code, a.stderr)
	} else {
		t.Log(strings.TrimSpace(a.stdout))
	}
}
