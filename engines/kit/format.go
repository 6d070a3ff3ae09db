package kit

import (
	"crypto/sha256"
	"encoding/hex"
	"reflect"
	"strconv"
	"strings"
)

// Fingerprint names the shape of a state type as JSON keeps it: every field
// a snapshot encodes, its key and its type, followed into the types it
// uses. Two types with the same fingerprint encode alike; a field added,
// renamed, retyped or retagged gives another one, and so another snapshot
// format.
func Fingerprint(t reflect.Type) string {
	var b strings.Builder
	shape(&b, t, map[reflect.Type]bool{})
	sum := sha256.Sum256([]byte(b.String()))
	return hex.EncodeToString(sum[:6])
}

// Shape is the text Fingerprint hashes, for a test that shows what changed.
func Shape(t reflect.Type) string {
	var b strings.Builder
	shape(&b, t, map[reflect.Type]bool{})
	return b.String()
}

func shape(b *strings.Builder, t reflect.Type, seen map[reflect.Type]bool) {
	if t.Name() != "" && t.PkgPath() != "" {
		if seen[t] { // a type that holds itself: name it, once round
			b.WriteString("@" + t.PkgPath() + "." + t.Name())
			return
		}
		seen[t] = true
		defer delete(seen, t)
		if t.Implements(marshaler) || reflect.PointerTo(t).Implements(marshaler) {
			// Its own encoding (a History): named, since what it is
			// made of need not be what it writes.
			b.WriteString(t.PkgPath() + "." + t.Name() + "(json)")
		}
		if r, ok := reflect.Zero(t).Interface().(interface{ RecordType() reflect.Type }); ok {
			// A History writes its records: their shape is its shape.
			b.WriteString("records:")
			shape(b, r.RecordType(), seen)
		}
	}
	switch t.Kind() {
	case reflect.Pointer:
		b.WriteString("*")
		shape(b, t.Elem(), seen)
	case reflect.Slice:
		b.WriteString("[]")
		shape(b, t.Elem(), seen)
	case reflect.Array:
		b.WriteString("[" + strconv.Itoa(t.Len()) + "]")
		shape(b, t.Elem(), seen)
	case reflect.Map:
		b.WriteString("map[")
		shape(b, t.Key(), seen)
		b.WriteString("]")
		shape(b, t.Elem(), seen)
	case reflect.Struct:
		b.WriteString("{")
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() && !f.Anonymous {
				continue
			}
			tag := f.Tag.Get("json")
			if tag == "-" {
				continue
			}
			b.WriteString(f.Name + " " + tag + " ")
			shape(b, f.Type, seen)
			b.WriteString(";")
		}
		b.WriteString("}")
	default:
		b.WriteString(t.Kind().String())
	}
}

var marshaler = reflect.TypeFor[interface{ MarshalJSON() ([]byte, error) }]()
