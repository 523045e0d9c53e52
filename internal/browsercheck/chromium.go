package main

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// pageScript decodes the page's groups with TextDecoder and writes one line
// per vector (in the format described in webenc.go) into <pre id=o>,
// followed by "END n". Raw vectors are decoded by fresh TextDecoders, and
// also by one TextDecoder reused for the whole group (a decode() without
// {stream: true} must leave nothing behind); when the reused one differs,
// " R:F CPS after previous input PREVHEX" is appended to the line.
const pageScript = `
function hb(h){const n=h.length>>1,b=new Uint8Array(n);for(let i=0;i<n;i++)b[i]=parseInt(h.substr(2*i,2),16);return b;}
function cps(s){const a=[];for(const c of s)a.push(c.codePointAt(0).toString(16));return a.join(".");}
const out=[];let n=0;
for(const [label,mode,vs] of G){
  const list=vs.split(",");
  if(mode==="l"){
    const u=new TextDecoder("utf-8");
    for(const h of list){n++;let r;try{r=new TextDecoder(u.decode(hb(h))).encoding;}catch(e){r=e.name;}out.push(r);}
    continue;
  }
  let dr,df;
  try{dr=new TextDecoder(label,{ignoreBOM:true});df=new TextDecoder(label,{ignoreBOM:true,fatal:true});}
  catch(e){for(const h of list){n++;out.push("ERR "+e.name);}continue;}
  if(mode==="r"){
    let prev="";
    for(const h of list){n++;const b=hb(h);let f="-";
      try{new TextDecoder(label,{ignoreBOM:true,fatal:true}).decode(b);}catch(e){f="T";}
      const o=cps(new TextDecoder(label,{ignoreBOM:true}).decode(b));
      let g="-";try{df.decode(b);}catch(e){g="T";}
      const p=cps(dr.decode(b));
      out.push(f+" "+o+(p!==o||g!==f?" R:"+g+" "+p+" after previous input "+prev:""));prev=h;}
  }else{
    for(const h of list){n++;const ch=h.split("/").map(hb);
      const r=[],f=[];const sr=new TextDecoder(label),sf=new TextDecoder(label,{fatal:true});
      ch.forEach((c,i)=>{const st=i<ch.length-1;r.push(cps(sr.decode(c,{stream:st})));
        try{f.push(cps(sf.decode(c,{stream:st})));}catch(e){f.push("!");}});
      out.push(r.join("/")+" ; "+f.join("/"));}
  }
}
out.push("END "+n);
document.getElementById("o").textContent=out.join("\n");
document.currentScript.remove();
`

// encodeVector writes v's input as the page stores it.
func encodeVector(v *vector) string {
	parts := make([]string, len(v.chunks))
	for i, c := range v.chunks {
		parts[i] = hex.EncodeToString(c)
	}
	return strings.Join(parts, "/")
}

// page builds the HTML of one batch of vectors.
func page(vs []vector) []byte {
	var groups [][3]string
	var cur []string
	flush := func(label, mode string) {
		if len(cur) > 0 {
			groups = append(groups, [3]string{label, mode, strings.Join(cur, ",")})
			cur = nil
		}
	}
	for i := range vs {
		if i > 0 && (vs[i].enc != vs[i-1].enc || vs[i].mode != vs[i-1].mode) {
			flush(vs[i-1].enc, vs[i-1].mode)
		}
		cur = append(cur, encodeVector(&vs[i]))
	}
	if len(vs) > 0 {
		flush(vs[len(vs)-1].enc, vs[len(vs)-1].mode)
	}
	data, _ := json.Marshal(groups)
	var b bytes.Buffer
	b.WriteString("<!DOCTYPE html><meta charset=utf-8><title>browsercheck</title><pre id=o></pre><script>\nconst G=")
	b.Write(data)
	b.WriteString(";\n")
	b.WriteString(pageScript)
	b.WriteString("</script>\n")
	return b.Bytes()
}

// chromium runs headless Chromium.
type chromium struct {
	path  string
	dir   string // working folder for pages and profiles
	pages int    // pages run so far
}

// args are the flags that work on this machine (see the environment notes):
// no sandbox as root, no GPU, no network of any kind.
func (c *chromium) args(profile string) []string {
	return []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-extensions", "--user-data-dir=" + profile}
}

// version returns Chromium's version line.
func (c *chromium) version() string {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, c.path, "--version").Output()
	if err != nil {
		return "unknown (" + err.Error() + ")"
	}
	for _, line := range strings.Split(string(out), "\n") {
		if strings.Contains(line, "Chromium") || strings.Contains(line, "Chrome") {
			return strings.TrimSpace(line)
		}
	}
	return strings.TrimSpace(string(out))
}

var preRE = regexp.MustCompile(`(?s)<pre id="o">(.*?)</pre>`)

// run decodes vs in Chromium and returns one result line per vector.
func (c *chromium) run(vs []vector) ([]string, error) {
	batch := c.pages
	c.pages++
	file := filepath.Join(c.dir, fmt.Sprintf("page%03d.html", batch))
	if err := os.WriteFile(file, page(vs), 0o644); err != nil {
		return nil, err
	}
	profile := filepath.Join(c.dir, fmt.Sprintf("profile%03d", batch))
	defer os.RemoveAll(profile)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	args := append(c.args(profile), "--dump-dom", "file://"+file)
	cmd := exec.CommandContext(ctx, c.path, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("chromium on %s: %v\n%s", file, err, lastLines(stderr.String(), 5))
	}
	m := preRE.FindSubmatch(out)
	if m == nil {
		return nil, fmt.Errorf("chromium on %s: no result in the dumped DOM (%d bytes)\n%s", file, len(out), lastLines(stderr.String(), 5))
	}
	lines := strings.Split(html.UnescapeString(string(m[1])), "\n")
	if len(lines) != len(vs)+1 || lines[len(lines)-1] != fmt.Sprintf("END %d", len(vs)) {
		return nil, fmt.Errorf("chromium on %s: %d result lines for %d vectors (last %q)", file, len(lines)-1, len(vs), lines[len(lines)-1])
	}
	os.Remove(file)
	return lines[:len(vs)], nil
}

// lastLines returns the last n lines of s.
func lastLines(s string, n int) string {
	ls := strings.Split(strings.TrimSpace(s), "\n")
	if len(ls) > n {
		ls = ls[len(ls)-n:]
	}
	return strings.Join(ls, "\n")
}
