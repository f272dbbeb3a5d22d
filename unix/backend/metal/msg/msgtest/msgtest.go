// Package msgtest holds C stand-ins for objc_msgSend, one per message
// signature of unix/backend/metal/msgsig, for tests: each records self,
// _cmd and its arguments' bytes and returns bytes the test chose.
package msgtest
