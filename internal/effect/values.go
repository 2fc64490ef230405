package effect

import (
	"go/types"
	"strings"
)

// ValueKind is what a function of the standard library does with a
// string it is given (the RequestState a server reads back, in
// internal/duties): parse a part of it, decode it, format text of it,
// test it, verify it under a key, hash it.
type ValueKind uint8

const (
	ValueOther  ValueKind = iota // anything else: a project's function, os.Remove
	ValueParse                   // strings, strconv, ...: a part of it
	ValueDecode                  // base64, hex, JSON: a plain decoding
	ValueFormat                  // fmt.Sprintf: text made of it
	ValueQuiet                   // errors, logging: neither
	ValueTest                    // strings.HasPrefix...: a weak test
	ValueVerify                  // hmac.Equal, AEAD.Open...: an integrity check
	ValueHash                    // sha256.Sum256...: an unkeyed hash
)

// KindOfValue classifies a function of the standard library by its package
// and name; every other function is ValueOther.
func KindOfValue(fn *types.Func) ValueKind {
	if fn.Pkg() == nil {
		return ValueQuiet // error.Error
	}
	path, name := fn.Pkg().Path(), fn.Name()
	switch path {
	case "strings", "bytes":
		switch {
		case strings.HasPrefix(name, "HasPrefix"), strings.HasPrefix(name, "HasSuffix"), strings.HasPrefix(name, "Contains"), name == "EqualFold", name == "Equal", name == "Compare", strings.HasPrefix(name, "Index"):
			return ValueTest
		}
		return ValueParse
	case "strconv", "unicode/utf8", "net/url", "path", "path/filepath", "time", "slices", "maps", "sort", "unicode":
		return ValueParse
	case "encoding/base64", "encoding/base32", "encoding/hex", "encoding/json", "encoding/xml", "encoding/gob", "encoding/csv", "encoding/binary", "encoding/pem", "compress/gzip", "compress/flate", "io":
		return ValueDecode
	case "fmt":
		switch {
		case strings.HasPrefix(name, "Sscan"):
			return ValueParse
		case strings.HasPrefix(name, "Sprint"), name == "Sprintf", name == "Append", name == "Appendf":
			return ValueFormat
		}
		return ValueQuiet
	case "errors", "log", "log/slog", "context":
		return ValueQuiet
	case "crypto/hmac":
		if name == "Equal" {
			return ValueVerify
		}
		return ValueQuiet
	case "crypto/subtle":
		if name == "ConstantTimeCompare" {
			return ValueVerify
		}
	case "crypto/ed25519", "crypto/ecdsa", "crypto/rsa":
		if strings.HasPrefix(name, "Verify") {
			return ValueVerify
		}
	case "crypto/cipher":
		if name == "Open" {
			return ValueVerify
		}
	case "crypto/sha256", "crypto/sha1", "crypto/sha512", "crypto/md5", "crypto/sha3", "hash/fnv", "hash/crc32", "hash/crc64", "hash/adler32", "hash/maphash", "hash":
		return ValueHash
	}
	return ValueOther
}
