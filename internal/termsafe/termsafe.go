// Package termsafe keeps text that came from a campaign's log from driving
// the terminal it is printed on. Names are checked when they are typed
// (engines.ValidateName), but a log can come from an older version, an
// imported file or a hand-edited database; so every byte warlog prints
// passes through here on its way out, and a control character a name
// carries is shown as a visible escape instead of being obeyed.
package termsafe

import (
	"io"
	"unicode/utf8"
)

// escape is how an unsafe character is shown: \u001b for ESC. The form is
// also a valid JSON escape, so a DEL or C1 character inside a JSON string
// (encoding/json leaves those raw) still decodes to the same text.
func escape(b []byte, r rune) []byte {
	const hex = "0123456789abcdef"
	return append(b, '\\', 'u', hex[r>>12&0xf], hex[r>>8&0xf], hex[r>>4&0xf], hex[r&0xf])
}

// unsafe reports whether r must not reach a terminal raw: the C0 controls
// but newline and tab (ESC, BEL, CR, backspace, NUL, ...), DEL and the C1
// controls, which some terminals obey as 8-bit escape sequences; and the
// invisible characters a name from an older log may hold (zero-width
// characters, bidi controls, the byte order mark: engines.Invisible), which
// would show it as another name or turn the line around it.
func unsafe(r rune) bool {
	return (r < 0x20 && r != '\n' && r != '\t') || (r >= 0x7f && r < 0xa0) ||
		r >= 0x200b && r <= 0x200f || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == 0xfeff
}

// String returns s with every unsafe character escaped and every invalid
// UTF-8 byte replaced by U+FFFD.
func String(s string) string {
	if clean(s) {
		return s
	}
	return string(appendSafe(nil, []byte(s)))
}

// clean is the fast path: plain ASCII text needs no copy and no decoding.
func clean[T ~string | ~[]byte](s T) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 && c != '\n' && c != '\t' || c >= 0x7f {
			return isCleanUTF8([]byte(s[i:]))
		}
	}
	return true
}

func isCleanUTF8(p []byte) bool {
	for len(p) > 0 {
		r, n := utf8.DecodeRune(p)
		if r == utf8.RuneError && n <= 1 || unsafe(r) {
			return false
		}
		p = p[n:]
	}
	return true
}

func appendSafe(out, p []byte) []byte {
	for len(p) > 0 {
		r, n := utf8.DecodeRune(p)
		switch {
		case r == utf8.RuneError && n <= 1:
			out = utf8.AppendRune(out, utf8.RuneError)
		case unsafe(r):
			out = escape(out, r)
		default:
			out = append(out, p[:n]...)
		}
		p = p[n:]
	}
	return out
}

// Writer escapes what passes through it (see String). A character split
// across two writes is held back until it is complete; Flush writes what
// is held at the end.
type Writer struct {
	w       io.Writer
	pending []byte
	buf     []byte
}

// NewWriter wraps w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Unwrap returns the stream underneath, for the few commands that draw the
// terminal themselves and must write its own escape sequences.
func (t *Writer) Unwrap() io.Writer { return t.w }

// Write escapes p and writes it; it reports len(p) when all was written.
func (t *Writer) Write(p []byte) (int, error) {
	in := p
	if len(t.pending) > 0 {
		in = append(t.pending, p...)
		t.pending = nil
	}
	// Hold back an incomplete character at the end.
	cut := len(in)
	for i := len(in) - 1; i >= 0 && i >= len(in)-utf8.UTFMax; i-- {
		if utf8.RuneStart(in[i]) {
			if !utf8.FullRune(in[i:]) {
				cut = i
			}
			break
		}
	}
	t.pending = append(t.pending, in[cut:]...)
	in = in[:cut]
	var err error
	if clean(in) {
		_, err = t.w.Write(in)
	} else {
		t.buf = appendSafe(t.buf[:0], in)
		_, err = t.w.Write(t.buf)
	}
	if err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes an incomplete character held at the end as U+FFFD.
func (t *Writer) Flush() error {
	if len(t.pending) == 0 {
		return nil
	}
	t.pending = nil
	_, err := io.WriteString(t.w, string(utf8.RuneError))
	return err
}

// Underlying returns the stream under any number of Writers.
func Underlying(w io.Writer) io.Writer {
	for {
		t, ok := w.(*Writer)
		if !ok {
			return w
		}
		w = t.w
	}
}
