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

// An explained record names the givens or constraints that cannot all
// hold, or the cells where two solutions differ.
func TestExplain(t *testing.T) {
	m := testkit.Model(t, "classic", 4)
	p := layouts.NewPuzzle(m)
	p.Givens[0], p.Givens[5] = 1, 1
	first := layouts.Grid{Model: m, Digits: []uint8{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1}}
	second := layouts.Grid{Model: m, Digits: []uint8{3, 2, 1, 4, 1, 4, 3, 2, 2, 1, 4, 3, 4, 3, 2, 1}}
	tests := []struct {
		name string
		x    gattai.Explanation
		want string
	}{
		{"givens", gattai.Explanation{Givens: []int{0, 5}}, `"core":["r1c1=1","r2c2=1"]`},
		{"grids alone", gattai.Explanation{}, `"core":["the layout's grids and regions alone have no solution"]`},
		{"several", gattai.Explanation{Solvable: true, Ambiguous: []int{0, 2, 4, 6}, Solutions: []layouts.Grid{first, second}},
			`"ambiguous":["r1c1=1|3","r1c3=3|1","r2c1=3|1","r2c3=1|3"]`},
		{"one", gattai.Explanation{Solvable: true}, `{"input":"f:3","status":""}`},
	}
	for _, tt := range tests {
		rec := report.Record{Input: "f:3"}
		rec.Explain(p, tt.x)
		var b bytes.Buffer
		report.Write(&b, rec)
		if !bytes.Contains(b.Bytes(), []byte(tt.want)) {
			t.Errorf("%s: %s, want %s in it", tt.name, b.Bytes(), tt.want)
		}
	}
}
