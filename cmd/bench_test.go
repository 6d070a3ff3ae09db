package cmd

// The performance benchmarks of issue 9. Each reports its target as a
// ratio against a floor measured in the same run, so the figures mean the
// same on a fast or a slow machine:
//
//	go test ./cmd -run '^$' -bench . -benchtime 20x -timeout 60m
//
// The first run grows the campaigns (100,000 events per game by random
// legal play, testdata/gen) and caches them in the user's cache directory;
// later runs copy them. WARLOG_BENCH_EVENTS changes the size,
// WARLOG_BENCH_GAMES (comma-separated) the games.

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"warlog/campaigns"
	"warlog/events/sqlite"
	"warlog/internal/phase"
	"warlog/testdata/gen"
)

func benchEvents() int64 {
	if n, err := strconv.ParseInt(os.Getenv("WARLOG_BENCH_EVENTS"), 10, 64); err == nil && n > 0 {
		return n
	}
	return 100_000
}

func benchGames() []string {
	if g := os.Getenv("WARLOG_BENCH_GAMES"); g != "" {
		return strings.Split(g, ",")
	}
	var out []string
	for _, e := range Engines() {
		out = append(out, e.Info().Name)
	}
	return out
}

var (
	binOnce  sync.Once
	binDir   string
	binError error
)

// binaries builds warlog and the bare-row floor once per test process.
func binaries(tb testing.TB) (warlog, barerow string) {
	tb.Helper()
	binOnce.Do(func() {
		binDir, binError = os.MkdirTemp("", "warlog-bench-bin")
		if binError != nil {
			return
		}
		for _, b := range [][3]string{{"warlog", ".", ""}, {"barerow", "./testdata/barerow", ""}, {"barerow-libs", "./testdata/barerow", "libs"}} {
			cmd := exec.Command("go", "build", "-tags", b[2], "-o", filepath.Join(binDir, b[0]), b[1])
			cmd.Dir = ".."
			cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
			if out, err := cmd.CombinedOutput(); err != nil {
				binError = fmt.Errorf("go build %s: %v\n%s", b[1], err, out)
				return
			}
		}
	})
	if binError != nil {
		tb.Fatal(binError)
	}
	return filepath.Join(binDir, "warlog"), filepath.Join(binDir, "barerow")
}

// bareRowWithLibs is the bare-row floor linked with warlog's required
// libraries (testdata/barerow, -tags libs), built by binaries.
func bareRowWithLibs() string { return filepath.Join(binDir, "barerow-libs") }

// proc runs one process to its end and returns its wall time and peak
// resident memory.
func proc(tb testing.TB, home string, bin string, args ...string) (time.Duration, int64) {
	tb.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "NO_COLOR=1"}
	start := time.Now()
	out, err := cmd.CombinedOutput()
	d := time.Since(start)
	if err != nil {
		tb.Fatalf("%s %v: %v\n%s", filepath.Base(bin), args, err, out)
	}
	var rss int64
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		rss = ru.Maxrss * 1024 // kilobytes on Linux
	}
	return d, rss
}

// BenchmarkStatus: `warlog status` on a large campaign, the whole process,
// against a bare `warlog --version` (target: at most 3x).
func BenchmarkStatus(b *testing.B) {
	bin, _ := binaries(b)
	for _, game := range benchGames() {
		b.Run(game, func(b *testing.B) {
			db, name := growCampaign(b, game, benchEvents())
			home := b.TempDir()
			proc(b, home, bin, "--db", db, "-c", name, "status") // warm the file cache
			var status, version time.Duration
			n := 0
			for b.Loop() {
				d, _ := proc(b, home, bin, "--version")
				version += d
				d, _ = proc(b, home, bin, "--db", db, "-c", name, "status")
				status += d
				n++
			}
			b.ReportMetric(ms(status)/float64(n), "status-ms")
			b.ReportMetric(ms(version)/float64(n), "version-ms")
			b.ReportMetric(float64(status)/float64(version), "status/version")
		})
	}
}

// BenchmarkRebuild: replaying a whole large campaign with no snapshot
// (read, decode, fold every event) against a plain database/sql scan of the
// same rows (target: at least 0.7x the scan's rate).
func BenchmarkRebuild(b *testing.B) {
	ctx := context.Background()
	for _, game := range benchGames() {
		b.Run(game, func(b *testing.B) {
			db, name := growCampaign(b, game, benchEvents())
			store, err := sqlite.Open(db, sqlite.Options{})
			if err != nil {
				b.Fatal(err)
			}
			defer store.Close()
			svc := campaigns.New(store, Engines()...)
			svc.SnapshotEvery(0)
			var scan, replay time.Duration
			var rows, evs int64
			for b.Loop() {
				start := time.Now()
				rows = plainScan(b, store, name)
				scan += time.Since(start)
				start = time.Now()
				st, err := svc.Load(ctx, name)
				if err != nil {
					b.Fatal(err)
				}
				replay += time.Since(start)
				evs = st.Version
			}
			if rows != evs {
				b.Fatalf("the scan read %d rows, the replay %d events", rows, evs)
			}
			n := float64(b.N)
			b.ReportMetric(float64(evs)*n/scan.Seconds()/1000, "scan-krows/s")
			b.ReportMetric(float64(evs)*n/replay.Seconds()/1000, "replay-kevents/s")
			b.ReportMetric(scan.Seconds()/replay.Seconds(), "replay/scan")
		})
	}
}

// BenchmarkVerify: re-deciding a whole large campaign from its start
// (every action decided again from its recorded command and dice, its facts
// compared with the stored ones: what verify and rebuild do) against
// replaying it with no snapshot, measured in the same run (target: at most
// 3x the replay).
func BenchmarkVerify(b *testing.B) {
	ctx := context.Background()
	for _, game := range benchGames() {
		b.Run(game, func(b *testing.B) {
			db, name := growCampaign(b, game, benchEvents())
			store, err := sqlite.Open(db, sqlite.Options{})
			if err != nil {
				b.Fatal(err)
			}
			defer store.Close()
			svc := campaigns.New(store, Engines()...)
			svc.SnapshotEvery(0)
			var replay, rederive, replayCPU, rederiveCPU time.Duration
			var actions int
			for b.Loop() {
				start, cpu := time.Now(), processCPU()
				if _, err := svc.Load(ctx, name); err != nil {
					b.Fatal(err)
				}
				replay += time.Since(start)
				replayCPU += processCPU() - cpu
				start, cpu = time.Now(), processCPU()
				rd, err := svc.Rederive(ctx, name)
				if err != nil {
					b.Fatal(err)
				}
				rederive += time.Since(start)
				rederiveCPU += processCPU() - cpu
				actions = rd.Actions
				if len(rd.Unchecked) > 0 {
					b.Fatalf("actions not re-derived: %v", rd.UncheckedSummary())
				}
			}
			n := float64(b.N)
			b.ReportMetric(float64(actions), "actions")
			b.ReportMetric(ms(replay)/n, "replay-ms")
			b.ReportMetric(ms(rederive)/n, "rederive-ms")
			b.ReportMetric(rederive.Seconds()/replay.Seconds(), "rederive/replay")
			// The same in processor time (both cores counted), the
			// work a re-decision does whatever the cores it has.
			b.ReportMetric(rederiveCPU.Seconds()/replayCPU.Seconds(), "cpu-rederive/replay")
		})
	}
}

// processCPU is the processor time this process has used so far, user
// and system, on all its threads.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// plainScan reads every event of campaign through database/sql into plain
// Go values, the six columns a replay reads, and does nothing with them.
func plainScan(tb testing.TB, store *sqlite.Store, campaign string) int64 {
	rows, err := store.DB().Query(`SELECT version, action, type, data, at, hash FROM events WHERE campaign = ? ORDER BY version`, campaign)
	if err != nil {
		tb.Fatal(err)
	}
	defer rows.Close()
	var n, version int64
	var action, typ, data, at, hash string
	for rows.Next() {
		if err := rows.Scan(&version, &action, &typ, &data, &at, &hash); err != nil {
			tb.Fatal(err)
		}
		n++
	}
	if err := rows.Err(); err != nil {
		tb.Fatal(err)
	}
	return n
}

// BenchmarkAppend: one action (`warlog roll d6`) on a large campaign, the
// whole process, against a process that commits one bare row with the same
// driver and settings (target: at most 1.5x). It also times that bare row
// from a process linked with the libraries warlog must use, the floor any
// warlog starts from.
func BenchmarkAppend(b *testing.B) {
	bin, bare := binaries(b)
	for _, game := range benchGames() {
		b.Run(game, func(b *testing.B) {
			db, name := growCampaign(b, game, benchEvents())
			home := b.TempDir()
			rowsDB := filepath.Join(b.TempDir(), "rows.db")
			proc(b, home, bare, rowsDB)
			proc(b, home, bin, "--db", db, "-c", name, "status")
			libsDB := filepath.Join(b.TempDir(), "rows-libs.db")
			proc(b, home, bareRowWithLibs(), libsDB)
			var app, floor, libs, start time.Duration
			n := 0
			for b.Loop() {
				d, _ := proc(b, home, bare, rowsDB)
				floor += d
				d, _ = proc(b, home, bareRowWithLibs(), libsDB)
				libs += d
				d, _ = proc(b, home, bin, "--db", db, "-c", name, "roll", "d6", "--for", "scatter")
				app += d
				d, _ = proc(b, home, bin, "--version")
				start += d
				n++
			}
			b.ReportMetric(ms(app)/float64(n), "append-ms")
			b.ReportMetric(ms(floor)/float64(n), "bare-row-ms")
			b.ReportMetric(float64(app)/float64(floor), "append/bare")
			// What the append costs beyond warlog's own start, against the
			// whole bare-row process (whose start is a smaller binary's).
			b.ReportMetric(float64(app-start)/float64(floor), "(append-version)/bare")
			// The same bare row from a process that only links the libraries
			// warlog is required to use: the part of the ratio that is their
			// start, before warlog does anything.
			b.ReportMetric(float64(libs)/float64(floor), "bare+libs/bare")
			// The target: against the bare row linked with the required
			// libraries, the floor any warlog starts from.
			b.ReportMetric(float64(app)/float64(libs), "append/bare+libs")
		})
	}
}

// BenchmarkReplayMemory: `warlog status` replaying 1,000,000 events with no
// snapshot, the peak resident memory of the process (target: 48 MiB), the
// highest and the lowest over the runs (the target asks for a stable peak).
// The campaign is a grown Deadwars campaign followed by free rolls up to
// the size (a random walk of a million events would take an hour).
//
// The peak is the process's own (VmHWM, read from /proc while it runs):
// the rusage of a child started by this process also counts this
// process's own peak, which its memory shares until the child's exec.
func BenchmarkReplayMemory(b *testing.B) {
	bin, _ := binaries(b)
	db, name := millionCampaign(b)
	home := b.TempDir()
	var peak, low int64
	var took time.Duration
	for b.Loop() {
		d, rss := procPeak(b, home, bin, "--db", db, "-c", name, "status")
		peak, took = max(peak, rss), took+d
		if low == 0 || rss < low {
			low = rss
		}
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-RSS-MiB")
	b.ReportMetric(float64(low)/(1<<20), "lowest-peak-RSS-MiB")
	b.ReportMetric(took.Seconds()/float64(b.N), "s/replay")
}

// procPeak runs one process to its end and returns its wall time and its
// own peak resident memory (VmHWM), read from /proc every millisecond
// while it runs; the peak only grows, so the last reading is the peak.
func procPeak(tb testing.TB, home string, bin string, args ...string) (time.Duration, int64) {
	tb.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "NO_COLOR=1"}
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	status := fmt.Sprintf("/proc/%d/status", cmd.Process.Pid)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var hwm int64
	for {
		if b, err := os.ReadFile(status); err == nil {
			for _, line := range strings.Split(string(b), "\n") {
				if kb, ok := strings.CutPrefix(line, "VmHWM:"); ok {
					if n, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(kb), "kB")), 10, 64); err == nil && n*1024 > hwm {
						hwm = n * 1024
					}
				}
			}
		}
		select {
		case err := <-done:
			d := time.Since(start)
			if err != nil {
				tb.Fatalf("%s %v: %v\n%s", filepath.Base(bin), args, err, out.String())
			}
			if hwm == 0 {
				tb.Fatalf("%s %v: no VmHWM read from %s", filepath.Base(bin), args, status)
			}
			return d, hwm
		case <-time.After(time.Millisecond):
		}
	}
}

// millionCampaign is a copy of the cached 1,000,000-event campaign, with no
// snapshot so that a load replays every event.
func millionCampaign(tb testing.TB) (string, string) {
	tb.Helper()
	const size = 1_000_000
	src, name, err := cachedCampaign("deadwars", benchEvents())
	if err != nil {
		tb.Fatal(err)
	}
	big := strings.TrimSuffix(src, ".db") + fmt.Sprintf("-rolls%d.db", size)
	growMu.Lock()
	if _, err := os.Stat(big); err != nil {
		tmp := fmt.Sprintf("%s.%d.tmp", big, os.Getpid())
		os.Remove(tmp)
		err := copyFile(src, tmp)
		if err == nil {
			err = padWithRolls(tmp, name, size)
		}
		if err == nil {
			err = os.Rename(tmp, big)
		}
		if err != nil {
			growMu.Unlock()
			tb.Fatal(err)
		}
	}
	growMu.Unlock()
	db := filepath.Join(tb.TempDir(), "million.db")
	if err := copyFile(big, db); err != nil {
		tb.Fatal(err)
	}
	store, err := sqlite.Open(db, sqlite.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	defer store.Close()
	if _, err := store.DropSnapshots(context.Background()); err != nil {
		tb.Fatal(err)
	}
	return db, name
}

func padWithRolls(db, name string, size int64) error {
	store, err := sqlite.Open(db, sqlite.Options{})
	if err != nil {
		return err
	}
	svc := campaigns.New(store, Engines()...)
	err = gen.Rolls(context.Background(), svc, store, name, gen.Options{Events: size, Seed: 5})
	if cerr := store.Close(); err == nil {
		err = cerr
	}
	return err
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// BenchmarkPhases: the phase profile of `warlog status` and of one append
// (`warlog roll d6`) on a large campaign, each phase's median time as a
// share of the bare start (a whole `warlog --version` of the same binary,
// measured in the same run). The processes are the real binary with
// WARLOG_PHASES set (internal/phase): each names where its time went, from
// the moment it was started to its exit. It prints docs/performance.md's profile
// table; WARLOG_PHASES_BEFORE=PATH names an older warlog binary (built
// from a commit that has the phase marks) to profile in turn in the same
// run, each on its own copy of the campaign, for a before and after:
//
//	WARLOG_BENCH_GAMES=kingsown go test ./cmd -run '^$' -bench Phases -benchtime 20x
func BenchmarkPhases(b *testing.B) {
	bin, _ := binaries(b)
	type binary struct {
		label, path string
	}
	bins := []binary{{"", bin}}
	if before := os.Getenv("WARLOG_PHASES_BEFORE"); before != "" {
		bins = []binary{{"before", before}, {"after", bin}}
	}
	for _, game := range benchGames() {
		b.Run(game, func(b *testing.B) {
			home := b.TempDir()
			runs := map[string][]map[string]time.Duration{} // by binary and command
			order := map[string][]string{}                  // phases by command
			type command struct {
				what string
				args []string
			}
			cmds := map[string][]command{}
			for _, x := range bins {
				db, name := growCampaign(b, game, benchEvents())
				proc(b, home, x.path, "--db", db, "-c", name, "status") // warm the file cache
				cmds[x.label] = []command{
					{"start", []string{"--version"}},
					{"status", []string{"--db", db, "-c", name, "status"}},
					{"append", []string{"--db", db, "-c", name, "roll", "d6", "--for", "scatter"}},
				}
			}
			for b.Loop() {
				for _, x := range bins {
					for _, c := range cmds[x.label] {
						ph, names := phasedProc(b, home, x.path, c.args...)
						runs[x.label+c.what] = append(runs[x.label+c.what], ph)
						for _, n := range names {
							if !slices.Contains(order[c.what], n) {
								order[c.what] = append(order[c.what], n)
							}
						}
					}
				}
			}
			var table strings.Builder
			fmt.Fprintf(&table, "\n%s, bare start (`warlog --version`):", game)
			head := "| phase |"
			for _, w := range []string{"`status`", "one append (`roll d6`)"} {
				for _, x := range bins {
					head += " " + strings.TrimSpace(w+" "+x.label) + " |"
				}
			}
			for _, x := range bins {
				fmt.Fprintf(&table, " %s %.2f ms", x.label, ms(medianOf(runs[x.label+"start"], "total")))
			}
			fmt.Fprintf(&table, "\n\n%s\n|%s\n", head, strings.Repeat(" --- |", 1+2*len(bins)))
			row := func(name, phase string) {
				fmt.Fprintf(&table, "| %s |", name)
				for _, w := range []string{"status", "append"} {
					for _, x := range bins {
						if phase != "total" && !slices.Contains(order[w], phase) {
							table.WriteString(" |")
							continue
						}
						d, start := medianOf(runs[x.label+w], phase), medianOf(runs[x.label+"start"], "total")
						fmt.Fprintf(&table, " %.2f (%.2f ms) |", float64(d)/float64(start), ms(d))
					}
				}
				table.WriteString("\n")
			}
			seen := map[string]bool{}
			for _, what := range []string{"status", "append"} {
				for _, n := range order[what] {
					if !seen[n] {
						seen[n] = true
						row(n, n)
					}
				}
			}
			row("**whole process**", "total")
			for _, x := range bins {
				start := medianOf(runs[x.label+"start"], "total")
				for _, w := range []string{"status", "append"} {
					prefix := strings.TrimPrefix(x.label+"-", "-")
					b.ReportMetric(float64(medianOf(runs[x.label+w], "total"))/float64(start), prefix+w+"/start")
				}
			}
			fmt.Print(table.String()) // b.Log would cut it short without -v
		})
	}
}

// phasedProc runs the binary once with the phase profile on and returns
// the time of each phase it names, "exit" (from its report to its end as
// the parent sees it) and "total" (the whole process), and the phases in
// order.
func phasedProc(tb testing.TB, home, bin string, args ...string) (map[string]time.Duration, []string) {
	tb.Helper()
	cmd := exec.Command(bin, args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	start := time.Now()
	cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "NO_COLOR=1", phase.Env + "=" + strconv.FormatInt(start.UnixNano(), 10)}
	if err := cmd.Run(); err != nil {
		tb.Fatalf("%s %v: %v\n%s", filepath.Base(bin), args, err, stderr.String())
	}
	total := time.Since(start)
	out := map[string]time.Duration{"total": total}
	var names []string
	var sum time.Duration
	for _, line := range strings.Split(stderr.String(), "\n") {
		f := strings.Fields(line)
		if len(f) != 3 || f[0] != "phase" {
			continue
		}
		ns, err := strconv.ParseInt(f[2], 10, 64)
		if err != nil {
			tb.Fatalf("phase line %q", line)
		}
		out[f[1]] += time.Duration(ns)
		sum += time.Duration(ns)
		names = append(names, f[1])
	}
	if len(names) == 0 {
		tb.Fatalf("%s %v reported no phases:\n%s", filepath.Base(bin), args, stderr.String())
	}
	out["exit"] = total - sum
	return out, append(names, "exit")
}

// medianOf is the median over runs of one phase (0 where a run lacks it).
func medianOf(runs []map[string]time.Duration, name string) time.Duration {
	v := make([]time.Duration, len(runs))
	for i, r := range runs {
		v[i] = r[name]
	}
	slices.Sort(v)
	if len(v) == 0 {
		return 0
	}
	return v[len(v)/2]
}
