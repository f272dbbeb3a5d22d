package ir

// Optimized is what Compile runs of s's main body (optimize.go).
func Optimized(s *Shader) []Stmt { return optimize(s, s.Body) }
