package cmdutil

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"

	"github.com/charmbracelet/x/term"

	"warlog/internal/termsafe"
)

// Width is the width in columns of the terminal w writes to (directly, or
// through the pager in front of it), or 0 when w is not a terminal: a
// file, a pipe, a test's buffer.
func Width(w io.Writer) int {
	switch x := termsafe.Underlying(w).(type) {
	case sized:
		return x.columns()
	case *os.File:
		if !term.IsTerminal(x.Fd()) {
			return 0
		}
		cols, _, err := term.GetSize(x.Fd())
		if err != nil {
			return 0
		}
		return cols
	}
	return 0
}

// sized is a stream that knows the width of the terminal behind it.
type sized interface{ columns() int }

// Sized is w standing for a terminal of cols columns: a command writing
// to it lays its output out for that width, as on the terminal behind a
// pager's pipe. Tests measure a command's output at a width through it.
func Sized(w io.Writer, cols int) io.Writer { return sizedWriter{w, cols} }

type sizedWriter struct {
	io.Writer
	cols int
}

func (s sizedWriter) columns() int { return s.cols }

// pagerWriter is the pipe to the pager, which knows the terminal's width
// behind it and stops writing, without an error, once the pager has quit
// (the reader closed it before the end: q in less).
type pagerWriter struct {
	w     io.WriteCloser
	width int
	gone  bool
}

func (p *pagerWriter) columns() int { return p.width }

func (p *pagerWriter) Write(b []byte) (int, error) {
	if p.gone {
		return len(b), nil
	}
	n, err := p.w.Write(b)
	if errors.Is(err, syscall.EPIPE) || errors.Is(err, os.ErrClosed) {
		p.gone = true
		return len(b), nil
	}
	return n, err
}

// Page sends what the command writes next to a pager, as gh does, when
// stdout is a terminal: $WARLOG_PAGER, else $PAGER, else less (with LESS=FRX
// unless LESS is set, so that a short output is printed and left on the
// screen). --no-pager, or WARLOG_PAGER set empty, turns it off; so does a
// pager that cannot be started. The function returned waits for the pager
// to finish; call it once the output is written.
func (a *App) Page() (done func() error) {
	none := func() error { return nil }
	f, ok := a.Screen().(*os.File)
	if a.NoPager || !ok || !term.IsTerminal(f.Fd()) {
		return none
	}
	lookup := a.LookupEnv
	if lookup == nil {
		lookup = func(k string) (string, bool) { v := a.Getenv(k); return v, v != "" }
	}
	pager, set := lookup("WARLOG_PAGER")
	if !set {
		if pager = a.Getenv("PAGER"); pager == "" {
			pager = "less"
		}
	}
	if pager == "" || pager == "cat" {
		return none
	}
	// A pager that does not exist: the output is printed here, after one
	// line saying so, as git does (the shell would say "not found" and
	// the output would be lost).
	cannot := func(why string) func() error {
		fmt.Fprintf(a.Err, "warlog: warning: cannot run the pager %q (%s); printing without one\n", pager, why)
		return none
	}
	if program, ok := pagerProgram(pager); ok {
		if _, err := exec.LookPath(program); err != nil {
			return cannot("no such program")
		}
	}
	cmd := exec.Command("sh", "-c", pager)
	cmd.Stdout, cmd.Stderr = f, a.Err
	cmd.Env = os.Environ()
	if _, set := lookup("LESS"); !set {
		cmd.Env = append(cmd.Env, "LESS=FRX")
	}
	if _, set := lookup("LV"); !set {
		cmd.Env = append(cmd.Env, "LV=-c")
	}
	in, err := cmd.StdinPipe()
	if err != nil {
		return none
	}
	if err := cmd.Start(); err != nil {
		return cannot(err.Error())
	}
	out := a.Out
	// The pager gets what the terminal would: text made safe (termsafe).
	safe := termsafe.NewWriter(&pagerWriter{w: in, width: Width(f)})
	a.Out = safe
	return func() error {
		_ = safe.Flush()
		_ = in.Close()
		err := cmd.Wait()
		a.Out = out
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return nil // the pager's own business (less quit by a signal, say)
		}
		return err
	}
}

// pagerProgram is the program a pager command line runs, when the line
// is plain words ("less -R"), so that it can be looked for before a shell
// is started; ok is false for a line only a shell reads (a variable set
// first, a pipe, quotes).
func pagerProgram(line string) (program string, ok bool) {
	if strings.ContainsAny(line, "|&;<>()$`\\\"'=*?[#~%{}") {
		return "", false
	}
	f := strings.Fields(line)
	if len(f) == 0 {
		return "", false
	}
	return f[0], true
}

// Paged runs write with its output through the pager (see Page).
func (a *App) Paged(write func() error) error {
	done := a.Page()
	err := write()
	if derr := done(); err == nil {
		err = derr
	}
	return err
}
