package layouts

import "strconv"

// symbols are the one-character digits: 1..9 then A..Z (10..35).
const symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// MaxLetterSymbols is the largest n whose digits all have one-character
// symbols; bigger grids are written as whitespace-separated numbers.
const MaxLetterSymbols = len(symbols)

// Symbol is the text of digit d (1-based): "7", "A" for 10, "36" beyond Z.
func Symbol(d int) string {
	if d >= 1 && d <= len(symbols) {
		return symbols[d-1 : d]
	}
	return strconv.Itoa(d)
}

// symbolText is Symbol as written in a grid of n symbols.
func symbolText(d, n int) string {
	if n > MaxLetterSymbols {
		return strconv.Itoa(d)
	}
	return Symbol(d)
}

// SymbolDigit is the digit of the one-character symbol ch, 0 for an empty
// cell ('.' or '0'), or -1 if ch is no symbol. Letters are case-insensitive.
func SymbolDigit(ch byte) int {
	switch {
	case ch == '.' || ch == '0':
		return 0
	case ch >= '1' && ch <= '9':
		return int(ch - '0')
	case ch >= 'A' && ch <= 'Z':
		return int(ch-'A') + 10
	case ch >= 'a' && ch <= 'z':
		return int(ch-'a') + 10
	}
	return -1
}

// symbolDigits is SymbolDigit of every byte, for the readers' fast path.
var symbolDigits [256]int8

func init() {
	for i := range symbolDigits {
		symbolDigits[i] = int8(SymbolDigit(byte(i)))
	}
}
