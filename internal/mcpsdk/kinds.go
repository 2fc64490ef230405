package mcpsdk

import (
	"go/types"
	"slices"
)

// This file tells which kind of server-initiated request (elicitation,
// sampling, roots) an SDK function, method or type belongs to in the
// round trip: the builder's methods, the request constructors, the answer
// lookups, the direct requests and those the SDK does not stop.

// BuilderMethod returns the kind of request a method of the round-trip
// request builder adds under a key (mcp-go's (*server.InputRequestBuilder).
// Elicit, Sample and Roots), or nil.
func (s *Set) BuilderMethod(fn *types.Func) *RequestKind {
	sdk := s.OfPkg(fn)
	if sdk == nil || sdk.RoundTrip == nil || sdk.RoundTrip.Builder == "" {
		return nil
	}
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil || !IsNamed(recv.Type(), sdk.ServerPath(), sdk.RoundTrip.Builder) {
		return nil
	}
	for _, k := range sdk.RoundTrip.Kinds {
		if k.BuilderMethod == fn.Name() {
			return k
		}
	}
	return nil
}

// RequestConstructor returns the kind of input request a function of the
// types package makes (mcp-go's mcp.NewElicitationInputRequest and its
// siblings), or nil.
func (s *Set) RequestConstructor(fn *types.Func) *RequestKind {
	sdk := s.OfPkg(fn)
	if sdk == nil || sdk.RoundTrip == nil {
		return nil
	}
	for _, k := range sdk.RoundTrip.Kinds {
		if k.Constructor != "" && isPkgFunc(fn, sdk.TypesPath(), k.Constructor) {
			return k
		}
	}
	return nil
}

// ResponseFunc reports a function that looks a round-trip answer up by key
// (mcp-go's server.ElicitationResponse and its siblings), and the kind of
// answer it returns (nil for server.InputResponse, which returns any kind).
func (s *Set) ResponseFunc(fn *types.Func) (sdk *SDK, kind *RequestKind) {
	sdk = s.OfPkg(fn)
	if sdk == nil || sdk.RoundTrip == nil || fn.Pkg().Path() != sdk.ServerPath() || fn.Type().(*types.Signature).Recv() != nil {
		return nil, nil
	}
	if fn.Name() == sdk.RoundTrip.AnyResponseFunc {
		return sdk, nil
	}
	for _, k := range sdk.RoundTrip.Kinds {
		if k.ResponseFunc == fn.Name() {
			return sdk, k
		}
	}
	return nil, nil
}

// DirectKind returns the kind and the method when fn is one of sdk's
// direct (server-initiated) requests.
func (sdk *SDK) DirectKind(fn *types.Func) (*RequestKind, Method) {
	return sdk.kindOf(fn, func(k *RequestKind) []Method { return k.Direct })
}

// UnstoppedKind returns the kind and the method when fn is one of sdk's
// requests that 2026-07-28 sessions do not refuse (see Unstopped).
func (sdk *SDK) UnstoppedKind(fn *types.Func) (*RequestKind, Method) {
	return sdk.kindOf(fn, func(k *RequestKind) []Method { return k.Unstopped })
}

// kindOf returns the kind and the method when fn is one of the methods
// that pick gives of a kind.
func (sdk *SDK) kindOf(fn *types.Func, pick func(*RequestKind) []Method) (*RequestKind, Method) {
	if sdk.RoundTrip == nil {
		return nil, Method{}
	}
	for _, k := range sdk.RoundTrip.Kinds {
		for _, m := range pick(k) {
			if m.Is(sdk, fn) {
				return k, m
			}
		}
	}
	return nil, Method{}
}

// RawFieldKind returns the kind whose answer the raw field name of an
// answer struct holds (mcp-go's InputResponse.Elicitation, .Sampling,
// .Roots), or nil.
func (sdk *SDK) RawFieldKind(name string) *RequestKind {
	if sdk.RoundTrip == nil {
		return nil
	}
	for _, k := range sdk.RoundTrip.Kinds {
		if k.RawField != "" && k.RawField == name {
			return k
		}
	}
	return nil
}

// KindOfType returns the kind whose names (picked from each kind) hold the
// named type t (or *t) of sdk's types package, or nil.
func (sdk *SDK) KindOfType(t types.Type, names func(*RequestKind) []string) *RequestKind {
	obj := NamedObj(t)
	if sdk.RoundTrip == nil || obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != sdk.TypesPath() {
		return nil
	}
	for _, k := range sdk.RoundTrip.Kinds {
		if slices.Contains(names(k), obj.Name()) {
			return k
		}
	}
	return nil
}
