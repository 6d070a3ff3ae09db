package cmd

import (
	"testing"

	"warlog/campaigns"
	"warlog/events"
)

// FuzzDecodeEvent: a stored payload of any registered type, however
// mangled, decodes or fails with an error; it never panics.
func FuzzDecodeEvent(f *testing.F) {
	svc := campaigns.New(nil, Engines()...)
	types := []string{"action.begun", "dice.rolled", "campaign.created", "kingsown.figure_recruited", "kingsown.hit_lost",
		"deadwars.attack_made", "brood.spawn_created", "incarn28.activated", "reincardnated.incarnated"}
	for i := range types {
		f.Add(uint8(i), []byte(`{}`))
		f.Add(uint8(i), []byte(`{"name":"x","values":[1,2],"card":{"name":"B"}}`))
	}
	f.Add(uint8(0), []byte(`{"args":{"x":[1,{"y":null}]},"dice":[7]}`))
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		e := events.Event{Type: types[int(which)%len(types)], Data: data, Version: 1}
		_, _ = svc.Registry().Decode(e)
	})
}
