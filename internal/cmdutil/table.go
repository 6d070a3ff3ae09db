package cmdutil

import (
	"fmt"
	"io"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/tw"

	"warlog/engines"
)

// Table renders rows under a header with tablewriter's v1 API.
func Table(w io.Writer, header []string, rows [][]string) error {
	t := tablewriter.NewTable(w,
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithRowAutoWrap(tw.WrapNone),
		tablewriter.WithHeaderAlignment(tw.AlignLeft),
	)
	t.Header(header)
	if err := t.Bulk(rows); err != nil {
		return err
	}
	return t.Render()
}

// RowsTable renders engine rows: the columns are the union of the rows' keys
// in first-seen order, each headed by its key.
func RowsTable(w io.Writer, rows []engines.Row) error {
	keys := engines.Keys(rows)
	cells := make([][]string, len(rows))
	for i, r := range rows {
		cells[i] = make([]string, len(keys))
		for j, k := range keys {
			cells[i][j] = Cell(r.Get(k))
		}
	}
	header := make([]string, len(keys))
	for i, k := range keys {
		header[i] = strings.ReplaceAll(k, "_", " ")
	}
	return Table(w, header, cells)
}

// Cell writes a value for a table: nothing for nil, yes/no for bools.
func Cell(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case bool:
		if x {
			return "yes"
		}
		return "no"
	case []string:
		return strings.Join(x, ", ")
	}
	return fmt.Sprint(v)
}
