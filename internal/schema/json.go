package schema

import (
	"fmt"
	"go/token"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// MaxJSONDepth is the deepest nesting of arrays and objects ParseJSON
// accepts. Requested schemas are flat; the limit only keeps hostile input
// from exhausting the stack.
const MaxJSONDepth = 1000

// JSONError reports malformed JSON text.
type JSONError struct {
	Offset int    // byte offset into the input where the problem was found
	Msg    string // lower case, without the offset
}

func (e *JSONError) Error() string {
	return fmt.Sprintf("invalid JSON at offset %d: %s", e.Offset, e.Msg)
}

// ParseJSON parses one JSON value (RFC 8259) into a Node tree.
//
// pos maps a byte offset in data to a token.Pos; every node gets Pos (first
// byte of the value), End (just past its last byte) and, for object members,
// KeyPos (the opening quote of its key). A nil pos leaves them all
// token.NoPos.
//
// Numbers become Num, with IsInt set when the literal has no fraction and no
// exponent. Object members keep their source order, and duplicate keys are
// kept too (Node.Get finds the first; encoding/json would keep the last).
// Strings are decoded as encoding/json decodes them: invalid UTF-8 bytes and
// unpaired surrogate escapes become U+FFFD.
//
// Errors are *JSONError. ParseJSON never panics; nesting deeper than
// MaxJSONDepth is an error.
func ParseJSON(data []byte, pos func(offset int) token.Pos) (*Node, error) {
	p := &jsonParser{data: data, pos: pos}
	p.skipSpace()
	n, err := p.value()
	if err != nil {
		return nil, err
	}
	p.skipSpace()
	if p.off < len(p.data) {
		return nil, p.errorf(p.off, "unexpected %s after the top-level value", p.found(p.off))
	}
	return n, nil
}

type jsonParser struct {
	data  []byte
	off   int
	pos   func(int) token.Pos
	depth int
}

func (p *jsonParser) errorf(off int, format string, args ...any) *JSONError {
	return &JSONError{Offset: off, Msg: fmt.Sprintf(format, args...)}
}

func (p *jsonParser) at(off int) token.Pos {
	if p.pos == nil {
		return token.NoPos
	}
	return p.pos(off)
}

// found describes the input at off for an error message.
func (p *jsonParser) found(off int) string {
	if off >= len(p.data) {
		return "end of input"
	}
	r, size := utf8.DecodeRune(p.data[off:])
	switch {
	case r == utf8.RuneError && size <= 1:
		return fmt.Sprintf("byte 0x%02x", p.data[off])
	case r < 0x80 && unicode.IsPrint(r):
		return fmt.Sprintf("%q", r)
	default:
		return fmt.Sprintf("character %U", r)
	}
}

func (p *jsonParser) skipSpace() {
	for p.off < len(p.data) {
		switch p.data[p.off] {
		case ' ', '\t', '\n', '\r':
			p.off++
		default:
			return
		}
	}
}

func (p *jsonParser) value() (*Node, error) {
	if p.off >= len(p.data) {
		return nil, p.errorf(p.off, "unexpected end of input, expected a value")
	}
	switch c := p.data[p.off]; {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"':
		start := p.off
		s, err := p.str()
		if err != nil {
			return nil, err
		}
		return &Node{Kind: String, Str: s, Pos: p.at(start), End: p.at(p.off)}, nil
	case c == '-' || ('0' <= c && c <= '9'):
		return p.number()
	case c == 't':
		return p.literal("true", &Node{Kind: Bool, Bool: true})
	case c == 'f':
		return p.literal("false", &Node{Kind: Bool})
	case c == 'n':
		return p.literal("null", &Node{Kind: Null})
	default:
		return nil, p.errorf(p.off, "expected a value, found %s", p.found(p.off))
	}
}

func (p *jsonParser) literal(word string, n *Node) (*Node, error) {
	start := p.off
	for i := 0; i < len(word); i++ {
		if p.off >= len(p.data) || p.data[p.off] != word[i] {
			return nil, p.errorf(p.off, "invalid literal (expected %s), found %s", word, p.found(p.off))
		}
		p.off++
	}
	n.Pos, n.End = p.at(start), p.at(p.off)
	return n, nil
}

func (p *jsonParser) enter() error {
	p.depth++
	if p.depth > MaxJSONDepth {
		return p.errorf(p.off, "nesting is deeper than %d levels", MaxJSONDepth)
	}
	return nil
}

func (p *jsonParser) object() (*Node, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	n := &Node{Kind: Object, Pos: p.at(p.off)}
	p.off++ // '{'
	p.skipSpace()
	if p.off < len(p.data) && p.data[p.off] == '}' {
		p.off++
		n.End = p.at(p.off)
		return n, nil
	}
	for {
		if p.off >= len(p.data) || p.data[p.off] != '"' {
			return nil, p.errorf(p.off, "expected a string object key, found %s", p.found(p.off))
		}
		keyStart := p.off
		key, err := p.str()
		if err != nil {
			return nil, err
		}
		p.skipSpace()
		if p.off >= len(p.data) || p.data[p.off] != ':' {
			return nil, p.errorf(p.off, "expected ':' after object key")
		}
		p.off++
		p.skipSpace()
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		v.KeyPos = p.at(keyStart)
		n.Set(key, v)
		p.skipSpace()
		if p.off >= len(p.data) {
			return nil, p.errorf(p.off, "unexpected end of input, expected ',' or '}' after object member")
		}
		switch p.data[p.off] {
		case ',':
			p.off++
			p.skipSpace()
		case '}':
			p.off++
			n.End = p.at(p.off)
			return n, nil
		default:
			return nil, p.errorf(p.off, "expected ',' or '}' after object member, found %s", p.found(p.off))
		}
	}
}

func (p *jsonParser) array() (*Node, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	n := &Node{Kind: Array, Pos: p.at(p.off)}
	p.off++ // '['
	p.skipSpace()
	if p.off < len(p.data) && p.data[p.off] == ']' {
		p.off++
		n.End = p.at(p.off)
		return n, nil
	}
	for {
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		n.Elems = append(n.Elems, v)
		p.skipSpace()
		if p.off >= len(p.data) {
			return nil, p.errorf(p.off, "unexpected end of input, expected ',' or ']' after array element")
		}
		switch p.data[p.off] {
		case ',':
			p.off++
			p.skipSpace()
		case ']':
			p.off++
			n.End = p.at(p.off)
			return n, nil
		default:
			return nil, p.errorf(p.off, "expected ',' or ']' after array element, found %s", p.found(p.off))
		}
	}
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func (p *jsonParser) number() (*Node, error) {
	start := p.off
	d := p.data
	isInt := true
	if d[p.off] == '-' {
		p.off++
	}
	switch {
	case p.off < len(d) && d[p.off] == '0':
		p.off++
	case p.off < len(d) && isDigit(d[p.off]):
		for p.off < len(d) && isDigit(d[p.off]) {
			p.off++
		}
	default:
		return nil, p.errorf(p.off, "invalid number: expected a digit after '-', found %s", p.found(p.off))
	}
	if p.off < len(d) && d[p.off] == '.' {
		isInt = false
		p.off++
		if p.off >= len(d) || !isDigit(d[p.off]) {
			return nil, p.errorf(p.off, "invalid number: expected a digit after '.', found %s", p.found(p.off))
		}
		for p.off < len(d) && isDigit(d[p.off]) {
			p.off++
		}
	}
	if p.off < len(d) && (d[p.off] == 'e' || d[p.off] == 'E') {
		isInt = false
		p.off++
		if p.off < len(d) && (d[p.off] == '+' || d[p.off] == '-') {
			p.off++
		}
		if p.off >= len(d) || !isDigit(d[p.off]) {
			return nil, p.errorf(p.off, "invalid number: expected a digit in the exponent, found %s", p.found(p.off))
		}
		for p.off < len(d) && isDigit(d[p.off]) {
			p.off++
		}
	}
	lit := string(d[start:p.off])
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil {
		return nil, p.errorf(start, "number %s is out of range", abbreviate(lit))
	}
	return &Node{Kind: Number, Num: f, IsInt: isInt, Pos: p.at(start), End: p.at(p.off)}, nil
}

func abbreviate(s string) string {
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return s
}

// str parses a string literal starting at the opening quote and leaves p.off
// just past the closing quote.
func (p *jsonParser) str() (string, error) {
	d := p.data
	start := p.off
	p.off++ // opening quote
	// Fast path: no escapes, no control characters, valid UTF-8.
	i := p.off
	for i < len(d) {
		c := d[i]
		if c == '"' {
			s := d[p.off:i]
			if utf8.Valid(s) {
				p.off = i + 1
				return string(s), nil
			}
			break
		}
		if c == '\\' || c < 0x20 {
			break
		}
		i++
	}
	if !utf8.Valid(d[p.off:i]) {
		i = p.off // decode from the start, replacing invalid bytes
	}
	var b strings.Builder
	b.Write(d[p.off:i])
	p.off = i
	for {
		if p.off >= len(d) {
			return "", p.errorf(start, "unterminated string")
		}
		c := d[p.off]
		switch {
		case c == '"':
			p.off++
			return b.String(), nil
		case c < 0x20:
			return "", p.errorf(p.off, "invalid control character %U in string; escape it", rune(c))
		case c == '\\':
			if err := p.escape(&b); err != nil {
				return "", err
			}
		case c < utf8.RuneSelf:
			b.WriteByte(c)
			p.off++
		default:
			r, size := utf8.DecodeRune(d[p.off:])
			b.WriteRune(r) // utf8.RuneError for invalid bytes, like encoding/json
			p.off += size
		}
	}
}

func (p *jsonParser) escape(b *strings.Builder) error {
	d := p.data
	esc := p.off
	if esc+1 >= len(d) {
		return p.errorf(esc, "unterminated string")
	}
	switch c := d[esc+1]; c {
	case '"', '\\', '/':
		b.WriteByte(c)
	case 'b':
		b.WriteByte('\b')
	case 'f':
		b.WriteByte('\f')
	case 'n':
		b.WriteByte('\n')
	case 'r':
		b.WriteByte('\r')
	case 't':
		b.WriteByte('\t')
	case 'u':
		r := hex4(d[esc+2:])
		if r < 0 {
			return p.errorf(esc, `invalid \u escape in string: expected four hex digits`)
		}
		p.off = esc + 6
		if utf16.IsSurrogate(r) {
			// A valid pair is consumed whole; anything else leaves the next
			// escape alone and yields U+FFFD, as encoding/json does.
			if p.off+1 < len(d) && d[p.off] == '\\' && d[p.off+1] == 'u' {
				if r2 := hex4(d[p.off+2:]); r2 >= 0 {
					if dec := utf16.DecodeRune(r, r2); dec != unicode.ReplacementChar {
						b.WriteRune(dec)
						p.off += 6
						return nil
					}
				}
			}
			r = unicode.ReplacementChar
		}
		b.WriteRune(r)
		return nil
	default:
		return p.errorf(esc, "invalid escape %s in string", p.found(esc+1))
	}
	p.off = esc + 2
	return nil
}

// hex4 decodes four hex digits at the start of b, or returns -1.
func hex4(b []byte) rune {
	if len(b) < 4 {
		return -1
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return -1
		}
		r = r*16 + rune(c)
	}
	return r
}

// ToAny converts a tree to the values encoding/json produces when it
// unmarshals into an interface: map[string]any, []any, float64, string, bool
// and nil. Duplicate keys keep the last member, as encoding/json does.
//
// It reports false when the tree is not fully known: a nil node, an Unknown
// node or a Partial object or array anywhere inside.
func ToAny(n *Node) (any, bool) {
	if n == nil {
		return nil, false
	}
	switch n.Kind {
	case Null:
		return nil, true
	case Bool:
		return n.Bool, true
	case Number:
		return n.Num, true
	case String:
		return n.Str, true
	case Array:
		if n.Partial {
			return nil, false
		}
		out := make([]any, len(n.Elems))
		for i, e := range n.Elems {
			v, ok := ToAny(e)
			if !ok {
				return nil, false
			}
			out[i] = v
		}
		return out, true
	case Object:
		if n.Partial || len(n.Keys) != len(n.Members) {
			return nil, false
		}
		out := make(map[string]any, len(n.Keys))
		for i, k := range n.Keys {
			v, ok := ToAny(n.Members[i])
			if !ok {
				return nil, false
			}
			out[k] = v
		}
		return out, true
	}
	return nil, false
}
