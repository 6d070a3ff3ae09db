package termsafe

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// The reliability issue's hostile characters: ESC (CSI and OSC), BEL, CR,
// backspace, NUL, DEL, a C1 CSI and invalid UTF-8.
func TestStringEscapesControls(t *testing.T) {
	cases := map[string]string{
		"plain name":          "plain name",
		"Ωmega ☠ 名前":          "Ωmega ☠ 名前",
		"two\nlines\tand tab": "two\nlines\tand tab",
		"esc\x1b[31mred":      `esc\u001b[31mred`,
		"osc\x1b]0;title\x07": `osc\u001b]0;title\u0007`,
		"cr\rover":            `cr\u000dover`,
		"back\bspace":         `back\u0008space`,
		"nul\x00byte":         `nul\u0000byte`,
		"del\x7f":             `del\u007f`,
		"c1\u009b2J":          `c1\u009b2J`,
		"bad\xffutf8":         "bad\ufffdutf8",
		"\xc3\x28":            "\ufffd(",
		// Invisible: a name of an older log that looks like another.
		"Au\u200btumn":    `Au\u200btumn`,
		"\u202eevil":      `\u202eevil`,
		"\u2066iso\u2069": `\u2066iso\u2069`,
		"\ufeffbom":       `\ufeffbom`,
	}
	for in, want := range cases {
		if got := String(in); got != want {
			t.Errorf("String(%q) = %q, want %q", in, got, want)
		}
	}
}

func safe(t *testing.T, s string) {
	t.Helper()
	if !utf8.ValidString(s) {
		t.Fatalf("output %q is not valid UTF-8", s)
	}
	for _, r := range s {
		if unsafe(r) {
			t.Fatalf("output %q holds control %U", s, r)
		}
	}
}

// A character split across writes comes out whole, and the bytes written
// are the same however the input was cut.
func TestWriterSplitWrites(t *testing.T) {
	in := []byte("Edda ☠ \x1b]0;x\x07 名前 \u009b done\xff")
	want := String(string(in))
	for step := 1; step <= len(in); step++ {
		var out bytes.Buffer
		w := NewWriter(&out)
		for i := 0; i < len(in); i += step {
			end := min(i+step, len(in))
			n, err := w.Write(in[i:end])
			if err != nil || n != end-i {
				t.Fatalf("Write = %d, %v", n, err)
			}
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		if out.String() != want {
			t.Fatalf("step %d: %q, want %q", step, out.String(), want)
		}
	}
}

// A JSON document that carries a DEL or C1 character raw (encoding/json
// leaves them) is still valid JSON with the same text after escaping.
func TestWriterKeepsJSONValid(t *testing.T) {
	doc, _ := json.Marshal(map[string]string{"name": "a\u007fb\u009bc\x1bd"})
	var out bytes.Buffer
	w := NewWriter(&out)
	w.Write(doc)
	var got map[string]string
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("%s: %v", out.String(), err)
	}
	if got["name"] != "a\u007fb\u009bc\x1bd" {
		t.Fatalf("name = %q", got["name"])
	}
	safe(t, out.String())
}

func TestUnderlying(t *testing.T) {
	var b bytes.Buffer
	if Underlying(NewWriter(NewWriter(&b))) != &b {
		t.Fatal("Underlying did not reach the buffer")
	}
}

// Whatever comes in, nothing unsafe goes out, and safe text is unchanged.
func FuzzString(f *testing.F) {
	for _, s := range []string{"Edda", "\x1b[2J", "a\rb", "\xff\xfe", "☠\u0085", strings.Repeat("x", 100)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := String(s)
		if !utf8.ValidString(got) {
			t.Fatalf("%q", got)
		}
		for _, r := range got {
			if unsafe(r) {
				t.Fatalf("String(%q) = %q holds %U", s, got, r)
			}
		}
		if isCleanUTF8([]byte(s)) && got != s {
			t.Fatalf("safe %q changed to %q", s, got)
		}
	})
}
