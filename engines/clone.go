package engines

import (
	"reflect"
	"sync"
	"unsafe"
)

// Clone returns a deep copy of v: every pointer, slice and map is copied,
// unexported fields included, and two pointers to one value in v point to
// one value in the copy. A Sharer is not copied deeply but shared (its
// Shared: a History's finished battles, a Table, a game's own lists of
// what a campaign keeps), so a decision costs the size of the battle in
// progress, not of the campaign.
//
// A list of texts tagged `factgen:"shared"` is one its game never writes
// into (a change makes a new list): it is shared too, as its decoders
// share it.
//
// Functions and channels are shared, not copied; a game state holds none.
//
// Each type's copy is worked out once (a copier, kept per type) and then
// runs on the values' memory: a re-decision copies the state before every
// action an undo names, and walking the type with reflection each time
// cost more than the rules.
func Clone[T any](v T) T {
	var out T
	c := cloner{}
	copierOf(reflect.TypeFor[T]()).run(&c, unsafe.Pointer(&out), unsafe.Pointer(&v))
	return out
}

// Sharer is implemented by the values Clone shares instead of copying
// deeply: the parts of a state a campaign keeps that change rarely and
// only in known places (a History, a Table, a game's own lists).
type Sharer interface {
	// Shared is the copy to put in the value's place (a value of its own
	// type): one that shares what neither it nor the value will write into.
	Shared() any
}

// Shared implements Sharer: a copy that shares the records (Copy).
func (h History[T]) Shared() any { return h.Copy() }

var sharerType = reflect.TypeFor[Sharer]()

// shares reports whether Clone shares values of t.
func shares(t reflect.Type) bool { return t.Implements(sharerType) }

// seenKey is a pointer met and the copier of what it points to (a struct
// and its first field share an address, not a copier).
type seenKey struct {
	p unsafe.Pointer
	c *copier
}

// cloner is one Clone's memory of the pointers it has copied.
type cloner struct {
	seen map[seenKey]unsafe.Pointer
}

// copier sets *dst, zero memory of its type, to a deep copy of *src. Its
// run is set once the type is worked out (a type that holds itself
// reaches its own copier before that).
type copier struct {
	run func(c *cloner, dst, src unsafe.Pointer)
}

var (
	// copiers holds the worked-out *copier per reflect.Type.
	copiers sync.Map
	// building guards pending: the copiers of the types being worked out,
	// published in copiers only once every one of them is complete.
	building sync.Mutex
	pending  = map[reflect.Type]*copier{}
)

// copierOf is t's copier, worked out on first use.
func copierOf(t reflect.Type) *copier {
	if cp, ok := copiers.Load(t); ok {
		return cp.(*copier)
	}
	building.Lock()
	defer building.Unlock()
	cp := pendingCopier(t)
	for t, cp := range pending {
		copiers.Store(t, cp)
	}
	clear(pending)
	return cp
}

// pendingCopier is t's copier while building is held: a published one, or
// one being worked out (its run set before copierOf returns).
func pendingCopier(t reflect.Type) *copier {
	if cp, ok := copiers.Load(t); ok {
		return cp.(*copier)
	}
	if cp, ok := pending[t]; ok {
		return cp
	}
	cp := &copier{}
	pending[t] = cp
	cp.run = build(t)
	return cp
}

// build works out how to copy a value of t.
func build(t reflect.Type) func(c *cloner, dst, src unsafe.Pointer) {
	if t.Kind() != reflect.Pointer && t.Implements(sharerType) {
		return func(_ *cloner, dst, src unsafe.Pointer) {
			reflect.NewAt(t, dst).Elem().Set(reflect.ValueOf(reflect.NewAt(t, src).Elem().Interface().(Sharer).Shared()))
		}
	}
	if plain(t) {
		size := t.Size()
		return func(_ *cloner, dst, src unsafe.Pointer) {
			copy(unsafe.Slice((*byte)(dst), size), unsafe.Slice((*byte)(src), size))
		}
	}
	if t.Kind() == reflect.String {
		return func(_ *cloner, dst, src unsafe.Pointer) { *(*string)(dst) = *(*string)(src) }
	}
	if shallow(t) {
		// Strings inside: one typed copy (write barriers and all).
		return func(_ *cloner, dst, src unsafe.Pointer) {
			reflect.NewAt(t, dst).Elem().Set(reflect.NewAt(t, src).Elem())
		}
	}
	switch t.Kind() {
	case reflect.Pointer:
		elem := pendingCopier(t.Elem())
		et := t.Elem()
		return func(c *cloner, dst, src unsafe.Pointer) {
			p := *(*unsafe.Pointer)(src)
			if p == nil {
				return
			}
			k := seenKey{p, elem}
			if q, ok := c.seen[k]; ok {
				*(*unsafe.Pointer)(dst) = q
				return
			}
			q := reflect.New(et).UnsafePointer()
			if c.seen == nil {
				c.seen = map[seenKey]unsafe.Pointer{}
			}
			c.seen[k] = q
			elem.run(c, q, p)
			*(*unsafe.Pointer)(dst) = q
		}
	case reflect.Slice:
		et := t.Elem()
		size := et.Size()
		flat := plain(et)
		shallowElem := shallow(et)
		elem := pendingCopier(et)
		return func(c *cloner, dst, src unsafe.Pointer) {
			s := (*sliceHeader)(src)
			if s.data == nil {
				return
			}
			n := s.len
			if !flat && shallowElem {
				out := reflect.MakeSlice(t, n, n)
				reflect.Copy(out, reflect.NewAt(t, src).Elem())
				*(*sliceHeader)(dst) = sliceHeader{data: out.UnsafePointer(), len: n, cap: n}
				return
			}
			d := reflect.MakeSlice(t, n, n).UnsafePointer()
			if flat {
				copy(unsafe.Slice((*byte)(d), uintptr(n)*size), unsafe.Slice((*byte)(s.data), uintptr(n)*size))
			} else {
				for i := range n {
					elem.run(c, unsafe.Add(d, uintptr(i)*size), unsafe.Add(s.data, uintptr(i)*size))
				}
			}
			*(*sliceHeader)(dst) = sliceHeader{data: d, len: n, cap: n}
		}
	case reflect.Array:
		size := t.Elem().Size()
		elem := pendingCopier(t.Elem())
		n := t.Len()
		return func(c *cloner, dst, src unsafe.Pointer) {
			for i := range n {
				elem.run(c, unsafe.Add(dst, uintptr(i)*size), unsafe.Add(src, uintptr(i)*size))
			}
		}
	case reflect.Struct:
		type field struct {
			off uintptr
			cp  *copier
		}
		var fields []field
		for i := range t.NumField() {
			f := t.Field(i)
			if f.Type.Size() == 0 {
				continue
			}
			if sharedList(f) {
				fields = append(fields, field{f.Offset, &copier{run: func(_ *cloner, dst, src unsafe.Pointer) {
					*(*[]string)(dst) = *(*[]string)(src)
				}}})
				continue
			}
			fields = append(fields, field{f.Offset, pendingCopier(f.Type)})
		}
		return func(c *cloner, dst, src unsafe.Pointer) {
			for _, f := range fields {
				f.cp.run(c, unsafe.Add(dst, f.off), unsafe.Add(src, f.off))
			}
		}
	case reflect.Map:
		key, val := pendingCopier(t.Key()), pendingCopier(t.Elem())
		kt, vt := t.Key(), t.Elem()
		return func(c *cloner, dst, src unsafe.Pointer) {
			m := reflect.NewAt(t, src).Elem()
			if m.IsNil() {
				return
			}
			out := reflect.MakeMapWithSize(t, m.Len())
			k, v := reflect.New(kt).Elem(), reflect.New(vt).Elem()
			ik, iv := reflect.New(kt).Elem(), reflect.New(vt).Elem()
			it := m.MapRange()
			for it.Next() {
				ik.SetIterKey(it)
				iv.SetIterValue(it)
				k.SetZero()
				v.SetZero()
				key.run(c, k.Addr().UnsafePointer(), ik.Addr().UnsafePointer())
				val.run(c, v.Addr().UnsafePointer(), iv.Addr().UnsafePointer())
				out.SetMapIndex(k, v)
			}
			reflect.NewAt(t, dst).Elem().Set(out)
		}
	case reflect.Interface:
		return func(c *cloner, dst, src unsafe.Pointer) {
			i := reflect.NewAt(t, src).Elem()
			if i.IsNil() {
				return
			}
			e := i.Elem()
			v := reflect.New(e.Type()).Elem()
			copierOf(e.Type()).run(c, v.Addr().UnsafePointer(), valuePointer(e))
			reflect.NewAt(t, dst).Elem().Set(v)
		}
	case reflect.String:
		return func(_ *cloner, dst, src unsafe.Pointer) { *(*string)(dst) = *(*string)(src) }
	default: // functions and channels: shared
		return func(_ *cloner, dst, src unsafe.Pointer) {
			*(*unsafe.Pointer)(dst) = *(*unsafe.Pointer)(src)
		}
	}
}

// MapsOf has Clone copy maps of type map[K]V in code compiled for them
// rather than by reflection on each entry (about three times as fast): a
// game calls it from its package's init for the tables its state keeps
// across a campaign (they grow with it, and a re-decision copies the state
// before every action an undo names). K is copied by assignment: a string
// or a number. Call it before any Clone, from init.
func MapsOf[K comparable, V any]() {
	t := reflect.TypeFor[map[K]V]()
	if k := t.Key(); !shallow(k) {
		panic("engines.MapsOf: a key of " + k.String() + " is not copied by assignment")
	}
	building.Lock()
	defer building.Unlock()
	vt := reflect.TypeFor[V]()
	val := pendingCopier(vt)
	flat := shallow(vt)
	run := func(c *cloner, dst, src unsafe.Pointer) {
		m := *(*map[K]V)(src)
		if m == nil {
			return
		}
		out := make(map[K]V, len(m))
		for k, v := range m {
			if flat {
				out[k] = v
				continue
			}
			var nv V
			val.run(c, unsafe.Pointer(&nv), unsafe.Pointer(&v))
			out[k] = nv
		}
		*(*map[K]V)(dst) = out
	}
	if cp, ok := copiers.Load(t); ok {
		cp.(*copier).run = run // init: no Clone runs yet
	} else {
		copiers.Store(t, &copier{run: run})
	}
	for t, cp := range pending {
		copiers.Store(t, cp)
	}
	clear(pending)
}

// The maps of texts every game keeps.
func init() {
	MapsOf[string, string]()
	MapsOf[string, int]()
	MapsOf[string, bool]()
}

// sliceHeader is the memory of a slice.
type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

// valuePointer is the address of a copy of v (v itself need not be
// addressable: a map's key or value, an interface's contents).
func valuePointer(v reflect.Value) unsafe.Pointer {
	if v.CanAddr() {
		return v.Addr().UnsafePointer()
	}
	p := reflect.New(v.Type())
	p.Elem().Set(v)
	return p.UnsafePointer()
}

// plain reports whether values of t hold no pointers, slices, maps,
// interfaces or strings, so copying its bytes is a deep copy.
func plain(t reflect.Type) bool {
	if p, ok := plainTypes.Load(t); ok {
		return p.(bool)
	}
	var p bool
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		p = true
	case reflect.Array:
		p = plain(t.Elem())
	case reflect.Struct:
		p = !shares(t)
		for i := 0; p && i < t.NumField(); i++ {
			p = plain(t.Field(i).Type)
		}
	}
	plainTypes.Store(t, p)
	return p
}

// plainTypes remembers plain's answer per type.
var plainTypes sync.Map

// shallow reports whether an assignment copies values of t deeply: t holds
// no pointers, slices, maps, interfaces or functions, only numbers,
// booleans, strings (which never change) and lists of texts a copy shares
// (sharedList).
func shallow(t reflect.Type) bool {
	if p, ok := shallowTypes.Load(t); ok {
		return p.(bool)
	}
	var p bool
	switch t.Kind() {
	case reflect.String:
		p = true
	case reflect.Array:
		p = shallow(t.Elem())
	case reflect.Struct:
		p = !shares(t)
		for i := 0; p && i < t.NumField(); i++ {
			p = sharedList(t.Field(i)) || shallow(t.Field(i).Type)
		}
	default:
		p = plain(t)
	}
	shallowTypes.Store(t, p)
	return p
}

// sharedList reports whether f is a list of texts its game never writes
// into (tagged factgen:"shared"), which a copy shares.
func sharedList(f reflect.StructField) bool {
	return f.Tag.Get("factgen") == "shared" && f.Type == reflect.TypeFor[[]string]()
}

// shallowTypes remembers shallow's answer per type.
var shallowTypes sync.Map
