package cjk

// Key3 exports the encoders' table key to the tests of package cjk_test
// (key3_test.go ties it to internal/gen's Key3, which built the tables).
var Key3 = dbcsKey3

// UTF8Word and WordLen export the decoders' UTF-8 writer to the tests of
// package cjk_test (bulk_test.go checks it against unicode/utf8).
var (
	UTF8Word = utf8Word
	WordLen  = wordLen
)
