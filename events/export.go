package events

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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

// ReadExport reads an export file whole and checks it: the header's
// format, every event's form and the hash chain from the first event to
// the header's head. The events come back with Campaign set to the header's
// key. A file that was cut short, edited, reordered or padded fails with
// an *ExportError naming the first version that does not fit.
func ReadExport(r io.Reader) (ExportHeader, []Event, error) {
	var h ExportHeader
	dec := json.NewDecoder(bufio.NewReader(r))
	if err := dec.Decode(&h); err != nil {
		return h, nil, &ExportError{Reason: "is not a warlog export's (" + plain(err) + ")", NotAnExport: true}
	}
	if h.Format != ExportFormat {
		return h, nil, &ExportError{Version: 0, Reason: fmt.Sprintf("names format %q; this warlog reads %q", h.Format, ExportFormat)}
	}
	if h.Key == "" {
		return h, nil, &ExportError{Version: 0, Reason: "has no campaign key"}
	}
	check := NewChainChecker(h.Name, h.Key)
	var out []Event
	for {
		var x exportedEvent
		err := dec.Decode(&x)
		if errors.Is(err, io.EOF) {
			break
		}
		next := check.Events + 1
		if err != nil {
			return h, nil, &ExportError{Version: next, Reason: "the line is not an event (" + plain(err) + ")"}
		}
		if x.Version == nil || x.Action == nil || x.Type == nil || x.At == nil || x.Prev == nil || x.Hash == nil || x.Data == nil {
			return h, nil, &ExportError{Version: next, Reason: "the line lacks a field of the envelope (version, action, type, at, prev, hash, data)"}
		}
		at, err := time.Parse(TimeFormat, *x.At)
		if err != nil || at.UTC().Format(TimeFormat) != *x.At {
			return h, nil, &ExportError{Version: *x.Version, Reason: fmt.Sprintf("its time %q is not written as warlog writes it", *x.At)}
		}
		e := Event{Campaign: h.Key, Version: *x.Version, Action: *x.Action, Type: *x.Type, Data: x.Data, At: at, Prev: *x.Prev, Hash: *x.Hash}
		if err := check.Check(e); err != nil {
			var be *BreakError
			if errors.As(err, &be) {
				return h, nil, &ExportError{Version: be.Version, Reason: be.Reason}
			}
			return h, nil, err
		}
		out = append(out, e)
	}
	switch {
	case check.Events < h.Events:
		return h, nil, &ExportError{Version: check.Events + 1, Reason: fmt.Sprintf("the file ends at version %d, and its header says %s (cut short?)", check.Events, words.Count(h.Events, "event", "events"))}
	case check.Events > h.Events:
		return h, nil, &ExportError{Version: h.Events + 1, Reason: fmt.Sprintf("the header says the log ends at version %d, and the file goes on (added to?)", h.Events)}
	case check.Head != h.Head:
		return h, nil, &ExportError{Version: 0, Reason: fmt.Sprintf("names head %s, and the log's is %s (edited?)", short(h.Head), short(check.Head))}
	case len(out) == 0:
		return h, nil, &ExportError{Version: 1, Reason: "the file holds no event"}
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
