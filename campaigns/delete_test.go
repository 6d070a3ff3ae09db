package campaigns_test

import (
	"bytes"
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"warlog/campaigns"
	"warlog/events"
)

// TestDeleteWhileRolling: four services, each with a store of its own on
// one file, roll while the campaign is deleted. Every roll acknowledged is
// in the export the delete keeps, and every roll begun after the delete is
// refused as a campaign that is not there.
func TestDeleteWhileRolling(t *testing.T) {
	ctx := context.Background()
	open, first := sharedFile(t, 30)
	var mu sync.Mutex
	var acked, late []string
	deleted := make(chan struct{})
	enough := make(chan struct{})
	var once sync.Once
	var wg sync.WaitGroup
	for range 4 {
		svc := open()
		wg.Go(func() {
			for {
				after := false
				select {
				case <-deleted:
					after = true
				default:
				}
				res, err := svc.FreeRoll(ctx, concurrentName, "2d6", "a table", campaigns.Options{})
				switch {
				case errors.Is(err, campaigns.ErrNoCampaign):
					return
				case errors.Is(err, campaigns.ErrConflict):
					continue
				case err != nil:
					t.Errorf("roll: %v", err)
					return
				}
				mu.Lock()
				acked = append(acked, res.Action)
				if after {
					late = append(late, res.Action)
				}
				if len(acked) >= 12 {
					once.Do(func() { close(enough) })
				}
				mu.Unlock()
			}
		})
	}
	select {
	case <-enough:
	case <-time.After(60 * time.Second):
		t.Fatal("the rolls did not get in")
	}
	var export []byte
	_, err := first.Delete(ctx, concurrentName, func(_ events.ExportHeader, data []byte) error {
		export = bytes.Clone(data)
		return nil
	})
	close(deleted)
	if err != nil {
		t.Fatalf("Delete: %v", err)
	}
	wg.Wait()
	_, evs, err := events.ReadExport(bytes.NewReader(export))
	if err != nil {
		t.Fatalf("the export does not read: %v", err)
	}
	in := map[string]bool{}
	for _, e := range evs {
		in[e.Action] = true
	}
	for _, id := range acked {
		if !in[id] {
			t.Errorf("roll %s was acknowledged but is not in the export", id)
		}
	}
	if len(late) > 0 {
		t.Errorf("rolls %v begun after the delete were acknowledged", late)
	}
	if ok, err := first.Exists(ctx, concurrentName); err != nil || ok {
		t.Errorf("after the delete the campaign exists: %v %v", ok, err)
	}
}
