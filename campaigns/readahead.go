package campaigns

import (
	"errors"

	"warlog/events"
)

// readAheadBatch is how many events the reading side hands over at once.
const readAheadBatch = 256

// errStopReading tells a read-ahead source's reader that the deciding
// side has stopped.
var errStopReading = errors.New("the deciding side stopped")

// readAhead is src read on a goroutine of its own, a batch of events ahead
// of the one deciding: reading and copying rows out of the store (or a
// file) then costs the re-decision no time of its own on a second core.
// The events fn is given stay valid after the call (each is a copy).
func readAhead(src source) source {
	return func(after int64, fn func(*events.Event) error) error {
		batches := make(chan []events.Event, 4)
		stop := make(chan struct{})
		var readErr error
		go func() {
			defer close(batches)
			var b []events.Event
			send := func() error {
				select {
				case batches <- b:
					b = make([]events.Event, 0, readAheadBatch)
					return nil
				case <-stop:
					return errStopReading
				}
			}
			readErr = src(after, func(e *events.Event) error {
				c := *e
				c.Data = append([]byte(nil), e.Data...)
				b = append(b, c)
				if len(b) == readAheadBatch {
					return send()
				}
				return nil
			})
			if readErr == nil && len(b) > 0 {
				_ = send()
			}
		}()
		var err error
		for b := range batches {
			for i := 0; err == nil && i < len(b); i++ {
				err = fn(&b[i])
			}
			if err != nil {
				close(stop)
				for range batches { // the reader sees stop and ends
				}
				return err
			}
		}
		return readErr
	}
}
