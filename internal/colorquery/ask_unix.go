//go:build unix

package colorquery

import (
	"bytes"
	"os"
	"time"

	"github.com/charmbracelet/x/term"
	"golang.org/x/sys/unix"
)

// ask writes Query to out with in in raw mode (so that neither the
// answers nor the keys typed meanwhile are echoed or held for a line),
// and reads what comes back until the cursor's answer or wait ends.
// ok is false when in is no terminal: nothing was asked.
func ask(in, out *os.File, wait time.Duration) ([]byte, bool) {
	fd := in.Fd()
	if !term.IsTerminal(fd) || !term.IsTerminal(out.Fd()) {
		return nil, false
	}
	old, err := term.MakeRaw(fd)
	if err != nil {
		return nil, false
	}
	defer func() { _ = term.Restore(fd, old) }()
	if _, err := out.WriteString(Query); err != nil {
		return nil, false
	}
	end := time.Now().Add(wait)
	var got []byte
	buf := make([]byte, 256)
	for {
		left := time.Until(end)
		if left <= 0 {
			break
		}
		fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
		n, err := unix.Poll(fds, int(left.Milliseconds())+1)
		if err == unix.EINTR {
			continue
		}
		if err != nil || n == 0 {
			break
		}
		r, err := unix.Read(int(fd), buf)
		if r > 0 {
			got = append(got, buf[:r]...)
		}
		if err != nil || r == 0 {
			break
		}
		if answered(got) {
			break
		}
	}
	return got, true
}

// answered says whether the cursor's answer, the last the terminal
// sends, has come.
func answered(b []byte) bool {
	for i := bytes.Index(b, []byte("\x1b[")); i >= 0; {
		if cursorAnswer(b[i:]) > 0 {
			return true
		}
		j := bytes.Index(b[i+2:], []byte("\x1b["))
		if j < 0 {
			return false
		}
		i += 2 + j
	}
	return false
}
