package logic

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"gattai/layouts"
)

var mine = flag.String("mine", "", "print, for each technique, the first puzzle of this shared data set whose path uses it")

func TestMine(t *testing.T) {
	if *mine == "" {
		t.Skip("no -mine")
	}
	f, err := os.Open(*mine)
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	ps, err := layouts.ReadAll(f, layouts.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]bool{}
	var sv *Solver
	for _, p := range ps {
		if sv == nil {
			sv = New(p.Model)
			sv.s.noTrial = true
		}
		steps, err := sv.Steps(p)
		if err != nil {
			continue
		}
		for _, st := range steps {
			key := st.Technique
			if st.Depth > 0 {
				key = fmt.Sprintf("%s %d", key, st.Depth)
			}
			if !found[key] {
				found[key] = true
				var b strings.Builder
				for _, d := range p.Givens {
					b.WriteString(layouts.Symbol(int(d)))
				}
				fmt.Printf("%s\t%s\n", key, strings.ReplaceAll(b.String(), "0", "."))
				fmt.Println(st)
			}
		}
	}
}
