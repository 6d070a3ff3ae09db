package cmdutil

import (
	"fmt"
	"io"
	"testing"
)

// BenchmarkTable draws a status-sized table (15 rows of 14 columns, as a
// Brood Mother status shows), to a writer that is not a terminal.
func BenchmarkTable(b *testing.B) {
	header := make([]string, 14)
	for i := range header {
		header[i] = fmt.Sprintf("column %d", i)
	}
	rows := make([][]string, 15)
	for r := range rows {
		rows[r] = make([]string, 14)
		for c := range rows[r] {
			rows[r][c] = fmt.Sprintf("cell %d.%d", r, c)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := Table(io.Discard, header, rows); err != nil {
			b.Fatal(err)
		}
	}
}
