package ir

// Optimized is what Compile runs of s's main body (merge.go,
// optimize.go).
func Optimized(s *Shader) []Stmt { return optimize(s, mergeSplits(s.Body)) }

// DotGroup is how many statements at the start of b Compile runs as one
// matrix transform (compile.go).
func DotGroup(b []Stmt) int { return dotGroup(b) }

// MergeSplits is merge.go's join of split instructions.
func MergeSplits(b []Stmt) []Stmt { return mergeSplits(b) }

// UniformCount is how many of the instructions Compile runs are uniform
// (hoist.go), and how many it runs.
func UniformCount(s *Shader) (uniform, all int) {
	body := optimize(s, mergeSplits(s.Body))
	insts := make([]*Inst, len(body))
	for i, st := range body {
		insts[i] = st.(*Inst)
	}
	for _, u := range splitUniform(insts) {
		if u {
			uniform++
		}
	}
	return uniform, len(insts)
}
