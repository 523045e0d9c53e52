// This go.mod makes third_party/whatwg a module of its own, which keeps the
// Standard's data (3 MB) out of github.com/webenc/webenc's module zip: a
// user who imports the module downloads none of it. It holds no Go code.
module github.com/webenc/webenc/third_party/whatwg
