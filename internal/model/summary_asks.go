package model

import "go/types"

// LookupSDK finds name in the SDK package path among the package's
// imports, direct or not: what the SDK version the package is built
// against declares.
func (pc *Model) LookupSDK(path, name string) types.Object { return pc.lookupSDK(path, name) }
