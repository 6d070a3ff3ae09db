// Package colorquery keeps the styling libraries from asking the terminal
// for its background colour when warlog starts, and asks it itself, once,
// briefly, for the commands that draw styled output.
//
// Bubble Tea v1's package initializer calls lipgloss.HasDarkBackground,
// which on a terminal writes an OSC 11 background query and a cursor
// position query and waits for the answers: every warlog command, styled
// or not, would write them before its output (garbage in `script` logs,
// and a wait on a terminal that does not answer). This package's
// initializer runs first and states a background, so that call asks
// nothing: Go initializes packages in import-path order among those whose
// imports are ready (the Go spec, since Go 1.21), and "colorquery" sorts
// before "github.com/charmbracelet/bubbletea". It is a module of its own
// for that reason (a package of the warlog module sorts after it);
// warlog's go.mod replaces it with this directory. A test in cmd runs
// warlog on a pseudo-terminal and reads every byte it writes.
//
// Detect asks instead of the libraries, which wait up to five seconds
// for a terminal that never answers and throw away the keys typed
// meanwhile: it waits at most the time it is given and hands back every
// byte that was not an answer (the keys the player typed), for the
// caller to read before the terminal's own input.
package colorquery

import (
	"bytes"
	"os"
	"strconv"
	"sync"
	"time"

	"github.com/charmbracelet/lipgloss"
)

func init() {
	// Dark until asked: what the libraries assume when a terminal does
	// not answer.
	lipgloss.SetHasDarkBackground(true)
}

var once sync.Once

// Query is what Detect writes: the background colour (OSC 11), then the
// cursor position (DSR 6), which every terminal answers, so that its
// answer says the background's would have come before it.
const Query = "\x1b]11;?\x07\x1b[6n"

// Detect asks the terminal on in and out for its background, waiting at
// most wait for the answer, and styles what follows by it. It returns
// the bytes read that were no answer: keys typed meanwhile. It asks only
// once, and nothing when in is not a terminal.
func Detect(in, out *os.File, wait time.Duration) []byte {
	var typed []byte
	once.Do(func() {
		got, ok := ask(in, out, wait)
		if !ok {
			return
		}
		dark, known, rest := Parse(got)
		if known {
			lipgloss.SetHasDarkBackground(dark)
		}
		typed = rest
	})
	return typed
}

// color is an OSC 11 answer's colour, 16 bits a channel; ok is false
// when there was none.
type color struct {
	r, g, b uint32
	ok      bool
}

func (c color) dark() (bool, bool) {
	if !c.ok {
		return false, false
	}
	// Relative luminance, the channels taken as linear: dark below half.
	l := (0.2126*float64(c.r) + 0.7152*float64(c.g) + 0.0722*float64(c.b)) / 0xffff
	return l < 0.5, true
}

// Parse splits what the terminal sent into its answers (the background's
// and the cursor's) and everything else, in order: the keys typed. known
// says whether the background was answered, dark whether it is dark.
func Parse(b []byte) (dark, known bool, typed []byte) {
	bg, rest := parse(b)
	dark, known = bg.dark()
	return dark, known, rest
}

func parse(b []byte) (color, []byte) {
	var bg color
	var rest []byte
	for len(b) > 0 {
		if bytes.HasPrefix(b, []byte("\x1b]11;")) {
			body := b[len("\x1b]11;"):]
			end, n := bytes.IndexByte(body, '\a'), 1
			if st := bytes.Index(body, []byte("\x1b\\")); st >= 0 && (end < 0 || st < end) {
				end, n = st, 2
			}
			if end < 0 { // cut short: no answer, nothing typed
				break
			}
			bg = parseRGB(string(body[:end]))
			b = body[end+n:]
			continue
		}
		if n := cursorAnswer(b); n > 0 {
			b = b[n:]
			continue
		}
		rest = append(rest, b[0])
		b = b[1:]
	}
	return bg, rest
}

// cursorAnswer is the length of the DSR answer ESC [ row ; col R that b
// opens with, or 0.
func cursorAnswer(b []byte) int {
	if !bytes.HasPrefix(b, []byte("\x1b[")) {
		return 0
	}
	semi := false
	for i := 2; i < len(b); i++ {
		switch c := b[i]; {
		case c >= '0' && c <= '9':
		case c == ';' && !semi && i > 2:
			semi = true
		case c == 'R' && semi:
			return i + 1
		default:
			return 0
		}
	}
	return 0
}

// parseRGB reads "rgb:RRRR/GGGG/BBBB" (1 to 4 hex digits a channel).
func parseRGB(s string) color {
	const p = "rgb:"
	if len(s) < len(p) || s[:len(p)] != p {
		return color{}
	}
	parts := bytes.Split([]byte(s[len(p):]), []byte("/"))
	if len(parts) != 3 {
		return color{}
	}
	var v [3]uint32
	for i, part := range parts {
		if len(part) == 0 || len(part) > 4 {
			return color{}
		}
		x, err := strconv.ParseUint(string(part), 16, 32)
		if err != nil {
			return color{}
		}
		// Scale to 16 bits: "f" is 0xffff, "ff" 0xffff.
		maxv := uint64(1)<<(4*len(part)) - 1
		v[i] = uint32(x * 0xffff / maxv)
	}
	return color{r: v[0], g: v[1], b: v[2], ok: true}
}
