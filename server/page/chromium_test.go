//go:build unix

package page

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os/exec"
	"syscall"
	"testing"
	"time"

	"warlog/campaigns"
	"warlog/internal/chromium"
)

// harness holds the pages in frames 360 px wide, as a phone shows them,
// in a browser whose reader asks for the dark scheme: it measures them
// once loaded, waits for the battle's page to follow its stream, asks the
// test to make an action (/test/ready answers with the action's label),
// watches the battle's page for that label and posts what it saw to
// /test/result.
const harness = `<!DOCTYPE html><html><body style="margin:0">
<iframe id="battle" src="%s" style="display:block;border:0;width:360px;height:1200px"></iframe>
<iframe id="status" src="%s" style="display:block;border:0;width:360px;height:1200px"></iframe>
<iframe id="league" src="/" style="display:block;border:0;width:360px;height:1200px"></iframe>
<script>
function measure(id) {
  var f = document.getElementById(id), w = f.contentWindow, d = f.contentDocument;
  return {scroll: d.scrollingElement.scrollWidth, inner: w.innerWidth,
    background: w.getComputedStyle(d.body).backgroundColor,
    dark: w.matchMedia('(prefers-color-scheme: dark)').matches};
}
function send(r) { fetch('/test/result', {method: 'POST', body: JSON.stringify(r)}); }
function following(then) {
  var s = document.getElementById('battle').contentDocument.getElementById('live-state');
  if (s && /live/.test(s.textContent)) then(); else setTimeout(function () { following(then); }, 20);
}
onload = function () {
  var r = {pages: {battle: measure('battle'), status: measure('status'), league: measure('league')}};
  following(function () {
    fetch('/test/ready').then(function (res) { return res.text(); }).then(function (label) {
      var start = performance.now();
      (function look() {
        var live = document.getElementById('battle').contentDocument.getElementById('live');
        if (live.textContent.indexOf(label) >= 0) {
          r.seen = true; r.after = measure('battle'); r.pwned = !!window.pwned; send(r);
        } else if (performance.now() - start > 10000) {
          r.text = live.textContent; send(r);
        } else setTimeout(look, 20);
      })();
    });
  });
};
</script></body></html>`

type harnessed struct {
	Pages map[string]struct {
		Scroll, Inner int
		Background    string
		Dark          bool
	}
	After struct{ Scroll, Inner int }
	Seen  bool
	Pwned bool
	Text  string
}

// An action made through the service appears on a battle's page open in
// Chromium within 2 s, without a reload; the battle's, a status's and the
// league's pages fit 360 px without scrolling sideways and wear the dark
// scheme when the reader asks for it; the hostile name runs no script.
func TestLiveInChromium(t *testing.T) {
	t.Parallel() // waits on a browser of its own
	bin := chromium.Path()
	if bin == "" {
		t.Skip("chromium is not installed here (apt-get install chromium); .ci/run installs it")
	}
	svc := league(t)
	ctx := context.Background()
	seed := uint64(9)
	if _, err := svc.Create(ctx, hostile, campaigns.CreateOptions{Game: "kingsown", Seed: &seed}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.FreeRoll(ctx, hostile, "d6", "<b>before</b> the page opened", campaigns.Options{}); err != nil {
		t.Fatal(err)
	}
	p := Handler(Service(svc), Options{})
	defer p.Close()
	ready := make(chan struct{}, 1)
	results := make(chan harnessed, 1)
	const label = "scatter <i>live</i>"
	mux := http.NewServeMux()
	mux.Handle("/", p)
	mux.HandleFunc("/test/harness", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, harness, "/c/"+url.PathEscape(hostile), "/c/"+url.PathEscape("Deadwars demo"))
	})
	mux.HandleFunc("/test/ready", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, label)
		ready <- struct{}{}
	})
	mux.HandleFunc("/test/result", func(w http.ResponseWriter, r *http.Request) {
		var h harnessed
		if err := json.NewDecoder(r.Body).Decode(&h); err != nil {
			t.Errorf("the harness's result: %v", err)
		}
		results <- h
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()

	dir := t.TempDir()
	browser := exec.Command(bin, chromium.Args(dir, "--window-size=1300,1000", "--force-dark-mode", srv.URL+"/test/harness")...)
	browser.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := browser.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- browser.Wait() }()
	defer func() {
		_ = syscall.Kill(-browser.Process.Pid, syscall.SIGKILL) // the browser and its helpers
		<-exited
	}()
	timeout := time.After(60 * time.Second)
	var acted time.Time
	for {
		select {
		case <-ready:
			acted = time.Now()
			if _, err := svc.FreeRoll(ctx, hostile, "2d6", label, campaigns.Options{}); err != nil {
				t.Fatal(err)
			}
			continue
		case h := <-results:
			took := time.Since(acted)
			if !h.Seen {
				t.Fatalf("the action never appeared on the open page; it shows:\n%s", h.Text)
			}
			if took > 2*time.Second {
				t.Errorf("the action appeared on the open page %v after it was made, want within 2 s", took)
			}
			t.Logf("the action appeared on the open page %v after it was made", took.Round(time.Millisecond))
			if h.Pwned {
				t.Errorf("the hostile name ran a script")
			}
			if len(h.Pages) != 3 {
				t.Fatalf("measured %d pages of 3", len(h.Pages))
			}
			for name, m := range h.Pages {
				if m.Inner != 360 {
					t.Fatalf("%s: the frame is %d px wide", name, m.Inner)
				}
				if m.Scroll > m.Inner {
					t.Errorf("%s scrolls sideways at 360 px: %d px wide", name, m.Scroll)
				}
				if !m.Dark || !chromium.Dark(m.Background) {
					t.Errorf("%s with the dark scheme asked for: background %s", name, m.Background)
				}
			}
			if h.After.Scroll > h.After.Inner {
				t.Errorf("the battle's page scrolls sideways after the update: %d px in %d", h.After.Scroll, h.After.Inner)
			}
			return
		case err := <-exited:
			exited <- err
			t.Fatalf("chromium ended before the page was measured: %v", err)
		case <-timeout:
			t.Fatal("no result from the browser in 60 s")
		}
	}
}
