package logic_test

import (
	"testing"

	"gattai/logic"
)

func TestScratch2(t *testing.T) {
	ps := readShared(t, "top1465.txt", 40)
	for _, i := range []int{1, 2, 20} {
		steps, _ := logic.Steps(ps[i])
		for _, st := range steps {
			if st.Weight > 2.3 {
				t.Log(st)
			}
		}
	}
}
