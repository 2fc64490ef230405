// Package effect holds what elicitlint knows of what a call does beyond
// returning its result: the levels (nothing, a read, a write), the table
// of the standard library's reads, the fact that carries a function's
// level to the packages that call it, and the -replay-safe patterns by
// which an author vouches for calls elicitlint cannot see into.
//
// internal/source judges calls with it (pure.go); the round-trip
// migration lets what only reads run again on the call that brings the
// answer, and names it, and the fail-open check does not take a read for
// the work a confirmation guards.
package effect

import (
	"fmt"
	"go/types"
	"path"
	"slices"
	"strings"
)

// Effect is what a call may do beyond its own frame.
type Effect uint8

const (
	// None: nothing but compute from its arguments, or change values of
	// the call in progress.
	None Effect = iota
	// Read: read the world (a file, a database, the network by GET, the
	// environment) without changing it; run twice, it reads twice.
	Read
	// Write: change something that outlives the call, or what elicitlint
	// cannot tell.
	Write
)

func (e Effect) String() string {
	switch e {
	case None:
		return "none"
	case Read:
		return "read"
	}
	return "write"
}

// Fact is the effect of a function of the module being analysed, for the
// packages that call it. Why, for a write, says what writes, in words a
// message can quote.
type Fact struct {
	Effect Effect
	Why    string
	// Unseen is set when Why names a call elicitlint cannot see into (of
	// another module, of a function value), not a write.
	Unseen bool
}

func (*Fact) AFact() {}

func (f *Fact) String() string {
	switch {
	case f.Unseen:
		return "effect " + f.Effect.String() + ": unseen " + f.Why
	case f.Why != "":
		return "effect " + f.Effect.String() + ": " + f.Why
	}
	return "effect " + f.Effect.String()
}

// stdReads are the functions and methods ("Type.Method") of the standard
// library that read the world and change nothing: on a replay they read
// again. A method here reads whatever its receiver (a database handle, an
// HTTP client held by the server).
var stdReads = table{
	{"os", []string{"ReadFile", "ReadDir", "Stat", "Lstat", "Open", "Getenv", "LookupEnv", "Environ", "Getwd",
		"Hostname", "Executable", "UserHomeDir", "UserCacheDir", "UserConfigDir", "TempDir",
		"Getpid", "Getppid", "Getuid", "Geteuid", "Getgid", "Getegid", "Getpagesize", "DirFS", "SameFile", "IsExist", "IsNotExist", "IsPermission"}},
	{"io/fs", []string{"ReadFile", "ReadDir", "Stat", "Glob", "Sub", "ValidPath"}},
	{"path/filepath", []string{"Abs", "EvalSymlinks", "Glob"}},
	{"os/user", []string{"Current", "Lookup", "LookupId", "LookupGroup", "LookupGroupId"}},
	{"database/sql", []string{
		"DB.Query", "DB.QueryContext", "DB.QueryRow", "DB.QueryRowContext", "DB.Ping", "DB.PingContext", "DB.Stats",
		"Tx.Query", "Tx.QueryContext", "Tx.QueryRow", "Tx.QueryRowContext",
		"Conn.QueryContext", "Conn.QueryRowContext", "Conn.PingContext",
		"Stmt.Query", "Stmt.QueryContext", "Stmt.QueryRow", "Stmt.QueryRowContext",
	}},
	{"net/http", []string{"Get", "Head", "Client.Get", "Client.Head"}},
	{"net", []string{"LookupHost", "LookupIP", "LookupAddr", "LookupCNAME", "LookupTXT", "LookupMX", "LookupNS", "LookupSRV"}},
	{"sync", []string{"Map.Load"}},
	{"sync/atomic", []string{"LoadInt32", "LoadInt64", "LoadUint32", "LoadUint64", "LoadUintptr", "LoadPointer", "Int32.Load", "Int64.Load", "Uint32.Load", "Uint64.Load", "Uintptr.Load", "Bool.Load", "Value.Load", "Pointer.Load"}},
}

// stdComputes are the functions and methods of standard packages that
// reach further (net/http) that act on nothing but their arguments and
// receivers: a request's headers and cookies read where the handler was
// given them.
var stdComputes = table{
	{"net/http", []string{"Header.Get", "Header.Values", "Header.Clone", "Request.Context", "Request.Cookie", "Request.Cookies",
		"Request.UserAgent", "Request.Referer", "Request.BasicAuth", "Request.ProtoAtLeast", "Request.PathValue",
		"Cookie.String", "Cookie.Valid", "CanonicalHeaderKey", "StatusText", "DetectContentType", "ParseHTTPVersion", "ParseTime"}},
}

// stdShared are the methods of the computing packages' types that leave
// their receiver as it was, so that a value shared beyond the call (a
// package-level regexp.MustCompile) may take them: a compiled regexp is
// safe for concurrent use, and matching changes nothing.
var stdShared = table{
	{"regexp", []string{"Regexp.Match", "Regexp.MatchString", "Regexp.MatchReader", "Regexp.Find", "Regexp.FindAll",
		"Regexp.FindString", "Regexp.FindAllString", "Regexp.FindStringSubmatch", "Regexp.FindAllStringSubmatch",
		"Regexp.FindSubmatch", "Regexp.FindAllSubmatch", "Regexp.FindIndex", "Regexp.FindStringIndex",
		"Regexp.FindStringSubmatchIndex", "Regexp.FindAllStringIndex", "Regexp.FindAllStringSubmatchIndex",
		"Regexp.ReplaceAllString", "Regexp.ReplaceAllLiteralString", "Regexp.ReplaceAllStringFunc", "Regexp.ReplaceAll",
		"Regexp.Split", "Regexp.String", "Regexp.NumSubexp", "Regexp.SubexpNames", "Regexp.SubexpIndex", "Regexp.LiteralPrefix"}},
	{"strings", []string{"Replacer.Replace"}},
}

// Shared reports a method of a standard type that leaves its receiver
// as it was (stdShared).
func Shared(fn *types.Func) bool {
	return fn.Pkg() != nil && stdShared.has(fn.Pkg().Path(), Name(fn))
}

// stdSync are the methods that order a goroutine's steps and leave
// nothing behind once paired: a lock taken and released, as the handler
// does on either call.
var stdSync = table{
	{"sync", []string{"Mutex.Lock", "Mutex.Unlock", "Mutex.TryLock", "RWMutex.Lock", "RWMutex.Unlock", "RWMutex.RLock", "RWMutex.RUnlock", "RWMutex.TryLock", "RWMutex.TryRLock"}},
}

// Sync reports a method that takes or releases a lock (stdSync).
func Sync(fn *types.Func) bool { return fn.Pkg() != nil && stdSync.has(fn.Pkg().Path(), Name(fn)) }

// stdFresh are the methods of values a read makes (the rows of a query,
// a file opened to read): on a value of the call they consume it and
// reach nothing else.
var stdFresh = table{
	{"database/sql", []string{"Rows.Next", "Rows.NextResultSet", "Rows.Scan", "Rows.Close", "Rows.Err", "Rows.Columns", "Rows.ColumnTypes", "Row.Scan", "Row.Err"}},
	{"os", []string{"File.Read", "File.ReadAt", "File.ReadDir", "File.Readdir", "File.Readdirnames", "File.Stat", "File.Name", "File.Close", "File.Seek"}},
	// A hash or MAC made in the call (stdMakers), fed and summed.
	{"io", []string{"Writer.Write"}},
	{"hash", []string{"Hash.Sum", "Hash.Reset", "Hash.Size", "Hash.BlockSize", "Hash32.Sum32", "Hash64.Sum64"}},
}

// stdMakers are the functions of the standard library that make a new
// value sharing nothing with their arguments that its holder can reach:
// the constructors of hashes and MACs (hmac.New copies the key into
// pads of its own, and calls the hash function it is given only to make
// its hashes).
var stdMakers = table{
	{"crypto/hmac", []string{"New"}},
	{"crypto/sha256", []string{"New", "New224"}},
	{"crypto/sha512", []string{"New", "New384", "New512_224", "New512_256"}},
	{"crypto/sha1", []string{"New"}},
	{"crypto/md5", []string{"New"}},
	{"crypto/sha3", []string{"New224", "New256", "New384", "New512"}},
	{"hash/fnv", []string{"New32", "New32a", "New64", "New64a", "New128", "New128a"}},
	{"hash/crc32", []string{"New", "NewIEEE"}},
	{"hash/crc64", []string{"New"}},
	{"hash/adler32", []string{"New"}},
}

// Maker reports a function of the standard library that makes a new
// value sharing nothing reachable with its arguments (stdMakers).
func Maker(fn *types.Func) bool {
	return fn.Pkg() != nil && fn.Type().(*types.Signature).Recv() == nil && stdMakers.has(fn.Pkg().Path(), fn.Name())
}

// table lists names by package.
type table []struct {
	pkg   string
	names []string
}

// has reports whether the table lists name for package pkg ("*": every
// name of the package).
func (t table) has(pkg, name string) bool {
	for _, e := range t {
		if e.pkg == pkg {
			return slices.Contains(e.names, "*") || slices.Contains(e.names, name)
		}
	}
	return false
}

// Fillers are the functions of the standard library that change the
// elements of the slices or maps they are given.
func Fillers(pkg, name string) bool { return fillers.has(pkg, name) }

var fillers = table{
	{"sort", []string{"*"}},
	{"slices", []string{"Sort", "SortFunc", "SortStableFunc", "Reverse", "Delete", "DeleteFunc", "Insert", "Replace", "Compact", "CompactFunc"}},
	{"maps", []string{"Copy", "DeleteFunc", "Insert"}},
	{"io", []string{"ReadFull", "ReadAtLeast", "CopyBuffer"}},
	{"encoding/hex", []string{"Encode", "Decode"}},
	{"encoding/binary", []string{"PutUvarint", "PutVarint", "Read", "Decode"}},
	{"unicode/utf8", []string{"EncodeRune"}},
	{"crypto/subtle", []string{"XORBytes"}},
	{"crypto/rand", []string{"Read"}},
	{"math/rand", []string{"Shuffle", "Read"}},
	{"math/rand/v2", []string{"Shuffle"}},
}

// Std returns the effect of a function or method of the standard library
// in the table, and whether the table has it; fresh says the method only
// consumes a value of the call (its receiver must be one).
func Std(fn *types.Func) (e Effect, fresh, ok bool) {
	if fn.Pkg() == nil {
		return Write, false, false
	}
	pkg, name := fn.Pkg().Path(), Name(fn)
	switch {
	case stdReads.has(pkg, name):
		return Read, false, true
	case stdSync.has(pkg, name), stdComputes.has(pkg, name):
		return None, false, true
	case stdFresh.has(pkg, name):
		return None, true, true
	}
	return Write, false, false
}

// Name is fn's name in the tables: "Func", or "Type.Method" for a
// method of a named type.
func Name(fn *types.Func) string {
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return fn.Name()
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name() + "." + fn.Name()
	}
	return fn.Name()
}

// Qualified names fn for patterns and messages: pkg.Func, or
// (*pkg.Type).Method, pkg.Type.Method for a value receiver, with the
// package's full path.
func Qualified(fn *types.Func) string {
	pkg := ""
	if fn.Pkg() != nil {
		pkg = fn.Pkg().Path()
	}
	return QualifiedAs(fn, pkg)
}

// QualifiedAs is Qualified with the package spelled pkg (its name, the
// last element of its path).
func QualifiedAs(fn *types.Func, pkg string) string {
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return pkg + "." + fn.Name()
	}
	t := recv.Type()
	ptr := false
	if p, ok := t.(*types.Pointer); ok {
		t, ptr = p.Elem(), true
	}
	name := "?"
	if n, ok := types.Unalias(t).(*types.Named); ok {
		name = n.Obj().Name()
	}
	if ptr {
		return "(*" + pkg + "." + name + ")." + fn.Name()
	}
	return pkg + "." + name + "." + fn.Name()
}

// Pattern is the -replay-safe pattern that names fn, with its package by
// the last element of its path.
func Pattern(fn *types.Func) string {
	if fn.Pkg() == nil {
		return Qualified(fn)
	}
	return QualifiedAs(fn, path.Base(fn.Pkg().Path()))
}

// Patterns are the -replay-safe setting: calls an author vouches for,
// which may run twice. A pattern names a function or a method as
// Qualified does, with the package by its full path or its last element
// and * matching any run of characters within a name:
//
//	(*store.Store).Get*       methods of *Store whose names start with Get
//	store.Store.Get           Get of a value receiver
//	example.com/app/store.Load*
//	(*store.Store).*          every method of *Store
//	svc.Service.GetDocument   a method of the interface Service, wherever
//	                          it is called through the interface
type Patterns []pattern

type pattern struct {
	ptr       bool   // (*T).M
	pkg, recv string // recv "" for a function
	name      string
	text      string
}

// String is the pattern as it was written.
func (p pattern) String() string { return p.text }

// ParsePatterns reads the comma-separated patterns of -replay-safe.
func ParsePatterns(list []string) (Patterns, error) {
	var ps Patterns
	for _, s := range list {
		p, err := parsePattern(strings.TrimSpace(s))
		if err != nil {
			return nil, err
		}
		ps = append(ps, p)
	}
	return ps, nil
}

func parsePattern(s string) (pattern, error) {
	bad := func(why string) (pattern, error) {
		return pattern{}, fmt.Errorf("bad -replay-safe pattern %q: %s; want pkg.Func, (*pkg.Type).Method or pkg.Type.Method, with * in names", s, why)
	}
	var p pattern
	if rest, ok := strings.CutPrefix(s, "(*"); ok {
		inner, method, ok := strings.Cut(rest, ").")
		if !ok || method == "" {
			return bad("no method after the receiver")
		}
		dot := strings.LastIndex(inner, ".")
		if dot <= 0 || dot == len(inner)-1 {
			return bad("the receiver is not pkg.Type")
		}
		p = pattern{ptr: true, pkg: inner[:dot], recv: inner[dot+1:], name: method}
	} else {
		// The package path may hold dots (example.com/app/store): the
		// names are what follows its last slash.
		slash := strings.LastIndex(s, "/")
		parts := strings.Split(s[slash+1:], ".")
		dir := s[:slash+1]
		switch len(parts) {
		case 2:
			p = pattern{pkg: dir + parts[0], name: parts[1]}
		case 3:
			p = pattern{pkg: dir + parts[0], recv: parts[1], name: parts[2]}
		default:
			return bad("not pkg.Func or pkg.Type.Method")
		}
	}
	if strings.ContainsAny(p.pkg, "*() ") || strings.ContainsAny(p.recv+p.name, "()/ ") {
		return bad("a part is malformed")
	}
	for _, part := range []string{p.recv, p.name} {
		if _, err := path.Match(part, ""); err != nil {
			return bad("a part is malformed")
		}
	}
	if p.pkg == "" || p.name == "" {
		return bad("a part is empty")
	}
	p.text = s
	return p, nil
}

// Match reports whether a pattern vouches for fn.
func (ps Patterns) Match(fn *types.Func) bool {
	if len(ps) == 0 || fn.Pkg() == nil {
		return false
	}
	pkg := fn.Pkg().Path()
	recv, ptr := "", false
	if r := fn.Type().(*types.Signature).Recv(); r != nil {
		t := r.Type()
		if p, ok := t.(*types.Pointer); ok {
			t, ptr = p.Elem(), true
		}
		n, ok := types.Unalias(t).(*types.Named)
		if !ok {
			return false
		}
		recv = n.Obj().Name()
	}
	for _, p := range ps {
		if p.recv == "" != (recv == "") || p.recv != "" && p.ptr != ptr {
			continue
		}
		if pkg != p.pkg && path.Base(pkg) != p.pkg {
			continue
		}
		if ok, _ := path.Match(p.recv, recv); !ok && p.recv != "" {
			continue
		}
		if ok, _ := path.Match(p.name, fn.Name()); ok {
			return true
		}
	}
	return false
}
