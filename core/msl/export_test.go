package msl

import "testing"

// Hooks for the external test package.
var ClangCheck func(t *testing.T, name, src string) = clangCheck

func Update() bool { return *update }
