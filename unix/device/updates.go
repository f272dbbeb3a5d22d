package device

// updateStats counts what resource updates cost the encoder, for the
// update benchmarks (updates_bench_test.go): plain counters, no locks
// (the encoder alone touches them).
type updateStats struct {
	// copied is every byte the CPU moved for updates: into backend
	// storage, kept contents a rename carries over, and conversion or
	// staging copies.
	copied uint64
	// fresh counts backend buffers made to rename a buffer in use.
	fresh uint64
}
