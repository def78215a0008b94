//go:build !race

package gattai_test

const race = false
