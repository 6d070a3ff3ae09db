package cmd

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"warlog/events"
	"warlog/events/sqlite"
)

// crashKills is how many writers the crash test kills: 20 in the ordinary
// run, 200 with WARLOG_SLOW=1 (see the README's reliability command).
func crashKills() int {
	if os.Getenv("WARLOG_SLOW") != "" {
		return 200
	}
	return 20
}

// warlogBin is the test binary installed as `warlog` on PATH by
// testscript.Main, so these tests run the real program as a process.
func warlogBin(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("warlog")
	if err != nil {
		t.Fatalf("warlog is not on PATH: %v", err)
	}
	return p
}

func checkIntact(t *testing.T, db string, acked []string, round int) {
	t.Helper()
	st, err := sqlite.Open(db, sqlite.Options{})
	if err != nil {
		t.Fatalf("round %d: reopen: %v", round, err)
	}
	defer st.Close()
	ctx := context.Background()
	if err := st.Check(ctx); err != nil {
		t.Fatalf("round %d: integrity: %v", round, err)
	}
	if _, err := events.VerifyStream(ctx, st, "crash"); err != nil {
		t.Fatalf("round %d: verify: %v", round, err)
	}
	for _, id := range acked {
		evs, err := st.Action(ctx, "crash", id)
		if err != nil {
			t.Fatal(err)
		}
		// An action is whole or absent: its begun event and its die.
		if len(evs) != 2 || evs[0].Type != events.TypeActionBegun || evs[1].Type != "dice.rolled" {
			t.Fatalf("round %d: acknowledged action %s is stored as %d events", round, id, len(evs))
		}
	}
}

// A writer killed with SIGKILL at random moments never loses an action it
// acknowledged, never leaves half an action, and never breaks the chain;
// resubmitting the id of an action whose fate was unknown stores it once.
func TestCrashKillsLoseNothingAcknowledged(t *testing.T) {
	t.Parallel() // waits on processes of its own, in a directory of its own
	bin := warlogBin(t)
	db := filepath.Join(t.TempDir(), "crash.db")
	if out, err := exec.Command(bin, "--db", db, "campaign", "new", "crash", "--game", "kingsown", "--seed", "1").CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	// Kill anywhere from before the start to after the end of one command:
	// time one first, since the race detector makes it several times slower.
	t0 := time.Now()
	if out, err := exec.Command(bin, "--db", db, "roll", "d6", "--for", "timing").CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	window := int(time.Since(t0).Microseconds() * 3 / 2)
	rng := rand.New(rand.NewPCG(42, 1))
	var acked, unknown []string
	// The window follows the machine: a busy one (the race pass beside
	// this test) makes a command slower than the one timed, a quiet one
	// faster. After four kills before an acknowledgement in a row it
	// doubles, after four acknowledgements in a row it halves, so that
	// both outcomes, which the test needs, keep coming.
	streak := 0 // > 0: acknowledged in a row; < 0: killed in a row
	adapt := func(ackd bool) {
		switch {
		case ackd && streak < 0, !ackd && streak > 0:
			streak = 0
		}
		if ackd {
			streak++
		} else {
			streak--
		}
		switch {
		case streak == 4:
			window, streak = max(window/2, 1), 0
		case streak == -4:
			window, streak = window*2, 0
		}
	}
	kills := crashKills()
	for i := 0; i < kills; i++ {
		id := fmt.Sprintf("w-%04d", i)
		cmd := exec.Command(bin, "--db", db, "roll", "d6", "--for", "crash test", "--action-id", id)
		var out strings.Builder
		cmd.Stdout = &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("writer %d failed on its own: %v", i, err)
			}
			if !strings.HasPrefix(out.String(), "rolled 1d6") {
				t.Fatalf("writer %d printed %q", i, out.String())
			}
			acked = append(acked, id)
		case <-time.After(time.Duration(rng.IntN(window)) * time.Microsecond):
			_ = cmd.Process.Signal(syscall.SIGKILL)
			<-done
			if strings.HasPrefix(out.String(), "rolled 1d6") {
				acked = append(acked, id)
			} else {
				unknown = append(unknown, id)
			}
		}
		adapt(len(acked) > 0 && acked[len(acked)-1] == id)
		checkIntact(t, db, acked, i)
	}
	t.Logf("%d writers: %d acknowledged, %d killed before acknowledging", kills, len(acked), len(unknown))
	if len(unknown) == 0 || len(acked) == 0 {
		t.Fatalf("%d acknowledged, %d killed: the test needs both to prove anything", len(acked), len(unknown))
	}
	// Retry unacknowledged ids (killed between commit and acknowledgement,
	// or before the commit): the first 100 times, a few more 10 times each;
	// each ends stored exactly once.
	for i, id := range unknown[:min(len(unknown), 4)] {
		tries := 10
		if i == 0 {
			tries = 100
		}
		for k := 0; k < tries; k++ {
			if out, err := exec.Command(bin, "--db", db, "roll", "d6", "--for", "crash test", "--action-id", id).CombinedOutput(); err != nil {
				t.Fatalf("retry of %s: %v %s", id, err, out)
			}
		}
		acked = append(acked, id)
	}
	checkIntact(t, db, acked, kills)
	// The same id with another command is refused.
	out, err := exec.Command(bin, "--db", db, "roll", "d8", "--action-id", acked[0]).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "different content") {
		t.Errorf("same id, other roll: %v %s", err, out)
	}
}

// A writer under a small file size limit fails within seconds with a plain
// error, and the file reopens intact with everything acknowledged.
func TestDiskFullFailsCleanly(t *testing.T) {
	t.Parallel() // waits on processes of its own, in a directory of its own
	bin := warlogBin(t)
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh here to set ulimit -f")
	}
	db := filepath.Join(t.TempDir(), "full.db")
	if out, err := exec.Command(bin, "--db", db, "campaign", "new", "crash", "--game", "kingsown").CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	var acked []string
	start := time.Now()
	for i := 0; ; i++ {
		id := fmt.Sprintf("f-%04d", i)
		// ulimit -f counts 512-byte blocks: 160 is 80 KiB.
		cmd := exec.Command("sh", "-c", `ulimit -f 160 && exec "$0" "$@"`, bin, "--db", db, "roll", "100d6", "--for", "filling the disk", "--action-id", id)
		out, err := cmd.CombinedOutput()
		if err == nil {
			acked = append(acked, id)
			if i > 500 {
				t.Fatal("500 actions fitted under an 80 KiB limit: the limit did not apply")
			}
			continue
		}
		msg := strings.TrimSpace(string(out))
		want := "warlog: the database file could not be written (is the disk full?); nothing was written"
		if msg != want {
			t.Fatalf("after %d actions the writer said %q, want %q", len(acked), msg, want)
		}
		break
	}
	if d := time.Since(start); d > 60*time.Second {
		t.Errorf("filling the limit took %v", d)
	}
	if len(acked) == 0 {
		t.Fatal("no action fitted at all")
	}
	// Each action writes two events (begun, dice), so acknowledged ids are
	// checked the same way as after a crash.
	checkIntact(t, db, acked, -1)
}

// firstCreateKills is how many first creations the creation crash test
// kills: 90 in the ordinary run, 600 with WARLOG_SLOW=1.
func firstCreateKills() int {
	if os.Getenv("WARLOG_SLOW") != "" {
		return 600
	}
	return 90
}

// A warlog killed at any moment of the very first `campaign new` on a new
// file leaves either no database or a usable one: the next command reads
// it, and the retry (same --action-id) creates the campaign or finds it
// created. A quarter of the kills land anywhere between the process's
// start-up and a little past the end of the command; the rest within 4 ms
// of the first file appearing in the database's directory, while the file
// is being created (before the file was built under another name, about
// one in ten of those left a file and a hot journal that every later
// command called damaged).
func TestCrashDuringFirstCreate(t *testing.T) {
	t.Parallel() // waits on processes of its own, in a directory of its own
	bin := warlogBin(t)
	timeIt := func(args ...string) time.Duration {
		t0 := time.Now()
		if out, err := exec.Command(bin, args...).CombinedOutput(); err != nil {
			t.Fatalf("%v: %v %s", args, err, out)
		}
		return time.Since(t0)
	}
	root := t.TempDir()
	startup := timeIt("--version")
	total := timeIt("--db", filepath.Join(root, "timing.db"), "campaign", "new", "T", "--game", "kingsown")
	lo, hi := startup*8/10, total*12/10
	rng := rand.New(rand.NewPCG(4, 4))
	var none, usable int
	for i := range firstCreateKills() {
		dir := filepath.Join(root, fmt.Sprint(i))
		if err := os.Mkdir(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		db := filepath.Join(dir, "w.db")
		create := []string{"campaign", "new", "C", "--game", "kingsown", "--seed", "1", "--action-id", "create-c"}
		cmd := exec.Command(bin, append([]string{"--db", db}, create...)...)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		kill := time.After(lo + time.Duration(rng.Int64N(int64(hi-lo))))
		if i%4 != 0 {
			kill = afterFirstFile(dir, time.Duration(rng.Int64N(int64(4*time.Millisecond))), done)
		}
		select {
		case <-done:
		case <-kill:
			_ = cmd.Process.Signal(syscall.SIGKILL)
			<-done
		}
		if _, err := os.Stat(db); err != nil {
			none++
		} else {
			usable++
			if _, e, code := run(t, db, "campaign", "list"); code != 0 {
				t.Fatalf("kill %d left a file no command can read: %s", i, e)
			}
		}
		if _, e, code := run(t, db, create...); code != 0 {
			t.Fatalf("kill %d: the retry failed: %s", i, e)
		}
		if out, e, code := run(t, db, "verify"); code != 0 || !strings.Contains(out, "1 campaign verified; C: ") {
			t.Fatalf("kill %d: after the retry verify says %s %s", i, out, e)
		}
	}
	t.Logf("%d kills (a quarter between %v and %v): %d left no file, %d a usable one", firstCreateKills(), lo, hi, none, usable)
}

// afterFirstFile fires delay after the first entry appears in dir,
// watching until the process is done (whose result it passes back). It
// spins rather than sleeps: a sleep of a few microseconds lasts a
// millisecond or more on a busy machine, past the moment it aims at.
func afterFirstFile(dir string, delay time.Duration, done chan error) <-chan time.Time {
	fire := make(chan time.Time, 1)
	go func() {
		for {
			select {
			case err := <-done:
				done <- err
				return
			default:
			}
			if es, _ := os.ReadDir(dir); len(es) > 0 {
				for at := time.Now().Add(delay); time.Now().Before(at); {
					runtime.Gosched()
				}
				fire <- time.Now()
				return
			}
			runtime.Gosched()
		}
	}()
	return fire
}

// A full disk during the first `campaign new` says the disk is full and
// leaves no database (and nothing else) behind.
func TestDiskFullDuringFirstCreate(t *testing.T) {
	t.Parallel() // waits on processes of its own, in a directory of its own
	bin := warlogBin(t)
	for _, blocks := range []int{1, 8, 16, 48} { // ulimit -f counts 512-byte blocks
		dir := filepath.Join(t.TempDir(), "club")
		db := filepath.Join(dir, "w.db")
		cmd := exec.Command("sh", "-c", fmt.Sprintf(`ulimit -f %d && exec "$0" "$@"`, blocks), bin, "--db", db, "campaign", "new", "C", "--game", "kingsown")
		out, err := cmd.CombinedOutput()
		if err == nil {
			t.Fatalf("ulimit -f %d: campaign new succeeded: %s", blocks, out)
		}
		if msg := string(out); !strings.HasPrefix(msg, "warlog: create "+db+": the database file could not be written (is the disk full?); nothing was written") {
			t.Errorf("ulimit -f %d: %q; want it to say the disk may be full", blocks, msg)
		}
		if left := listDir(t, dir); left != "" {
			t.Errorf("ulimit -f %d: the failed creation left %q", blocks, left)
		}
	}
}

// TestDiskFullDuringFirstCheckpoint fills a small file system (a tmpfs of
// a mount namespace of the test's own, where the machine allows one) as
// the new database is checkpointed: the WAL takes room that the file then
// lacks as it grows, and the checkpoint's failure is not reported when the
// connection closes. Whatever the size, the creation leaves no file, or
// one every command can read.
func TestDiskFullDuringFirstCheckpoint(t *testing.T) {
	t.Parallel() // waits on processes of its own, in a directory of its own
	if runtime.GOOS != "linux" {
		t.Skip("needs a Linux mount namespace")
	}
	if err := exec.Command("unshare", "-rm", "true").Run(); err != nil {
		t.Skipf("no mount namespace for this user: %v", err)
	}
	bin := warlogBin(t)
	const script = `mount -t tmpfs -o size="$2" tmpfs "$0" || exit 99
"$1" --db "$0/w.db" campaign new C --game kingsown 2>&1; echo "@rc=$?"
echo "@files=$(ls -A "$0")"
if [ -e "$0/w.db" ]; then "$1" --db "$0/w.db" verify 2>&1; echo "@verify=$?"; fi`
	for kib := 120; kib <= 320; kib += 20 {
		dir := t.TempDir()
		out, err := exec.Command("unshare", "-rm", "sh", "-c", script, dir, bin, fmt.Sprintf("%dk", kib)).CombinedOutput()
		if code := exitCode(err); code == 99 {
			t.Skipf("no tmpfs in a mount namespace: %s", out)
		} else if err != nil {
			t.Fatalf("%d KiB: %v %s", kib, err, out)
		}
		msg := string(out)
		switch {
		case strings.Contains(msg, "@rc=0"):
			if !strings.Contains(msg, "@verify=0") {
				t.Errorf("%d KiB: the campaign was created in a file verify refuses:\n%s", kib, msg)
			}
		case !strings.HasPrefix(msg, "warlog: create "+dir+"/w.db: the database file could not be written (is the disk full?); nothing was written"):
			t.Errorf("%d KiB: %q; want it to say the disk may be full", kib, msg)
		case !strings.Contains(msg, "@files=\n"):
			t.Errorf("%d KiB: the failed creation left files:\n%s", kib, msg)
		}
	}
}

// exitCode is a finished command's exit status (0 when err is nil, -1
// when it did not run to an exit).
func exitCode(err error) int {
	if err == nil {
		return 0
	}
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	return -1
}
