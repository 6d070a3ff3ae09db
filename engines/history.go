package engines

import (
	"bytes"
	"fmt"
	"reflect"
	"strconv"
	"sync/atomic"
)

// History is the finished part of a campaign state: the battles or games
// played before the one in progress. It only grows, a command rarely reads
// it, and in a long campaign it is most of the state, so a snapshot
// restores it undecoded: the JSON is kept and decoded the first time the
// history is read. Adding to it does not decode it.
//
// A snapshot keeps a history in two pieces: its base, a part shared by
// the snapshots saved since it was written (megabytes in a long campaign),
// and a tail of the few records added since, kept in the snapshot's own
// data (EncodeParts). A battle's end then costs a snapshot a record, not
// a rewrite of the base; once the tail holds more than MaxTail records,
// the next snapshot writes the base anew.
//
// The zero value is an empty history. Copy makes a copy that shares the
// records but whose additions never show in the original.
type History[T any] struct {
	load    func() ([]byte, error) // reads raw from a snapshot, on first use
	rebuild func() ([]byte, error) // recomputes raw when load fails or raw does not decode
	raw     []byte                 // the base's JSON array restored, not yet decoded
	tail    []byte                 // the tail's JSON array restored, not yet decoded
	nTail   int                    // records in the tail restored
	// items: every record once decoded (the base's first, base of them);
	// until then only those added since the restore.
	items []T
	// taken is how many slots of items' array hold records, shared by the
	// copies that share the array: a copy appends in place only while no
	// other has taken the slot after its own last record (nil: the array
	// is not shared; the next Add makes a new one).
	taken   *atomic.Int64
	decoded bool
	base    int
	err     error // a load or decode that failed even rebuilt, reported by Err
	// restored: the base is exactly the source's, so a new snapshot may
	// share the old copy (and keep what was added in its tail).
	restored bool
}

// MaxTail is how many records a snapshot keeps in a history's tail before
// it writes the history's base anew.
const MaxTail = 16

// RecordType is the type of the history's records, whose shape a snapshot
// format follows like the state's own.
func (History[T]) RecordType() reflect.Type { return reflect.TypeFor[T]() }

// Add records one finished battle or game.
//
// A copy shares the array of records; adding appends in place when the
// slot after this history's last record is free (no copy has filled it),
// else it moves the records to a new array: a checkpoint copied before
// every undo costs a campaign's history no copy until it is restored.
func (h *History[T]) Add(v T) {
	n := len(h.items)
	if n < cap(h.items) && h.taken != nil && h.taken.CompareAndSwap(int64(n), int64(n+1)) {
		h.items = h.items[:n+1]
		h.items[n] = v
		return
	}
	items := make([]T, n+1, max(2*n, 4))
	copy(items, h.items)
	items[n] = v
	h.items, h.taken = items, new(atomic.Int64)
	h.taken.Store(int64(n + 1))
}

// beyond is how many records follow the base.
func (h *History[T]) beyond() int {
	if h.decoded {
		return len(h.items) - h.base
	}
	return h.nTail + len(h.items)
}

// Unchanged reports whether the history's base is exactly what its source
// gave (a snapshot's part, readable) and what was added since fits a tail
// (MaxTail): a new snapshot shares the base and keeps the tail (Tail).
func (h *History[T]) Unchanged() bool {
	return h.restored && h.err == nil && h.beyond() <= MaxTail
}

// Copy is a history sharing h's records, to which adding never shows in h
// (nor adding to h in it).
func (h History[T]) Copy() History[T] { return h }

// All returns every record, oldest first (decoding them if need be). The
// slice is shared: do not change it.
func (h *History[T]) All() []T {
	if h.decoded {
		return h.items
	}
	if h.load != nil {
		h.fetch()
	}
	var old []T
	if h.raw != nil {
		err := UnmarshalState(h.raw, &old)
		if err != nil { // a damaged snapshot: rebuild the records
			var b []byte
			if b, err = h.recover(err); err == nil {
				old = nil
				err = UnmarshalState(b, &old)
			}
		}
		if err != nil {
			h.err, old = err, nil
		}
	}
	base := len(old)
	if h.tail != nil {
		var mid []T
		if err := UnmarshalState(h.tail, &mid); err != nil {
			h.err = fmt.Errorf("a history's tail does not decode: %w", err)
		}
		old = append(old, mid...)
	}
	h.items, h.raw, h.tail, h.nTail = append(old, h.items...), nil, nil, 0
	h.taken = nil // a new array, or one shared with no one
	h.decoded, h.base = true, base
	return h.items
}

// Last returns the newest record; ok is false when there is none.
func (h *History[T]) Last() (v T, ok bool) {
	if n := len(h.items); n > 0 && !h.decoded { // added since the restore: no decode
		return h.items[n-1], true
	}
	all := h.All()
	if len(all) == 0 {
		return v, false
	}
	return all[len(all)-1], true
}

// Err is the error of a history that could neither be read from its
// snapshot nor rebuilt from the log (which then fails to read too, so the
// command fails elsewhere); nil otherwise.
func (h *History[T]) Err() error { return h.err }

// MarshalJSON writes the records as a JSON array.
func (h History[T]) MarshalJSON() ([]byte, error) {
	if h.raw == nil && h.load == nil && h.tail == nil {
		if h.items == nil {
			return []byte("[]"), nil
		}
		return MarshalState(h.items)
	}
	c := h
	all := c.All()
	if c.err != nil { // never a short history for a whole one
		return nil, c.err
	}
	return MarshalState(all)
}

// UnmarshalJSON keeps the array to decode on first read.
func (h *History[T]) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*h = History[T]{}
		return nil
	}
	if len(b) < 2 || b[0] != '[' { // the decoder has checked it is JSON
		return fmt.Errorf("a history is a JSON array, not %.16s", b)
	}
	*h = History[T]{raw: append([]byte(nil), b...)}
	return nil
}

// Encoded is the history's whole JSON array, without decoding it when it
// was restored and nothing follows its base.
func (h *History[T]) Encoded() ([]byte, error) {
	if h.load != nil && h.raw == nil && len(h.items) == 0 && h.tail == nil {
		h.fetch()
	}
	if h.err != nil {
		return nil, h.err
	}
	if h.raw != nil && len(h.items) == 0 && h.tail == nil && !h.decoded {
		return h.raw, nil
	}
	return h.MarshalJSON()
}

// Tail is the JSON array of the records that follow the base and how many
// there are, for a snapshot that shares the base (Unchanged).
func (h *History[T]) Tail() ([]byte, int, error) {
	if h.decoded {
		added := h.items[h.base:]
		if len(added) == 0 {
			return nil, 0, nil
		}
		b, err := MarshalState(added)
		return b, len(added), err
	}
	if len(h.items) == 0 {
		return h.tail, h.nTail, nil
	}
	b, err := MarshalState(h.items)
	if err != nil {
		return nil, 0, err
	}
	return spliceArrays(h.tail, b), h.nTail + len(h.items), nil
}

// SetTail restores the records that follow the base: a JSON array of n,
// kept in the snapshot's data. After SetSource.
func (h *History[T]) SetTail(b []byte, n int) {
	if n > 0 {
		h.tail, h.nTail = b, n
	}
}

// SetSource restores the history's base from a loader of its JSON array,
// called the first time the history is read (or saved again), and from
// rebuild (which may be nil) when the loader fails or what it read does
// not decode.
func (h *History[T]) SetSource(load, rebuild func() ([]byte, error)) {
	*h = History[T]{load: load, rebuild: rebuild, restored: true}
}

// fetch runs the loader once.
func (h *History[T]) fetch() {
	b, err := h.load()
	h.load = nil
	if err != nil {
		b, err = h.recover(err)
	}
	if err != nil {
		h.err = err
		return
	}
	if len(b) > 0 {
		h.raw = b
	}
}

// recover gives the records' JSON rebuilt when the snapshot's copy was
// lost or damaged (cause), once. The rebuilt records are all those of the
// snapshot's version: the tail is among them.
func (h *History[T]) recover(cause error) ([]byte, error) {
	if h.rebuild == nil {
		return nil, cause
	}
	rebuild := h.rebuild
	h.rebuild = nil
	b, err := rebuild()
	if err != nil {
		return nil, fmt.Errorf("%v; rebuilding it: %w", cause, err)
	}
	h.restored = false // the stored copy is not this: a new snapshot keeps its own
	h.tail, h.nTail = nil, 0
	return b, nil
}

// spliceArrays joins two JSON arrays into one.
func spliceArrays(a, b []byte) []byte {
	switch {
	case len(a) <= 2:
		return b
	case len(b) <= 2:
		return a
	}
	out := make([]byte, 0, len(a)+len(b))
	out = append(out, a[:len(a)-1]...)
	out = append(out, ',')
	return append(out, b[1:]...)
}

// Part is a piece of a snapshot kept beside the state rather than in it:
// a History, which a restore then neither reads nor scans until it is
// needed.
type Part interface {
	Encoded() ([]byte, error)
	SetSource(load, rebuild func() ([]byte, error))
	Unchanged() bool
	Tail() ([]byte, int, error)
	SetTail(b []byte, n int)
}

// Parts are the parts of a snapshot being restored. Read reads the i-th
// from the store on first use; Rebuild (if not nil) recomputes it from the
// log, for when Read fails or gives a part that does not decode (a damaged
// file, or the snapshot pruned while the command ran).
type Parts struct {
	Read    func(i int) ([]byte, error)
	Rebuild func(i int) ([]byte, error)
}

// EncodeParts encodes a state for a snapshot: the JSON of v, whose parts
// must be left empty in it, and each part's JSON apart; nil for a part
// whose base is unchanged since it was restored (Unchanged), which the
// snapshot it came from already holds and which is then not even read.
// The tails of those parts (what was added since) follow the state's JSON
// on a line of their own (tailsLine), when there are any.
func EncodeParts(v any, parts ...Part) ([]byte, [][]byte, error) {
	state, err := MarshalState(v)
	if err != nil {
		return nil, nil, err
	}
	var out [][]byte
	tails, counts, some := make([][]byte, len(parts)), make([]int, len(parts)), false
	for i, p := range parts {
		if p.Unchanged() {
			out = append(out, nil)
			if tails[i], counts[i], err = p.Tail(); err != nil {
				return nil, nil, err
			}
			some = some || counts[i] > 0
			continue
		}
		b, err := p.Encoded()
		if err != nil {
			return nil, nil, err
		}
		out = append(out, b)
	}
	if some {
		state = append(append(state, '\n'), tailsLine(counts, tails)...)
	}
	return state, out, nil
}

// EncodeWhole encodes a state for a snapshot that shares nothing: every
// part whole (its base read, or rebuilt, and its tail put back), and no
// tails line. For when the stored base a snapshot would share is gone.
func EncodeWhole(v any, parts ...Part) ([]byte, [][]byte, error) {
	state, err := MarshalState(v)
	if err != nil {
		return nil, nil, err
	}
	out := make([][]byte, len(parts))
	for i, p := range parts {
		if out[i], err = p.Encoded(); err != nil {
			return nil, nil, err
		}
	}
	return state, out, nil
}

// tailsLine writes the parts' tails, a line each: the count, a space, the
// JSON array ("[]" for none). JSON as we write it holds no raw newline, so
// reading it back takes no JSON decoder.
func tailsLine(counts []int, tails [][]byte) []byte {
	var b []byte
	for i, n := range counts {
		if i > 0 {
			b = append(b, '\n')
		}
		b = strconv.AppendInt(b, int64(n), 10)
		b = append(b, ' ')
		if len(tails[i]) == 0 {
			b = append(b, "[]"...)
		} else {
			b = append(b, tails[i]...)
		}
	}
	return b
}

// readTails reads what tailsLine wrote for parts parts.
func readTails(line []byte, parts int) ([]int, [][]byte, error) {
	counts, tails := make([]int, parts), make([][]byte, parts)
	for i := range parts {
		var l []byte
		l, line, _ = bytes.Cut(line, []byte{'\n'})
		num, arr, ok := bytes.Cut(l, []byte{' '})
		n, err := strconv.Atoi(string(num))
		if !ok || err != nil || n < 0 || len(arr) < 2 || arr[0] != '[' || arr[len(arr)-1] != ']' {
			return nil, nil, fmt.Errorf("a snapshot's history tail %d does not read", i+1)
		}
		counts[i], tails[i] = n, arr
	}
	if len(line) > 0 {
		return nil, nil, fmt.Errorf("a snapshot holds more history tails than its state has parts")
	}
	return counts, tails, nil
}

// SplitTails separates what EncodeParts wrote: the state's JSON, and the
// lines of its parts' tails (nil when there are none).
func SplitTails(data []byte) (state, tails []byte) {
	state, tails, _ = bytes.Cut(data, []byte{'\n'})
	return state, tails
}

// SetTails gives each part of a state being restored its tail, from the
// lines SplitTails found (nil: none). After SetSources.
func SetTails(lines []byte, parts ...Part) error {
	if lines == nil {
		return nil
	}
	counts, tails, err := readTails(lines, len(parts))
	if err != nil {
		return err
	}
	for i, p := range parts {
		p.SetTail(tails[i], counts[i])
	}
	return nil
}

// WholeParts gives what a snapshot's state and parts are with each part's
// tail put back after its base, the tails gone: the form a state replayed
// from the log encodes to, which a check of the snapshots against the log compares.
func WholeParts(data []byte, parts [][]byte) ([]byte, [][]byte, error) {
	state, lines := SplitTails(data)
	if lines == nil {
		return data, parts, nil
	}
	_, tails, err := readTails(lines, len(parts))
	if err != nil {
		return nil, nil, err
	}
	whole := make([][]byte, len(parts))
	for i := range parts {
		whole[i] = spliceArrays(parts[i], tails[i])
	}
	return state, whole, nil
}

// DecodeParts restores what EncodeParts wrote: the state now, each part
// when it is first read.
func DecodeParts(data []byte, load Parts, v any, parts ...Part) error {
	state, tails := SplitTails(data)
	if err := UnmarshalState(state, v); err != nil {
		return err
	}
	SetSources(load, parts...)
	return SetTails(tails, parts...)
}

// SetSources gives each part of a state being restored where it is read
// from when first needed: DecodeParts' second half, for a state decoded
// otherwise (a generated decoder).
func SetSources(load Parts, parts ...Part) {
	for i, p := range parts {
		var rebuild func() ([]byte, error)
		if load.Rebuild != nil {
			rebuild = func() ([]byte, error) { return load.Rebuild(i) }
		}
		p.SetSource(func() ([]byte, error) { return load.Read(i) }, rebuild)
	}
}
