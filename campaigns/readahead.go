package campaigns

import (
	"errors"

	"warlog/events"
)

// readAheadBatch is how many events the reading side hands over at once.
const readAheadBatch = 256

// readAheadRoom is the size of the arrays the payloads read are copied
// into (one allocation for many payloads).
const readAheadRoom = 64 << 10

// errStopReading tells a read-ahead source's reader that the deciding
// side has stopped.
var errStopReading = errors.New("the deciding side stopped")

// readAhead is src read on a goroutine of its own, a batch of events ahead
// of the one deciding: reading and copying rows out of the store (or a
// file), and reading each action.begun's payload, then cost the
// re-decision no time of its own on a second core. An event fn is given is
// valid during the call, its payload after it too (copied once read);
// just before fn is given an action.begun that decoded, began is given its
// payload. The batches are used again once passed.
func readAhead(src source, began func(version int64, b Begun)) source {
	return func(after int64, fn func(*events.Event) error) error {
		type batch struct {
			evs   []events.Event
			began []Begun // by index in evs; the zero Begun for others
			ok    []bool
		}
		batches, used := make(chan batch, 4), make(chan batch, 6)
		stop := make(chan struct{})
		var readErr error
		fresh := func() batch {
			select {
			case b := <-used:
				clear(b.evs)
				clear(b.began)
				return batch{b.evs[:0], b.began[:0], b.ok[:0]}
			default:
				return batch{make([]events.Event, 0, readAheadBatch), make([]Begun, 0, readAheadBatch), make([]bool, 0, readAheadBatch)}
			}
		}
		go func() {
			defer close(batches)
			b := fresh()
			var room []byte // payloads are copied into it, one after another
			send := func() error {
				select {
				case batches <- b:
					b = fresh()
					return nil
				case <-stop:
					return errStopReading
				}
			}
			readErr = src(after, func(e *events.Event) error {
				c := *e
				if len(e.Data) > cap(room)-len(room) {
					room = make([]byte, 0, max(readAheadRoom, len(e.Data)))
				}
				room = append(room, e.Data...)
				c.Data = room[len(room)-len(e.Data) : len(room) : len(room)]
				var p Begun
				var ok bool
				if c.Type == events.TypeActionBegun {
					var err error
					p, err = decodeBegun(c.Data)
					ok = err == nil
				}
				b.evs, b.began, b.ok = append(b.evs, c), append(b.began, p), append(b.ok, ok)
				if len(b.evs) == readAheadBatch {
					return send()
				}
				return nil
			})
			if readErr == nil && len(b.evs) > 0 {
				_ = send()
			}
		}()
		var err error
		for b := range batches {
			for i := 0; err == nil && i < len(b.evs); i++ {
				if b.ok[i] {
					began(b.evs[i].Version, b.began[i])
				}
				err = fn(&b.evs[i])
			}
			if err != nil {
				close(stop)
				for range batches { // the reader sees stop and ends
				}
				return err
			}
			select {
			case used <- b:
			default:
			}
		}
		return readErr
	}
}
