package main

import "testing"

// --blank adds empty-cell characters, '-' is one already, and a solved
// rows puzzle comes back in the style it was written in.
func TestBlankAndStyle(t *testing.T) {
	tests := []struct {
		name, in string
		args     []string
		want     string
	}{
		{"dashes and bars", "- 2 | - 4\n3 - | 1 -\n----+----\n- 1 | - 3\n4 - | 2 -\n", nil,
			"1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n"},
		{"--blank", "_2_4\n3_1_\n_1_3\n4_2_\n", []string{"--blank", "_"}, "1234\n3412\n2143\n4321\n"},
		{"--box none", "1234\n2341\n3412\n....\n", []string{"--box", "none", "--size", "4"}, "1234\n2341\n3412\n4123\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errs, code := runGattai(t, tt.in, append([]string{"solve"}, tt.args...)...)
			if code != 0 || out != tt.want {
				t.Errorf("exit %d, %q, stderr %q; want\n%s", code, out, errs, tt.want)
			}
		})
	}
	if _, errs, code := runGattai(t, "_2_4\n", "solve", "--blank", "1"); code == 0 || errs == "" {
		t.Errorf("--blank 1: exit %d, stderr %q", code, errs)
	}
}

// A bad --blank is a usage error, said once before anything is read,
// not a record for each file.
func TestBlankRefusedOnce(t *testing.T) {
	puzzle := td("examples", "classic.txt")
	for _, cmd := range []string{"solve", "count", "rate", "export"} {
		out, errs, code := runGattai(t, "", cmd, "--blank", "_1", puzzle, puzzle)
		want := "gattai: --blank: empty-cell characters \"_1\": '1' cannot stand for an empty cell (want printable ASCII other than blanks, '#', '|' and 1-9)\n"
		if code != exitBadInput || out != "" || errs != want {
			t.Errorf("%s: exit %d, %q, %q", cmd, code, out, errs)
		}
	}
}

// A character beyond ASCII in --blank is named whole, not by its first
// byte.
func TestBlankNotASCII(t *testing.T) {
	puzzle := td("examples", "classic.txt")
	tests := []struct{ name, blank, want string }{
		{"accent", "é", `gattai: --blank: empty-cell characters "é": 'é' cannot stand for an empty cell (want printable ASCII other than blanks, '#', '|' and 1-9)` + "\n"},
		{"after ASCII", "_☐", `gattai: --blank: empty-cell characters "_☐": '☐' cannot stand for an empty cell (want printable ASCII other than blanks, '#', '|' and 1-9)` + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errs, code := runGattai(t, "", "solve", "--blank", tt.blank, puzzle)
			if code != exitBadInput || out != "" || errs != tt.want {
				t.Errorf("exit %d, %q, stderr %q; want %q", code, out, errs, tt.want)
			}
		})
	}
}
