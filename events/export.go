package events

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"time"
	"warlog/internal/words"
)

// ExportFormat names the format of an export file, its first line's
// "format". A reader refuses a format it does not know.
const ExportFormat = "warlog-campaign/1"

// ExportHeader is the first line of an export file: what the campaign is
// and where its log ends. Everything in it but the name is also in the
// events that follow, and a reader checks that the two agree.
type ExportHeader struct {
	Format string `json:"format"`
	// Name is the campaign's name where it was exported.
	Name string `json:"name"`
	// Key is the campaign as the chain hashes it (Event.Campaign).
	Key  string `json:"key"`
	Game string `json:"game"`
	// Rules is the rules version that decided the newest action.
	Rules  string `json:"rules,omitempty"`
	Seed   uint64 `json:"seed"`
	Mode   string `json:"mode,omitempty"`
	Events int64  `json:"events"`
	Head   string `json:"head"`
	// Voided are the actions the log's action.voided markers take out of
	// effect: their events travel as stored, passed over by the chain
	// check (a row that never chained is why an organiser voids one). Each
	// must be voided by a marker in the file.
	Voided []string `json:"voided,omitempty"`
}

// Equal reports whether h and o say the same.
func (h ExportHeader) Equal(o ExportHeader) bool {
	return h.Format == o.Format && h.Name == o.Name && h.Key == o.Key && h.Game == o.Game &&
		h.Rules == o.Rules && h.Seed == o.Seed && h.Mode == o.Mode && h.Events == o.Events &&
		h.Head == o.Head && slices.Equal(h.Voided, o.Voided)
}

// An export file is JSON Lines: the header, then one line per event of the
// stream, oldest first, each with the envelope as stored (but seq, a
// position in one database, and the campaign, which is the header's key).
// The payload is written byte for byte as stored, so that the file's hashes
// hold and exporting an import gives the same file again.

// WriteExportHeader writes the header line.
func WriteExportHeader(w io.Writer, h ExportHeader) error {
	b, err := json.Marshal(h)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// ErrNotAsWritten is a stored payload that is not JSON on one line, as
// warlog writes every payload: a file changed by something else.
var ErrNotAsWritten = errors.New("its payload is not JSON on one line as warlog writes it")

// WriteExportEvent writes one event's line. A payload that is not JSON
// cannot be written as it is stored, and is refused.
func WriteExportEvent(w io.Writer, e Event) error {
	if !json.Valid(e.Data) || bytes.ContainsAny(e.Data, "\n\r") {
		return fmt.Errorf("event %d (%s): %w", e.Version, e.Type, ErrNotAsWritten)
	}
	var b bytes.Buffer
	b.WriteString(`{"version":`)
	b.WriteString(fmt.Sprint(e.Version))
	for _, f := range [][2]string{{"action", e.Action}, {"type", e.Type}, {"at", e.At.UTC().Format(TimeFormat)}, {"prev", e.Prev}, {"hash", e.Hash}} {
		s, _ := json.Marshal(f[1])
		b.WriteString(`,"` + f[0] + `":`)
		b.Write(s)
	}
	b.WriteString(`,"data":`)
	b.Write(e.Data)
	b.WriteString("}\n")
	_, err := w.Write(b.Bytes())
	return err
}

// exportedEvent is one event line as read.
type exportedEvent struct {
	Version *int64          `json:"version"`
	Action  *string         `json:"action"`
	Type    *string         `json:"type"`
	At      *string         `json:"at"`
	Prev    *string         `json:"prev"`
	Hash    *string         `json:"hash"`
	Data    json.RawMessage `json:"data"`
}

// ExportError is an export file that cannot be read as one, or whose chain
// does not hold: Version names the first bad event (0: the header).
type ExportError struct {
	Version int64
	Reason  string
	// NotAnExport: the file does not even begin as an export does.
	NotAnExport bool
}

func (e *ExportError) Error() string {
	if e.Version == 0 {
		return "the file's header " + e.Reason
	}
	return fmt.Sprintf("the file's log is broken at version %d: %s", e.Version, e.Reason)
}

// MaxLine is the longest line an export file may hold: every line warlog
// writes is far shorter (an event's payload is a few kilobytes at most;
// the longest of a 100,000-event campaign is about one), and a reader
// holds one line in memory at a time, so that an import stays within
// 64 MiB whatever the file.
const MaxLine = 4 << 20

// LineTooLongError is a line of an export file longer than MaxLine: no
// event warlog wrote, and it is not read into memory.
type LineTooLongError struct {
	// Line is the line's number, from 1 (the header).
	Line int64
	// File names the file ("" for "the file").
	File string
}

func (e *LineTooLongError) Error() string {
	f := "the file"
	if e.File != "" {
		f = e.File
	}
	return fmt.Sprintf("line %d of %s is longer than %d MiB: not an event warlog wrote", e.Line, f, MaxLine>>20)
}

// ExportReader reads an export file one line at a time and checks it as
// it goes: the header's format first, then each event's form and its
// place in the hash chain. Memory held is one line's, however long the
// file. Finish checks the end against the header.
type ExportReader struct {
	Header ExportHeader
	sc     *bufio.Scanner
	line   int64
	check  *ChainChecker
	err    error
	// marked are the header's voided actions a marker in the file voids.
	marked map[string]bool
}

// NewExportReader reads and checks the header line.
func NewExportReader(r io.Reader) (*ExportReader, error) {
	x := &ExportReader{sc: bufio.NewScanner(r)}
	x.sc.Buffer(make([]byte, 0, 64<<10), MaxLine+1)
	b, err := x.next()
	if err != nil {
		var tl *LineTooLongError
		if errors.As(err, &tl) {
			return nil, err
		}
		return nil, &ExportError{Reason: "is not a warlog export's (" + plain(err) + ")", NotAnExport: true}
	}
	h := &x.Header
	if err := json.Unmarshal(b, h); err != nil {
		return nil, &ExportError{Reason: "is not a warlog export's (" + plain(err) + ")", NotAnExport: true}
	}
	if h.Format != ExportFormat {
		return nil, &ExportError{Version: 0, Reason: fmt.Sprintf("names format %q; this warlog reads %q", h.Format, ExportFormat)}
	}
	if h.Key == "" {
		return nil, &ExportError{Version: 0, Reason: "has no campaign key"}
	}
	x.check = NewChainChecker(h.Name, h.Key)
	if len(h.Voided) > 0 {
		x.check.Voided = map[string]bool{}
		x.marked = map[string]bool{}
		for _, a := range h.Voided {
			x.check.Voided[a] = true
		}
	}
	return x, nil
}

// next is the next line that is not blank; io.EOF at the end.
func (x *ExportReader) next() ([]byte, error) {
	for x.sc.Scan() {
		x.line++
		b := bytes.TrimSpace(x.sc.Bytes())
		if len(b) > 0 {
			return b, nil
		}
	}
	err := x.sc.Err()
	switch {
	case errors.Is(err, bufio.ErrTooLong):
		return nil, &LineTooLongError{Line: x.line + 1}
	case err == nil:
		return nil, io.EOF
	}
	return nil, err
}

// Next reads and checks the next event; ok is false at the end of the
// file or on an error (Err). The event's payload is its own.
func (x *ExportReader) Next() (e Event, ok bool) {
	if x.err != nil {
		return e, false
	}
	e, x.err = x.read()
	return e, x.err == nil
}

func (x *ExportReader) read() (Event, error) {
	b, err := x.next()
	if err != nil {
		return Event{}, err
	}
	h := &x.Header
	next := x.check.Events + 1
	var ev exportedEvent
	if err := json.Unmarshal(b, &ev); err != nil {
		return Event{}, &ExportError{Version: next, Reason: "the line is not an event (" + plain(err) + ")"}
	}
	if ev.Version == nil || ev.Action == nil || ev.Type == nil || ev.At == nil || ev.Prev == nil || ev.Hash == nil || ev.Data == nil {
		return Event{}, &ExportError{Version: next, Reason: "the line lacks a field of the envelope (version, action, type, at, prev, hash, data)"}
	}
	at, err := time.Parse(TimeFormat, *ev.At)
	if err != nil || at.UTC().Format(TimeFormat) != *ev.At {
		return Event{}, &ExportError{Version: *ev.Version, Reason: fmt.Sprintf("its time %q is not written as warlog writes it", *ev.At)}
	}
	e := Event{Campaign: h.Key, Version: *ev.Version, Action: *ev.Action, Type: *ev.Type, Data: ev.Data, At: at, Prev: *ev.Prev, Hash: *ev.Hash}
	if err := x.check.Check(e); err != nil {
		var be *BreakError
		if errors.As(err, &be) {
			return Event{}, &ExportError{Version: be.Version, Reason: be.Reason}
		}
		return Event{}, err
	}
	if e.Type == TypeActionVoided && x.marked != nil && !x.check.Voided[e.Action] {
		var v Voided
		if json.Unmarshal(e.Data, &v) == nil {
			x.marked[v.Action] = true
		}
	}
	return e, nil
}

// Err is the error that ended Next, nil at the end of the file.
func (x *ExportReader) Err() error {
	if errors.Is(x.err, io.EOF) {
		return nil
	}
	return x.err
}

// Finish checks, once Next has read every event, that the file ends where
// its header says: the number of events and the head.
func (x *ExportReader) Finish() error {
	if err := x.Err(); err != nil {
		return err
	}
	h, check := x.Header, x.check
	switch {
	case check.Events < h.Events:
		return &ExportError{Version: check.Events + 1, Reason: fmt.Sprintf("the file ends at version %d, and its header says %s (cut short?)", check.Events, words.Count(h.Events, "event", "events"))}
	case check.Events > h.Events:
		return &ExportError{Version: h.Events + 1, Reason: fmt.Sprintf("the header says the log ends at version %d, and the file goes on (added to?)", h.Events)}
	case check.Head != h.Head:
		return &ExportError{Version: 0, Reason: fmt.Sprintf("names head %s, and the log's is %s (edited?)", short(h.Head), short(check.Head))}
	case check.Events == 0:
		return &ExportError{Version: 1, Reason: "the file holds no event"}
	}
	for _, a := range h.Voided {
		if !x.marked[a] {
			return &ExportError{Version: 0, Reason: fmt.Sprintf("names action %.8s as voided, and no action.voided in the file voids it (edited?)", a)}
		}
	}
	return nil
}

// ScanExport reads an export file through an ExportReader, passing each
// event to fn as it is checked (fn may keep it), and checks the end.
func ScanExport(r io.Reader, fn func(Event) error) (ExportHeader, error) {
	x, err := NewExportReader(r)
	if err != nil {
		var h ExportHeader
		return h, err
	}
	for {
		e, ok := x.Next()
		if !ok {
			break
		}
		if err := fn(e); err != nil {
			return x.Header, err
		}
	}
	return x.Header, x.Finish()
}

// ReadExport reads an export file whole and checks it (ScanExport): the
// header's format, every event's form and the hash chain from the first
// event to the header's head. The events come back with Campaign set to
// the header's key. A file that was cut short, edited, reordered or padded
// fails with an *ExportError naming the first version that does not fit.
func ReadExport(r io.Reader) (ExportHeader, []Event, error) {
	var out []Event
	h, err := ScanExport(r, func(e Event) error { out = append(out, e); return nil })
	if err != nil {
		return h, nil, err
	}
	return h, out, nil
}

// plain is a decoding error's message without the package's prefix.
func plain(err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("%s at byte %d", se.Error(), se.Offset)
	}
	return err.Error()
}

func short(h string) string {
	if len(h) > 16 {
		return h[:16]
	}
	return h
}

// Seekable gives r as a reader that can go back to its start: r itself
// when it can and is at its start (a file), else a copy of it in a
// temporary file (mode 0600) which done removes.
func Seekable(r io.Reader) (rs io.ReadSeeker, done func(), err error) {
	if s, ok := r.(io.ReadSeeker); ok {
		if at, err := s.Seek(0, io.SeekCurrent); err == nil && at == 0 {
			return s, func() {}, nil
		}
	}
	f, err := os.CreateTemp("", "warlog-import-*.jsonl")
	if err != nil {
		return nil, nil, err
	}
	done = func() {
		f.Close()
		os.Remove(f.Name())
	}
	if _, err := io.Copy(f, r); err != nil {
		done()
		return nil, nil, err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		done()
		return nil, nil, err
	}
	return f, done, nil
}
