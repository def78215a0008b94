//go:build race

package gattai_test

// race is set under the race detector, which makes the encoder some
// twenty times slower: timing assertions do not hold there.
const race = true
