package shadercache

import (
	"encoding/binary"
	"errors"
	"hash/crc32"
)

// The file format. All integers are little-endian.
//
//	header:
//	  magic        8 bytes  "MTLD3DSC"
//	  version      u16      formatVersion
//	  reserved     u16      0
//	  fpLen        u32      length of the fingerprint, at most maxFingerprint
//	  fingerprint  fpLen bytes
//	  crc          u32      CRC-32C of everything above
//
//	record (repeated to the end of the file):
//	  payloadLen   u32      at most maxPayload
//	  crc          u32      CRC-32C of payloadLen's 4 bytes then the payload
//	  payload:
//	    key        32 bytes
//	    rawLen     u32      length of the value once decompressed
//	    data       payloadLen-36 bytes: one zstd frame
//
// A reader keeps every record up to the first one that is short or fails
// its checksum and drops the rest. A later record with the key of an
// earlier one replaces it.

const (
	magic          = "MTLD3DSC"
	formatVersion  = 1
	maxFingerprint = 64 << 10
	headerFixed    = 8 + 2 + 2 + 4 // before the fingerprint
	recordHeader   = 4 + 4         // payloadLen, crc
	payloadFixed   = KeySize + 4   // key, rawLen
	// MaxValue is the largest value Put stores.
	MaxValue   = 32 << 20
	maxPayload = payloadFixed + MaxValue + MaxValue/64 + 1024 // zstd's worst-case growth is far below this
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

var errHeader = errors.New("shadercache: bad or foreign header")

// appendHeader appends the file header for fingerprint.
func appendHeader(b []byte, fingerprint string) []byte {
	start := len(b)
	b = append(b, magic...)
	b = binary.LittleEndian.AppendUint16(b, formatVersion)
	b = binary.LittleEndian.AppendUint16(b, 0)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(fingerprint)))
	b = append(b, fingerprint...)
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b[start:], castagnoli))
}

// parseHeader checks data's header against fingerprint and returns its
// length, or errHeader when the header is short, corrupt, of another
// version or of another fingerprint.
func parseHeader(data []byte, fingerprint string) (int, error) {
	if len(data) < headerFixed+4 || string(data[:8]) != magic {
		return 0, errHeader
	}
	if binary.LittleEndian.Uint16(data[8:]) != formatVersion || binary.LittleEndian.Uint16(data[10:]) != 0 {
		return 0, errHeader
	}
	n := binary.LittleEndian.Uint32(data[12:])
	if n > maxFingerprint || uint64(len(data)) < uint64(headerFixed)+uint64(n)+4 {
		return 0, errHeader
	}
	end := headerFixed + int(n)
	if crc32.Checksum(data[:end], castagnoli) != binary.LittleEndian.Uint32(data[end:]) {
		return 0, errHeader
	}
	if string(data[headerFixed:end]) != fingerprint {
		return 0, errHeader
	}
	return end + 4, nil
}

// record is one decoded record: a key, the decompressed length and the
// compressed bytes.
type record struct {
	key    Key
	rawLen uint32
	comp   []byte
}

// size is the record's length in the file.
func (r *record) size() int64 { return int64(recordHeader + payloadFixed + len(r.comp)) }

// appendRecord appends r in file form.
func appendRecord(b []byte, r *record) []byte {
	start := len(b)
	b = binary.LittleEndian.AppendUint32(b, uint32(payloadFixed+len(r.comp)))
	b = append(b, 0, 0, 0, 0) // crc, filled below
	b = append(b, r.key[:]...)
	b = binary.LittleEndian.AppendUint32(b, r.rawLen)
	b = append(b, r.comp...)
	crc := crc32.Update(crc32.Checksum(b[start:start+4], castagnoli), castagnoli, b[start+8:])
	binary.LittleEndian.PutUint32(b[start+4:], crc)
	return b
}

// parseRecord decodes the record at the start of data. ok is false when
// data holds no whole valid record there. The record's comp is a copy.
func parseRecord(data []byte) (r record, n int, ok bool) {
	if len(data) < recordHeader {
		return r, 0, false
	}
	pl := binary.LittleEndian.Uint32(data)
	if pl < payloadFixed || pl > maxPayload || uint64(len(data)-recordHeader) < uint64(pl) {
		return r, 0, false
	}
	n = recordHeader + int(pl)
	crc := crc32.Update(crc32.Checksum(data[:4], castagnoli), castagnoli, data[recordHeader:n])
	if crc != binary.LittleEndian.Uint32(data[4:]) {
		return r, 0, false
	}
	p := data[recordHeader:n]
	copy(r.key[:], p)
	r.rawLen = binary.LittleEndian.Uint32(p[KeySize:])
	if r.rawLen > MaxValue {
		return record{}, 0, false
	}
	r.comp = append([]byte(nil), p[payloadFixed:]...)
	return r, n, true
}

// parseFile decodes a whole cache file. It returns the valid records in
// file order and the length of the valid prefix (header included). err is
// errHeader when the header does not match fingerprint: the caller starts
// empty.
func parseFile(data []byte, fingerprint string) (recs []record, good int, err error) {
	off, err := parseHeader(data, fingerprint)
	if err != nil {
		return nil, 0, err
	}
	for {
		r, n, ok := parseRecord(data[off:])
		if !ok {
			return recs, off, nil
		}
		recs = append(recs, r)
		off += n
	}
}
