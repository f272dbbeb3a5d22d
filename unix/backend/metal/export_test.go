//go:build amd64 || arm64

package metal

import "time"

// SetArchiveTuning sets the writer's batch and quiet spell for a test
// and returns the old values' restorer.
func SetArchiveTuning(batch int, quiet time.Duration) (restore func()) {
	b, q := archiveBatch, archiveQuiet
	archiveBatch, archiveQuiet = batch, quiet
	return func() { archiveBatch, archiveQuiet = b, q }
}

// ArchiveFile is archiveFile.
var ArchiveFile = archiveFile
