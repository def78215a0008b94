package report_test

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"

	"gattai"
	"gattai/internal/testkit"
	"gattai/layouts"
	"gattai/report"
)

// Each kind of result gives its record, as the README's schema says.
func TestNew(t *testing.T) {
	m := testkit.Model(t, "classic", 4)
	p := layouts.NewPuzzle(m)
	p.Source.Format = layouts.FormatLine
	g := layouts.Grid{Model: m, Digits: []uint8{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1}}
	bad := &layouts.ParseError{File: "f", Line: 3, Col: 7, Err: layouts.ErrSymbol}
	tests := []struct {
		name string
		r    gattai.Result
		err  error
		want string
	}{
		{"unique", gattai.Result{Count: 1, Limit: 2, Grid: g, Engine: "backtrack", Elapsed: 1500 * time.Microsecond},
			nil, `{"input":"f:3","status":"unique","solutions":1,"limit_reached":false,"solution":"1234341221434321\n","engine":"backtrack","elapsed_ms":1.5}`},
		{"multiple", gattai.Result{Count: 2, Limit: 2, Grid: g, Engine: "sat"},
			nil, `{"input":"f:3","status":"multiple","solutions":2,"limit_reached":true,"solution":"1234341221434321\n","engine":"sat","elapsed_ms":0}`},
		{"none", gattai.Result{Limit: 2, Engine: "backtrack"}, nil, `{"input":"f:3","status":"none","solutions":0,"limit_reached":false,"engine":"backtrack","elapsed_ms":0}`},
		{"found", gattai.Result{Count: 1, Limit: 1, Grid: g}, nil, `{"input":"f:3","status":"found","solutions":1,"limit_reached":true,"solution":"1234341221434321\n","elapsed_ms":0}`},
		{"bad input", gattai.Result{}, bad, `{"input":"f:3","status":"error","error":{"file":"f","line":3,"column":7,"message":"unknown symbol"}}`},
		{"engine", gattai.Result{}, errors.New("boom"), `{"input":"f:3","status":"error","error":{"file":"f","line":3,"message":"boom"}}`},
		{"timeout", gattai.Result{Count: 1}, context.DeadlineExceeded, `{"input":"f:3","status":"timeout"}`},
		{"interrupted", gattai.Result{Count: 1}, context.Canceled, `{"input":"f:3","status":"interrupted"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := report.Write(&b, report.New("f", 3, p, tt.r, tt.err, true)); err != nil {
				t.Fatal(err)
			}
			if got := b.String(); got != tt.want+"\n" {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}
