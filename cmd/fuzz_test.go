package cmd

import (
	"bytes"
	"encoding/json"
	"testing"

	"warlog/campaigns"
	"warlog/events"
)

// FuzzDecodeEvent: a stored payload of any registered type, however
// mangled, decodes or fails with an error, never a panic; and what decodes
// re-encodes to a value that decodes to itself: encoding the decoded
// payload, decoding that and encoding again gives the same bytes (no field
// is lost or changed on the way through the registry's decoders).
func FuzzDecodeEvent(f *testing.F) {
	svc := campaigns.New(nil, Engines()...)
	types := []string{"action.begun", "dice.rolled", "campaign.created", "kingsown.figure_recruited", "kingsown.hit_lost",
		"deadwars.attack_made", "brood.spawn_created", "incarn28.activated", "reincardnated.incarnated"}
	for i := range types {
		f.Add(uint8(i), []byte(`{}`))
		f.Add(uint8(i), []byte(`{"name":"x","values":[1,2],"card":{"name":"B"}}`))
	}
	f.Add(uint8(0), []byte(`{"args":{"x":[1,{"y":null}]},"dice":[7]}`))
	f.Add(uint8(1), []byte(`{"notation":"2d6","sides":6,"values":[3,5],"mod":1,"source":"program","purpose":"hit"}`))
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		typ := types[int(which)%len(types)]
		p, err := svc.Registry().Decode(events.Event{Type: typ, Data: data, Version: 1})
		if err != nil {
			return
		}
		first, err := json.Marshal(p)
		if err != nil {
			t.Fatalf("%s %q decodes to %#v, which does not encode: %v", typ, data, p, err)
		}
		again, err := svc.Registry().Decode(events.Event{Type: typ, Data: first, Version: 1})
		if err != nil {
			t.Fatalf("%s %q decodes to %#v, whose encoding %s does not decode: %v", typ, data, p, first, err)
		}
		second, err := json.Marshal(again)
		if err != nil || !bytes.Equal(first, second) {
			t.Fatalf("%s %q: the decoded payload encodes as %s, which decodes and encodes as %s (%v)", typ, data, first, second, err)
		}
	})
}
