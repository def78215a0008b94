package web

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"runtime"
	"strings"
	"time"

	"gattai"
	"gattai/layouts"
	"gattai/logic"
)

//go:embed static
var static embed.FS

// Defaults of Options.
const (
	DefaultMaxBody    = 1 << 20
	DefaultTimeout    = 10 * time.Second
	DefaultMaxPuzzles = 100
	DefaultMaxLimit   = 10000
)

// Options configure a handler. The zero value is usable: every limit
// takes its default.
type Options struct {
	Solver     gattai.Options // the engine and its options; a request may choose auto, backtrack or sat
	MaxBody    int64          // request body limit in bytes; 0: DefaultMaxBody (1 MiB)
	Timeout    time.Duration  // per request, solving included; 0: DefaultTimeout (10 s)
	MaxSolves  int            // POST requests at work at once; 0: GOMAXPROCS
	MaxPuzzles int            // puzzles in one request; 0: DefaultMaxPuzzles (100)
	MaxLimit   int            // the largest count limit a request may ask; 0: DefaultMaxLimit

	// AnyHost answers requests for any Host. Without it only loopback
	// hosts (localhost, 127.0.0.0/8, [::1]) are answered and others get
	// 403: a web page whose name an attacker points at 127.0.0.1 (DNS
	// rebinding) cannot use the server. gattai serve --public sets it.
	AnyHost bool

	// Log, if set, is told of every request: its method, path, status
	// and duration. The handler itself never prints.
	Log func(method, path string, status int, elapsed time.Duration)
}

// handler serves the page and the API.
type handler struct {
	opts Options
	sem  chan struct{} // one token per solve running
	mux  *http.ServeMux
	// inner is mux behind the cross-origin check.
	inner http.Handler
	// step is /api/hint's logical step of a puzzle proved unique.
	step func(ctx context.Context, p *layouts.Puzzle) (logic.Step, error)
}

// NewHandler serves the page (GET /) and the API (/api/..., doc.go)
// under the safety limits of opts. Cross-origin POSTs are refused (403):
// another site open in the browser cannot make the server solve.
func NewHandler(opts Options) http.Handler {
	return newHandler(opts)
}

// newHandler is NewHandler's handler.
func newHandler(opts Options) *handler {
	if opts.MaxBody <= 0 {
		opts.MaxBody = DefaultMaxBody
	}
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.MaxSolves <= 0 {
		opts.MaxSolves = runtime.GOMAXPROCS(0)
	}
	if opts.MaxPuzzles <= 0 {
		opts.MaxPuzzles = DefaultMaxPuzzles
	}
	if opts.MaxLimit <= 0 {
		opts.MaxLimit = DefaultMaxLimit
	}
	h := &handler{opts: opts, sem: make(chan struct{}, opts.MaxSolves), mux: http.NewServeMux(), step: hintStep}
	h.routes()
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, &httpError{status: http.StatusForbidden, msg: "cross-origin request refused: use the page of this server"})
	}))
	h.inner = cop.Handler(h.mux)
	return h
}

// NewServer is an http.Server for NewHandler(opts) on addr, with
// timeouts for slow clients: headers in 10 s, a whole request in 30 s,
// an answer within the solve timeout and 30 s more.
func NewServer(addr string, opts Options) *http.Server {
	t := cmpDuration(opts.Timeout, DefaultTimeout)
	return &http.Server{
		Addr:              addr,
		Handler:           NewHandler(opts),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      t + 30*time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
}

func cmpDuration(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}

// Loopback reports whether addr (host:port) listens on the loopback
// interface only: localhost, 127.0.0.0/8 or ::1. An empty host (every
// interface) is not.
func Loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func (h *handler) routes() {
	assets, _ := fs.Sub(static, "static") // the directory is embedded
	files := http.FileServerFS(assets)
	h.mux.Handle("/", only(files, http.MethodGet, http.MethodHead))
	h.mux.Handle("/api/layouts", only(http.HandlerFunc(h.layouts), http.MethodGet))
	h.mux.Handle("/api/layouts/{name}", only(http.HandlerFunc(h.layout), http.MethodGet))
	h.mux.Handle("/api/board", only(h.api(h.board), http.MethodPost))
	h.mux.Handle("/api/solve", only(h.api(h.solve), http.MethodPost))
	h.mux.Handle("/api/count", only(h.api(h.count), http.MethodPost))
	h.mux.Handle("/api/explain", only(h.api(h.explain), http.MethodPost))
	h.mux.Handle("/api/svg", only(h.api(h.svg), http.MethodPost))
	h.mux.Handle("/api/link", only(h.api(h.link), http.MethodPost))

	h.mux.Handle("/api/hint", only(h.api(h.hint), http.MethodPost))
	h.mux.Handle("/api/generate", only(h.api(h.generate), http.MethodPost))
	h.mux.Handle("/api/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, &httpError{status: http.StatusNotFound, msg: "no such endpoint " + r.URL.Path})
	}))
}

// ServeHTTP sets the security headers, then routes.
func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hd := w.Header()
	hd.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'")
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "no-referrer")
	hd.Set("X-Frame-Options", "DENY")
	hd.Set("Cross-Origin-Opener-Policy", "same-origin")
	hd.Set("Cross-Origin-Resource-Policy", "same-origin")
	if strings.HasPrefix(r.URL.Path, "/api/") {
		hd.Set("Cache-Control", "no-store")
	}
	next := h.inner.ServeHTTP
	if !h.opts.AnyHost && !loopbackHost(r.Host) {
		next = func(w http.ResponseWriter, r *http.Request) {
			writeError(w, &httpError{status: http.StatusForbidden, msg: fmt.Sprintf("host %q is not a loopback host: this server answers local requests only", r.Host)})
		}
	}
	if h.opts.Log == nil {
		next(w, r)
		return
	}
	start := time.Now()
	sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
	next(sw, r)
	h.opts.Log(r.Method, r.URL.Path, sw.status, time.Since(start))
}

// loopbackHost reports whether a request's Host, with or without a
// port, names the loopback interface.
func loopbackHost(host string) bool {
	if _, _, err := net.SplitHostPort(host); err != nil {
		host = net.JoinHostPort(strings.Trim(host, "[]"), "0")
	}
	return Loopback(host)
}

// statusWriter remembers the status written, for the log.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (s *statusWriter) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}

// only answers 405, in JSON, to methods other than those given.
func only(next http.Handler, methods ...string) http.Handler {
	allow := strings.Join(methods, ", ")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for _, m := range methods {
			if r.Method == m {
				next.ServeHTTP(w, r)
				return
			}
		}
		w.Header().Set("Allow", allow)
		writeError(w, &httpError{status: http.StatusMethodNotAllowed, msg: fmt.Sprintf("method %s not allowed: use %s", r.Method, allow)})
	})
}

// api decodes the request and writes the endpoint's answer or error.
func (h *handler) api(do func(ctx context.Context, w http.ResponseWriter, q *Request) error) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q, err := decode(r, h.opts.MaxBody)
		if err == nil {
			err = h.within(r.Context(), func(ctx context.Context) error { return do(ctx, w, q) })
		}
		if err != nil {
			writeError(w, err)
		}
	})
}

// errorBody is every error's JSON: {"error": {"message": ...}}.
type errorBody struct {
	Error errorDetail `json:"error"`
}

type errorDetail struct {
	Message string `json:"message"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
}

// writeError answers err: its status for an httpError, else 500.
func writeError(w http.ResponseWriter, err error) {
	he := &httpError{status: http.StatusInternalServerError, msg: err.Error()}
	errors.As(err, &he)
	writeJSON(w, he.status, errorBody{errorDetail{he.msg, he.line, he.col}})
}

// writeJSON answers v as JSON with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"error":{"message":"encoding the answer failed"}}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}
