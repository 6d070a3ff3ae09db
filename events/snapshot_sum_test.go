package events

import "testing"

// A snapshot is read while its stored checksum is SnapshotHash's or the
// SHA-256 earlier versions kept (legacySnapshotHash), and not once any
// field changed under either.
func TestSnapshotSealed(t *testing.T) {
	s := Snapshot{Campaign: "c", Key: "campaign-state/3", Version: 300, Head: "ab12", Data: []byte(`{"x":1}` + "\n" + `{"y":2}`), PartsHash: "ff00"}
	for _, sum := range []string{SnapshotHash(s), legacySnapshotHash(s)} {
		if !SnapshotSealed(s, sum) {
			t.Errorf("%q does not seal the snapshot it was made from", sum)
		}
		for name, edited := range map[string]Snapshot{
			"data":    {Campaign: s.Campaign, Key: s.Key, Version: s.Version, Head: s.Head, Data: []byte(`{"x":2}` + "\n" + `{"y":2}`), PartsHash: s.PartsHash},
			"version": {Campaign: s.Campaign, Key: s.Key, Version: 301, Head: s.Head, Data: s.Data, PartsHash: s.PartsHash},
			"parts":   {Campaign: s.Campaign, Key: s.Key, Version: s.Version, Head: s.Head, Data: s.Data, PartsHash: "ff01"},
			"head":    {Campaign: s.Campaign, Key: s.Key, Version: s.Version, Head: "ab13", Data: s.Data, PartsHash: s.PartsHash},
		} {
			if SnapshotSealed(edited, sum) {
				t.Errorf("%q still seals the snapshot with its %s edited", sum, name)
			}
		}
	}
	if SnapshotSealed(s, "") || SnapshotSealed(s, "xxh64:") {
		t.Error("an empty checksum seals a snapshot")
	}
	if got := SnapshotHash(s); len(got) != len("xxh64:")+16 {
		t.Errorf("SnapshotHash = %q, want xxh64: and 16 hex digits", got)
	}
}
