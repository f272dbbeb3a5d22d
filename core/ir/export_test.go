package ir

// Optimized is what Compile runs of s's main body (optimize.go).
func Optimized(s *Shader) []Stmt { return optimize(s, s.Body) }

// DotGroup is how many statements at the start of b Compile runs as one
// matrix transform (compile.go).
func DotGroup(b []Stmt) int { return dotGroup(b) }
