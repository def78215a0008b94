package main

import "testing"

func TestFormatRate(t *testing.T) {
	for _, tc := range []struct {
		rate float64
		want string
	}{
		{0, "0"},
		{0.1812, "0.18"},
		{2.449, "2.4"},
		{9.94, "9.9"},
		{10.4, "10"},
		{180123.6, "180124"},
	} {
		if got := formatRate(tc.rate); got != tc.want {
			t.Errorf("formatRate(%v) = %q, want %q", tc.rate, got, tc.want)
		}
	}
}
