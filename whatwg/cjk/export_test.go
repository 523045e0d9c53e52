package cjk

// Key3 exports the encoders' table key to the tests of package cjk_test
// (key3_test.go ties it to internal/gen's Key3, which built the tables).
var Key3 = dbcsKey3
