//go:build unix

package shadercache

import (
	"os"
	"syscall"
)

// tryLock takes an exclusive advisory lock on f without waiting. flock
// locks belong to the open file, so a second Open in the same process
// fails to lock too. The lock goes with the file's close.
func tryLock(f *os.File) bool {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil
}
