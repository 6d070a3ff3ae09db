package engines

import (
	"reflect"
	"sync"
	"unsafe"
)

// Clone returns a deep copy of v: every pointer, slice and map is copied,
// unexported fields included, and two pointers to one value in v point to
// one value in the copy. A History is not copied but shared (its Copy):
// finished battles never change, so a decision costs the size of the
// battle in progress, not of the campaign.
//
// Functions and channels are shared, not copied; a game state holds none.
func Clone[T any](v T) T {
	var out T
	c := cloner{seen: map[seenKey]reflect.Value{}}
	src := reflect.ValueOf(&v).Elem()
	dst := reflect.ValueOf(&out).Elem()
	c.copy(dst, src)
	return out
}

// sharer is implemented by the values Clone shares instead of copying.
type sharer interface {
	// shareInto sets dst (of the value's own type) to a copy that shares
	// the value's contents.
	shareInto(dst reflect.Value)
}

// shareInto implements sharer.
func (h History[T]) shareInto(dst reflect.Value) { dst.Set(reflect.ValueOf(h.Copy())) }

var sharerType = reflect.TypeFor[sharer]()

type seenKey struct {
	p uintptr
	t reflect.Type
}

type cloner struct {
	seen map[seenKey]reflect.Value
}

// copy sets dst, a settable value, to a deep copy of src.
func (c *cloner) copy(dst, src reflect.Value) {
	if src.Type().Implements(sharerType) {
		settable(src).Interface().(sharer).shareInto(dst)
		return
	}
	switch src.Kind() {
	case reflect.Pointer:
		if src.IsNil() {
			return
		}
		k := seenKey{src.Pointer(), src.Type()}
		if p, ok := c.seen[k]; ok {
			dst.Set(p)
			return
		}
		p := reflect.New(src.Type().Elem())
		c.seen[k] = p
		c.copy(p.Elem(), src.Elem())
		dst.Set(p)
	case reflect.Slice:
		if src.IsNil() {
			return
		}
		s := reflect.MakeSlice(src.Type(), src.Len(), src.Len())
		if plain(src.Type().Elem()) {
			reflect.Copy(s, src)
		} else {
			for i := 0; i < src.Len(); i++ {
				c.copy(s.Index(i), src.Index(i))
			}
		}
		dst.Set(s)
	case reflect.Array:
		if plain(src.Type()) {
			dst.Set(src)
			return
		}
		for i := 0; i < src.Len(); i++ {
			c.copy(dst.Index(i), src.Index(i))
		}
	case reflect.Map:
		if src.IsNil() {
			return
		}
		m := reflect.MakeMapWithSize(src.Type(), src.Len())
		it := src.MapRange()
		for it.Next() {
			k := reflect.New(src.Type().Key()).Elem()
			c.copy(k, it.Key())
			v := reflect.New(src.Type().Elem()).Elem()
			c.copy(v, it.Value())
			m.SetMapIndex(k, v)
		}
		dst.Set(m)
	case reflect.Struct:
		if plain(src.Type()) {
			settable(dst).Set(settable(src))
			return
		}
		for i := 0; i < src.NumField(); i++ {
			c.copy(settable(dst.Field(i)), settable(src.Field(i)))
		}
	case reflect.Interface:
		if src.IsNil() {
			return
		}
		e := src.Elem()
		v := reflect.New(e.Type()).Elem()
		c.copy(v, e)
		dst.Set(v)
	default: // numbers, strings, bools, funcs, channels
		settable(dst).Set(settable(src))
	}
}

// settable gives v with the read-only flag of an unexported field lifted,
// so a state's private bookkeeping is copied too.
func settable(v reflect.Value) reflect.Value {
	if v.CanSet() || !v.CanAddr() {
		if !v.CanInterface() && v.CanAddr() {
			return reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
		}
		return v
	}
	return reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
}

// plain reports whether values of t hold no pointers, slices, maps or
// interfaces, so a plain assignment is a deep copy.
func plain(t reflect.Type) bool {
	if p, ok := plainTypes.Load(t); ok {
		return p.(bool)
	}
	var p bool
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128, reflect.String:
		p = true
	case reflect.Array:
		p = plain(t.Elem())
	case reflect.Struct:
		p = !t.Implements(sharerType)
		for i := 0; p && i < t.NumField(); i++ {
			p = plain(t.Field(i).Type)
		}
	}
	plainTypes.Store(t, p)
	return p
}

// plainTypes remembers plain's answer per type.
var plainTypes sync.Map
