package web

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"gattai/fpuzzles"
	"gattai/internal/testkit"
	"gattai/layouts"
	"gattai/logic"
	"gattai/lzstring"
	"gattai/report"
)

// classic is testdata/examples/classic.txt, a 9x9 with one solution.
// noSolution has no solution: r1c9 can only be 9, which r2c9 holds.
const noSolution = "12345678.........9" + "..............................................................."

const classic = "..845....\n.........\n475.....9\n12.......\n3...1.6..\n..9..42..\n.4.7.....\n9..56..23\n.....3.15\n"

// post sends body to path with contentType ("" for none) and returns
// the status and the decoded JSON answer (nil when not JSON).
func post(t *testing.T, h http.Handler, path, contentType, body string) (int, http.Header, []byte) {
	t.Helper()
	req := localRequest(http.MethodPost, path, strings.NewReader(body))
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w.Code, w.Header(), w.Body.Bytes()
}

// localRequest is a request to the server on 127.0.0.1, as a browser
// on this machine sends it.
func localRequest(method, target string, body io.Reader) *http.Request {
	req := httptest.NewRequest(method, target, body)
	req.Host = "127.0.0.1:8080"
	return req
}

func answer(t *testing.T, body []byte) Answer {
	t.Helper()
	var a Answer
	if err := json.Unmarshal(body, &a); err != nil {
		t.Fatalf("answer is not JSON: %v\n%s", err, body)
	}
	return a
}

func errorMessage(t *testing.T, body []byte) errorDetail {
	t.Helper()
	var e errorBody
	if err := json.Unmarshal(body, &e); err != nil || e.Error.Message == "" {
		t.Fatalf("not a JSON error (%v): %s", err, body)
	}
	return e.Error
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// checkSolution parses a record's solution text on the puzzle's layout
// and holds it to layouts.Check.
func checkSolution(t *testing.T, puzzle string, opts layouts.ReadOptions, rec report.Record) *layouts.Puzzle {
	t.Helper()
	ps, err := layouts.ReadAll(strings.NewReader(puzzle), opts)
	if err != nil || len(ps) != 1 {
		t.Fatalf("reading the puzzle: %v", err)
	}
	testkit.CheckSolution(t, ps[0], rec.Solution, opts)
	return ps[0]
}

func TestSolve(t *testing.T) {
	h := NewHandler(Options{})
	samurai := readFile(t, "testdata/seeds/samurai-problem1.txt")
	tests := []struct {
		name, ctype, body string
		status            string
		puzzle            string // to check the solution against, "" for none
	}{
		{"classic text", "text/plain", classic, report.Unique, classic},
		{"no content type", "", classic, report.Unique, classic},
		{"json puzzle", "application/json", `{"puzzle": ` + quote(classic) + `}`, report.Unique, classic},
		{"samurai detected", "text/plain", samurai, report.Unique, samurai},
		{"samurai named", "application/json", `{"puzzle": ` + quote(samurai) + `, "layout": "samurai"}`, report.Unique, samurai},
		{"multiple", "text/plain", strings.Repeat(".", 81), report.Multiple, ""},
		{"none", "text/plain", noSolution, report.None, ""},
		{"engine sat", "application/json", `{"puzzle": ` + quote(classic) + `, "engine": "sat"}`, report.Unique, classic},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, hd, body := post(t, h, "/api/solve", tt.ctype, tt.body)
			if code != http.StatusOK {
				t.Fatalf("status %d: %s", code, body)
			}
			if ct := hd.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
				t.Errorf("Content-Type %q", ct)
			}
			a := answer(t, body)
			if len(a.Records) != 1 {
				t.Fatalf("%d records, want 1", len(a.Records))
			}
			rec := a.Records[0]
			if rec.Status != tt.status {
				t.Fatalf("status %q, want %q: %+v", rec.Status, tt.status, rec)
			}
			if !strings.HasPrefix(a.SVG, "<svg") {
				t.Errorf("no svg in the answer of one puzzle")
			}
			if tt.puzzle != "" {
				p := checkSolution(t, tt.puzzle, layouts.ReadOptions{}, rec)
				if len(a.Digits) != len(p.Model.Cells) {
					t.Errorf("%d digits for %d cells", len(a.Digits), len(p.Model.Cells))
				}
			}
		})
	}
}

// TestSolveGivens solves a Samurai sent as the page sends it: the
// board's layout file and a digit per cell.
func TestSolveGivens(t *testing.T) {
	h := NewHandler(Options{})
	code, _, body := post(t, h, "/api/board", "text/plain", readFile(t, "testdata/seeds/samurai-problem1.txt"))
	if code != http.StatusOK {
		t.Fatalf("board: %d %s", code, body)
	}
	var b Board
	if err := json.Unmarshal(body, &b); err != nil {
		t.Fatal(err)
	}
	if b.Name != "samurai" || len(b.Cells) != 369 || len(b.Givens) != 369 || b.Width != 21 {
		t.Fatalf("board %s: %d cells, %d givens, width %d", b.Name, len(b.Cells), len(b.Givens), b.Width)
	}
	req, _ := json.Marshal(Request{LayoutFile: b.Layout, Givens: b.Givens})
	code, _, body = post(t, h, "/api/solve", "application/json", string(req))
	if code != http.StatusOK {
		t.Fatalf("solve: %d %s", code, body)
	}
	a := answer(t, body)
	if a.Records[0].Status != report.Unique {
		t.Fatalf("status %s", a.Records[0].Status)
	}
	l, err := layouts.ParseLayoutFile("board", b.Layout)
	if err != nil {
		t.Fatal(err)
	}
	m, err := layouts.Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	p := layouts.NewPuzzle(m)
	g := layouts.Grid{Model: m, Digits: make([]uint8, len(m.Cells))}
	for c := range m.Cells {
		p.Givens[c], g.Digits[c] = uint8(b.Givens[c]), uint8(a.Digits[c])
	}
	if err := layouts.Check(p, g); err != nil {
		t.Fatalf("digits fail layouts.Check: %v", err)
	}
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func TestCount(t *testing.T) {
	h := NewHandler(Options{MaxLimit: 50})
	tests := []struct {
		name, body string
		code       int
		status     string
		solutions  int
	}{
		{"empty 4x4 to 10", `{"puzzle": "................", "limit": 10}`, 200, report.Multiple, 10},
		{"unique", `{"puzzle": ` + quote(classic) + `, "limit": 10}`, 200, report.Unique, 1},
		{"limit 1", `{"puzzle": ` + quote(classic) + `, "limit": 1}`, 200, report.Found, 1},
		{"limit too high", `{"puzzle": ` + quote(classic) + `, "limit": 51}`, 400, "", 0},
		{"limit negative", `{"puzzle": ` + quote(classic) + `, "limit": -1}`, 400, "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, body := post(t, h, "/api/count", "application/json", tt.body)
			if code != tt.code {
				t.Fatalf("status %d, want %d: %s", code, tt.code, body)
			}
			if code != 200 {
				errorMessage(t, body)
				return
			}
			rec := answer(t, body).Records[0]
			if rec.Status != tt.status || rec.Solutions == nil || *rec.Solutions != tt.solutions {
				t.Fatalf("got %+v, want %s with %d", rec, tt.status, tt.solutions)
			}
		})
	}
}

func TestBatch(t *testing.T) {
	h := NewHandler(Options{MaxPuzzles: 3})
	body := classic + "\n" + strings.Repeat(".", 81) + "\n"
	// rows then line: a line puzzle after rows is a bad puzzle of the rows format
	code, _, b := post(t, h, "/api/solve", "text/plain", strings.Repeat(".", 81)+"\n"+strings.ReplaceAll(classic, "\n", "")+"\n1x"+strings.Repeat(".", 79)+"\n")
	if code != 200 {
		t.Fatalf("status %d: %s", code, b)
	}
	a := answer(t, b)
	var got []string
	for _, r := range a.Records {
		got = append(got, r.Input+" "+r.Status)
	}
	want := []string{"puzzle:1 multiple", "puzzle:2 unique", "puzzle:3 error"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("records %v, want %v", got, want)
	}
	if a.SVG != "" || a.Digits != nil {
		t.Errorf("svg or digits for a batch")
	}
	if e := a.Records[2].Error; e == nil || e.Line != 3 || e.Column != 2 {
		t.Errorf("error record %+v, want line 3 column 2", e)
	}
	_ = body
	code, _, b = post(t, h, "/api/solve", "text/plain", strings.Repeat(strings.Repeat(".", 81)+"\n", 4))
	if code != http.StatusRequestEntityTooLarge {
		t.Fatalf("4 puzzles with MaxPuzzles 3: status %d: %s", code, b)
	}
	errorMessage(t, b)
}

func TestBadInput(t *testing.T) {
	h := NewHandler(Options{MaxBody: 4096})
	tests := []struct {
		name, path, ctype, body string
		code                    int
		msg                     string // in the message
		line, col               int
	}{
		{"bad symbol", "/api/solve", "text/plain", "..845....\n.....x...\n", 400, "puzzle:2:6", 2, 6},
		{"empty", "/api/solve", "text/plain", "", 400, "no puzzle", 0, 0},
		{"bad json", "/api/solve", "application/json", "{\n \"puzzle\": 3}", 400, "request:2:", 2, 0},
		{"unknown field", "/api/solve", "application/json", `{"puzle": "x"}`, 400, "unknown field", 1, 0},
		{"cut short", "/api/solve", "application/json", "{\n \"puzzle\": ", 400, "request:2:12: unexpected end of JSON input", 2, 12},
		{"trailing data", "/api/solve", "application/json", `{"puzzle": "x"} {}`, 400, "data after", 1, 0},
		{"key twice", "/api/solve", "application/json", "{\"puzzle\": \"x\",\n \"Puzzle\": \"y\"}", 400, `request:2:2: key "Puzzle" given twice`, 2, 2},
		{"unknown layout", "/api/solve", "application/json", `{"puzzle": ` + quote(classic) + `, "layout": "nope"}`, 400, "unknown layout", 0, 0},
		{"layout file error", "/api/solve", "application/json", `{"puzzle": ` + quote(classic) + `, "layout_file": "{\n\"size\": 9, \"box\": \"3x3\", \"grids\": [{\"at\": \"r1c1\"}],, }"}`, 400, "layout_file:2:", 2, 0},
		{"layout and file", "/api/solve", "application/json", `{"puzzle": "x", "layout": "samurai", "layout_file": {}}`, 400, "exclude", 0, 0},
		{"givens without layout", "/api/solve", "application/json", `{"givens": [1, 2]}`, 400, "need a layout", 0, 0},
		{"givens wrong length", "/api/solve", "application/json", `{"givens": [1, 2], "size": 4}`, 400, "16 cells", 0, 0},
		{"givens bad digit", "/api/solve", "application/json", `{"givens": [5,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0], "size": 4}`, 400, "not a digit", 0, 0},
		{"bad engine", "/api/solve", "application/json", `{"puzzle": ` + quote(classic) + `, "engine": "external"}`, 400, "engine", 0, 0},
		{"bad format", "/api/solve", "application/json", `{"puzzle": ` + quote(classic) + `, "format": "xml"}`, 400, "format", 0, 0},
		{"link with layout", "/api/solve", "application/json", `{"puzzle": "https://f-puzzles.com/?load=N4Ig", "layout": "samurai"}`, 400, "own layout", 0, 0},
		{"bad link", "/api/solve", "text/plain", "https://f-puzzles.com/?load=!!!", 400, "puzzle:", 0, 0},
		{"form", "/api/solve", "application/x-www-form-urlencoded", "a=b", 415, "Content-Type", 0, 0},
		{"bad content type", "/api/solve", "text/", "a=b", 415, "Content-Type", 0, 0},
		{"too large", "/api/solve", "text/plain", strings.Repeat(".", 5000), 413, "larger than 4096", 0, 0},
		{"svg of two", "/api/svg", "text/plain", classic + "\n" + classic, 400, "one puzzle", 0, 0},
		{"unknown endpoint", "/api/nope", "text/plain", classic, 404, "no such endpoint", 0, 0},
		{"generate from a puzzle", "/api/generate", "text/plain", classic, 400, "generate takes a layout, not a puzzle", 0, 0},
		{"generate, bad difficulty", "/api/generate", "application/json", `{"difficulty": "fiendish"}`, 400, "difficulty \"fiendish\"", 0, 0},
		{"hint of two puzzles", "/api/hint", "text/plain", classic + "\n" + classic, 400, "one puzzle", 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, body := post(t, h, tt.path, tt.ctype, tt.body)
			if code != tt.code {
				t.Fatalf("status %d, want %d: %s", code, tt.code, body)
			}
			e := errorMessage(t, body)
			if !strings.Contains(e.Message, tt.msg) {
				t.Errorf("message %q does not hold %q", e.Message, tt.msg)
			}
			if tt.line != 0 && e.Line != tt.line || tt.col != 0 && e.Column != tt.col {
				t.Errorf("position %d:%d, want %d:%d", e.Line, e.Column, tt.line, tt.col)
			}
		})
	}
}

func TestMethods(t *testing.T) {
	h := NewHandler(Options{})
	tests := []struct{ method, path, allow string }{
		{http.MethodGet, "/api/solve", "POST"},
		{http.MethodPut, "/api/count", "POST"},
		{http.MethodDelete, "/api/explain", "POST"},
		{http.MethodPost, "/api/layouts", "GET"},
		{http.MethodPost, "/", "GET, HEAD"},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			w := httptest.NewRecorder()
			h.ServeHTTP(w, localRequest(tt.method, tt.path, nil))
			if w.Code != http.StatusMethodNotAllowed {
				t.Fatalf("status %d", w.Code)
			}
			if got := w.Header().Get("Allow"); got != tt.allow {
				t.Errorf("Allow %q, want %q", got, tt.allow)
			}
			errorMessage(t, w.Body.Bytes())
		})
	}
}

func TestCrossOrigin(t *testing.T) {
	h := NewHandler(Options{})
	req := localRequest(http.MethodPost, "/api/solve", strings.NewReader(classic))
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	req.Header.Set("Origin", "https://evil.example")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	if w.Code != http.StatusForbidden {
		t.Fatalf("cross-site POST: status %d, want 403", w.Code)
	}
	if e := errorMessage(t, w.Body.Bytes()); !strings.Contains(e.Message, "cross-origin") {
		t.Errorf("message %q", e.Message)
	}
}

func TestHost(t *testing.T) {
	tests := []struct {
		host    string
		anyHost bool
		code    int
	}{
		{"127.0.0.1:8080", false, 200},
		{"localhost:8080", false, 200},
		{"localhost", false, 200},
		{"[::1]:8080", false, 200},
		{"evil.example", false, 403},
		{"evil.example:8080", false, 403},
		{"192.168.1.5:8080", false, 403},
		{"evil.example:8080", true, 200},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.host, tt.anyHost), func(t *testing.T) {
			h := NewHandler(Options{AnyHost: tt.anyHost})
			req := httptest.NewRequest(http.MethodGet, "/api/layouts", nil)
			req.Host = tt.host
			w := httptest.NewRecorder()
			h.ServeHTTP(w, req)
			if w.Code != tt.code {
				t.Fatalf("status %d, want %d: %s", w.Code, tt.code, w.Body)
			}
			if tt.code != 200 {
				errorMessage(t, w.Body.Bytes())
			}
		})
	}
}

func TestPageAndHeaders(t *testing.T) {
	h := NewHandler(Options{})
	for _, path := range []string{"/", "/app.js", "/style.css", "/api/layouts"} {
		t.Run(path, func(t *testing.T) {
			w := httptest.NewRecorder()
			h.ServeHTTP(w, localRequest(http.MethodGet, path, nil))
			if w.Code != 200 {
				t.Fatalf("status %d", w.Code)
			}
			if csp := w.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
				t.Errorf("CSP %q", csp)
			}
			if w.Header().Get("X-Content-Type-Options") != "nosniff" {
				t.Errorf("no nosniff")
			}
			if bytes.Contains(w.Body.Bytes(), []byte("http://")) || bytes.Contains(w.Body.Bytes(), []byte("https://")) && path != "/app.js" {
				t.Errorf("%s refers to another site", path)
			}
		})
	}
}

func TestLayouts(t *testing.T) {
	h := NewHandler(Options{})
	w := httptest.NewRecorder()
	h.ServeHTTP(w, localRequest(http.MethodGet, "/api/layouts", nil))
	var list []LayoutInfo
	if err := json.Unmarshal(w.Body.Bytes(), &list); err != nil {
		t.Fatal(err)
	}
	if len(list) != len(layouts.Builtins()) || list[0].Name != "classic" {
		t.Fatalf("layouts %+v", list)
	}
	tests := []struct {
		path   string
		code   int
		cells  int
		width  int
		border int // of cell 0
	}{
		{"/api/layouts/classic", 200, 81, 9, 1 | 8},
		{"/api/layouts/classic?size=4", 200, 16, 4, 1 | 8},
		{"/api/layouts/samurai", 200, 369, 21, 1 | 8},
		{"/api/layouts/classic?size=6&box=3x2", 200, 36, 6, 1 | 8},
		{"/api/layouts/nope", 404, 0, 0, 0},
		{"/api/layouts/classic?size=x", 400, 0, 0, 0},
		{"/api/layouts/classic?size=6&box=4x4", 400, 0, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			w := httptest.NewRecorder()
			h.ServeHTTP(w, localRequest(http.MethodGet, tt.path, nil))
			if w.Code != tt.code {
				t.Fatalf("status %d: %s", w.Code, w.Body)
			}
			if tt.code != 200 {
				errorMessage(t, w.Body.Bytes())
				return
			}
			var b Board
			if err := json.Unmarshal(w.Body.Bytes(), &b); err != nil {
				t.Fatal(err)
			}
			if len(b.Cells) != tt.cells || b.Width != tt.width || b.Borders[0] != tt.border {
				t.Errorf("%d cells, width %d, border %d", len(b.Cells), b.Width, b.Borders[0])
			}
		})
	}
	// A 9x9's cell r1c3 has a thick right edge, r1c2 none.
	w = httptest.NewRecorder()
	h.ServeHTTP(w, localRequest(http.MethodGet, "/api/layouts/classic", nil))
	// The page reads numbers, not the base64 of a []uint8.
	if !bytes.Contains(w.Body.Bytes(), []byte(`"borders":[9,1,3,9,1,3,9,1,3,8,0,2,`)) {
		t.Errorf("borders are not a JSON array of numbers: %.300s", w.Body)
	}
	var b Board
	json.Unmarshal(w.Body.Bytes(), &b)
	if b.Borders[1] != 1 || b.Borders[2] != 1|2 || b.Borders[80] != 2|4 {
		t.Errorf("borders %v", b.Borders[:3])
	}
}

func TestExplain(t *testing.T) {
	h := NewHandler(Options{})
	code, _, body := post(t, h, "/api/explain", "text/plain", noSolution)
	if code != 200 {
		t.Fatalf("status %d: %s", code, body)
	}
	a := answer(t, body)
	rec := a.Records[0]
	if rec.Status != report.None || strings.Join(rec.Core, " ") != "r1c1=1 r1c2=2 r1c3=3 r1c4=4 r1c5=5 r1c6=6 r2c9=9" {
		t.Fatalf("record %+v", rec)
	}
	if fmt.Sprint(a.CoreCells) != "[0 1 2 3 4 5 17]" {
		t.Errorf("core cells %v", a.CoreCells)
	}
	// Givens sent by the page may repeat a digit: explain names them.
	givens := make([]int, 81)
	givens[0], givens[1] = 1, 1
	req, _ := json.Marshal(Request{Size: 9, Givens: givens})
	code, _, body = post(t, h, "/api/explain", "application/json", string(req))
	a = answer(t, body)
	if code != 200 || strings.Join(a.Records[0].Core, " ") != "r1c1=1 r1c2=1" {
		t.Errorf("repeated givens: %d %s", code, body)
	}
	code, _, body = post(t, h, "/api/explain", "text/plain", classic)
	if rec := answer(t, body).Records[0]; code != 200 || rec.Status != report.Unique || rec.Core != nil || rec.Ambiguous != nil {
		t.Errorf("solvable: %d %+v", code, rec)
	}
	// Several solutions: a 4x4 whose four empty cells can swap.
	code, _, body = post(t, h, "/api/explain", "text/plain", ".2.4.4.221434321\n")
	a = answer(t, body)
	rec = a.Records[0]
	if code != 200 || rec.Status != report.Multiple || fmt.Sprint(a.AmbiguousCells) != "[0 2 4 6]" || len(rec.Ambiguous) != 4 ||
		!strings.HasPrefix(rec.Ambiguous[0], "r1c1=") || !strings.HasPrefix(rec.Ambiguous[3], "r2c3=") {
		t.Errorf("several: %d %+v %v", code, rec, a.AmbiguousCells)
	}
}

func TestTimeout(t *testing.T) {
	// An empty 25x25 counted to many solutions takes far longer than
	// the request's time.
	h := NewHandler(Options{Timeout: 50 * time.Millisecond, MaxLimit: 1 << 30})
	start := time.Now()
	code, _, body := post(t, h, "/api/count", "application/json", `{"size": 25, "givens": `+zeros(625)+`, "limit": 1000000000, "engine": "backtrack"}`)
	if code != 200 {
		t.Fatalf("status %d: %s", code, body)
	}
	rec := answer(t, body).Records[0]
	if rec.Status != report.Timeout || rec.Solutions != nil || rec.Solution != "" {
		t.Fatalf("record %+v, want a timeout and no answer", rec)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v", d)
	}
}

func zeros(n int) string {
	return "[" + strings.TrimSuffix(strings.Repeat("0,", n), ",") + "]"
}

func TestBusy(t *testing.T) {
	h := newHandler(Options{MaxSolves: 1, Timeout: 50 * time.Millisecond})
	h.sem <- struct{}{} // a solve holds the only slot
	code, _, body := post(t, h, "/api/solve", "text/plain", classic)
	if code != http.StatusServiceUnavailable {
		t.Fatalf("status %d, want 503: %s", code, body)
	}
	errorMessage(t, body)
	<-h.sem
	code, _, body = post(t, h, "/api/solve", "text/plain", classic)
	if code != 200 {
		t.Fatalf("slot free: status %d: %s", code, body)
	}
}

func TestSVGAndLink(t *testing.T) {
	h := NewHandler(Options{})
	code, hd, body := post(t, h, "/api/svg", "text/plain", classic)
	if code != 200 || hd.Get("Content-Type") != "image/svg+xml" || !bytes.HasPrefix(body, []byte("<svg")) {
		t.Fatalf("svg: %d %q %.40s", code, hd.Get("Content-Type"), body)
	}
	code, _, body = post(t, h, "/api/link", "text/plain", classic)
	var ls Links
	if err := json.Unmarshal(body, &ls); code != 200 || err != nil {
		t.Fatalf("link: %d %v %s", code, err, body)
	}
	if !strings.HasPrefix(ls.FPuzzles, "https://f-puzzles.com/?load=") || !strings.HasPrefix(ls.SudokuPad, "https://sudokupad.app/") {
		t.Fatalf("links %+v", ls)
	}
	// The link reads back to the same puzzle: solve it.
	for _, link := range []string{ls.FPuzzles, ls.SudokuPad} {
		code, _, body = post(t, h, "/api/solve", "text/plain", link)
		if rec := answer(t, body).Records[0]; code != 200 || rec.Status != report.Unique {
			t.Errorf("solving %.40s: %d %+v", link, code, rec)
		}
	}
	// A Samurai: SudokuPad holds it, f-puzzles does not.
	code, _, body = post(t, h, "/api/link", "text/plain", readFile(t, "testdata/seeds/samurai-problem1.txt"))
	ls = Links{}
	json.Unmarshal(body, &ls)
	if code != 200 || ls.SudokuPad == "" || ls.FPuzzles != "" || ls.Errors["fpuzzles"] == "" {
		t.Fatalf("samurai links: %d %s", code, body)
	}
}

func TestLoopback(t *testing.T) {
	tests := []struct {
		addr string
		want bool
	}{
		{"127.0.0.1:8080", true},
		{"127.1.2.3:80", true},
		{"localhost:8080", true},
		{"[::1]:8080", true},
		{":8080", false},
		{"0.0.0.0:8080", false},
		{"192.168.1.2:8080", false},
		{"example.com:80", false},
		{"nonsense", false},
	}
	for _, tt := range tests {
		if got := Loopback(tt.addr); got != tt.want {
			t.Errorf("Loopback(%q) = %v, want %v", tt.addr, got, tt.want)
		}
	}
}

func TestLog(t *testing.T) {
	var got []string
	h := NewHandler(Options{Log: func(method, path string, status int, _ time.Duration) {
		got = append(got, method+" "+path+" "+http.StatusText(status))
	}})
	post(t, h, "/api/solve", "text/plain", classic)
	post(t, h, "/api/solve", "text/plain", "x")
	want := "POST /api/solve OK,POST /api/solve Bad Request"
	if strings.Join(got, ",") != want {
		t.Errorf("log %q, want %q", got, want)
	}
}

// FuzzRequest: any body, with any content type, gives a JSON answer (a
// picture from /api/svg: well-formed XML) and no panic.
func FuzzRequest(f *testing.F) {
	f.Add("text/plain", classic)
	f.Add("application/json", `{"puzzle": "`+strings.Repeat(".", 16)+`", "limit": 3}`)
	f.Add("application/json", `{"givens": [1,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0], "size": 4}`)
	f.Add("application/json", `{"layout_file": {"size": 4, "grids": [{"at": "r1c1"}]}, "puzzle": "1..............."}`)
	f.Add("text/plain", "https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn5q")
	f.Add("", "Grid 01\n003020600\n")
	h := NewHandler(Options{Timeout: 200 * time.Millisecond, MaxBody: 1 << 16})
	f.Fuzz(func(t *testing.T, ctype, body string) {
		for _, path := range []string{"/api/solve", "/api/board", "/api/link", "/api/svg", "/api/count"} {
			req := localRequest(http.MethodPost, path, strings.NewReader(body))
			req.Header.Set("Content-Type", ctype)
			w := httptest.NewRecorder()
			h.ServeHTTP(w, req)
			b, _ := io.ReadAll(w.Body)
			if path == "/api/svg" && w.Code == 200 {
				d := xml.NewDecoder(bytes.NewReader(b))
				for {
					if _, err := d.Token(); err != nil {
						if err != io.EOF {
							t.Fatalf("svg not XML: %v", err)
						}
						break
					}
				}
				continue
			}
			if !json.Valid(b) {
				t.Fatalf("%s: status %d, not JSON: %q", path, w.Code, b)
			}
			if w.Code >= 500 && w.Code != http.StatusServiceUnavailable {
				t.Fatalf("%s: status %d: %s", path, w.Code, b)
			}
		}
	})
}

// /api/hint answers the next step of a unique puzzle, and a record
// saying why there is none for another; /api/generate answers a board
// whose puzzle has exactly one solution.
func TestHintGenerate(t *testing.T) {
	srv := httptest.NewServer(NewHandler(Options{}))
	defer srv.Close()
	post := func(path, ctype, body string) (int, string) {
		t.Helper()
		res, err := http.Post(srv.URL+path, ctype, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	classic, err := os.ReadFile("../testdata/examples/classic.txt")
	if err != nil {
		t.Fatal(err)
	}
	var ans Answer
	code, body := post("/api/hint", "text/plain", string(classic))
	if err := json.Unmarshal([]byte(body), &ans); code != 200 || err != nil || !strings.Contains(ans.Step, " = ") || len(ans.StepCells) == 0 || len(ans.Records[0].Steps) != 1 {
		t.Errorf("hint: %d %s", code, body)
	}
	code, body = post("/api/hint", "text/plain", "1"+strings.Repeat(".", 80))
	if code != 200 || !strings.Contains(body, `"status":"multiple"`) || strings.Contains(body, `"step"`) {
		t.Errorf("hint of a puzzle with several solutions: %d %s", code, body)
	}
	code, body = post("/api/generate", "application/json", `{"layout": "classic", "size": 6, "seed": 3}`)
	var b Board
	if err := json.Unmarshal([]byte(body), &b); code != 200 || err != nil || b.Size != 6 {
		t.Fatalf("generate: %d %s", code, body)
	}
	givens := make([]string, len(b.Givens))
	for i, d := range b.Givens {
		givens[i] = strconv.Itoa(d)
	}
	req := fmt.Sprintf(`{"givens": [%s], "layout": "classic", "size": 6}`, strings.Join(givens, ","))
	code, body = post("/api/count", "application/json", req)
	if code != 200 || !strings.Contains(body, `"status":"unique"`) {
		t.Errorf("the generated puzzle counts: %d %s", code, body)
	}
}

// TestHintStops: the logical solver watches the request's time, so a
// hint that outlasts it answers a timeout record and gives its slot
// back (a hint that ran on aside once kept the slot past its answer).
func TestHintStops(t *testing.T) {
	h := newHandler(Options{MaxSolves: 1, Timeout: 300 * time.Millisecond})
	started := make(chan struct{})
	h.step = func(ctx context.Context, p *layouts.Puzzle) (logic.Step, error) {
		close(started)
		<-ctx.Done()
		return logic.Step{}, ctx.Err()
	}
	code, _, body := post(t, h, "/api/hint", "text/plain", classic)
	select {
	case <-started:
	default:
		t.Fatalf("the hint never started: %d %s", code, body)
	}
	if rec := answer(t, body).Records[0]; code != 200 || rec.Status != report.Timeout || bytes.Contains(body, []byte(`"step"`)) {
		t.Fatalf("status %d, body %s: want a timeout and no step", code, body)
	}
	if len(h.sem) != 0 {
		t.Errorf("the hint answered, but its slot is still taken")
	}
}

// TestReadingTakesASlot: every POST does its work in a slot, reading
// and drawing included (a short link can take long to read): with the
// only slot taken, /api/svg answers 503 once its time is out.
func TestReadingTakesASlot(t *testing.T) {
	h := newHandler(Options{MaxSolves: 1, Timeout: 100 * time.Millisecond})
	h.sem <- struct{}{}
	if code, _, body := post(t, h, "/api/svg", "text/plain", classic); code != http.StatusServiceUnavailable {
		t.Fatalf("every slot taken: %d %s, want 503", code, body)
	}
	<-h.sem
	if code, _, body := post(t, h, "/api/svg", "text/plain", classic); code != http.StatusOK {
		t.Fatalf("a slot free: %d %s", code, body)
	}
}

// TestLinkErrorPosition: an error inside a link's decompressed JSON,
// which the user never sees, is not placed in it; the message names the
// key or element instead. Pasted JSON keeps its positions.
func TestLinkErrorPosition(t *testing.T) {
	js := `{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":"R1C1"}]}`
	h := newHandler(Options{})
	code, _, body := post(t, h, "/api/solve", "text/plain", fpuzzles.LinkPrefix+lzstring.CompressToBase64(js))
	if code != http.StatusBadRequest || !bytes.Contains(body, []byte(`killercage[0].cells`)) || bytes.Contains(body, []byte(`"line"`)) || bytes.Contains(body, []byte(`puzzle:1:`)) {
		t.Errorf("link: %d %s; want 400 naming the element, with no position", code, body)
	}
	code, _, body = post(t, h, "/api/solve", "text/plain", js)
	if code != http.StatusBadRequest || !bytes.Contains(body, []byte(`"line":1`)) {
		t.Errorf("pasted JSON: %d %s; want 400 at its line", code, body)
	}
	// An indented JSON's positions count its indent, as the command's do.
	code, _, body = post(t, h, "/api/solve", "text/plain", "\n  {\"cells\":[[{},1]]}")
	if code != http.StatusBadRequest || !bytes.Contains(body, []byte(`"line":2,"column":17`)) {
		t.Errorf("indented JSON: %d %s; want 400 at 2:17", code, body)
	}
}
