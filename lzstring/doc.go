// Package lzstring is lz-string 1.5.0 (pieroxy's LZ-based compressor,
// the one f-puzzles and SudokuPad put in their links) in Go: the Base64
// and URI-component forms, byte for byte as the JavaScript library makes
// them.
//
// It sits before the setters' link formats (packages fpuzzles and
// sudokupad): a link's payload is decompressed here, then read as JSON.
//
// The JavaScript library works on UTF-16 code units, and so does this
// one: a Go string is encoded to UTF-16 (a character beyond the BMP is a
// surrogate pair, invalid UTF-8 is U+FFFD) before compressing, and the
// units a decompression yields are decoded back (an unpaired surrogate
// becomes U+FFFD, the one place where a Go string cannot hold what the
// JavaScript string holds). Compressing a valid Go string gives exactly
// the JavaScript output, including its quirk that a dictionary entry
// spelling "__proto__" is never found.
//
// Decompression never panics and bounds its output: at most Limit UTF-16
// units (DefaultLimit for the package functions). Where the JavaScript
// library returns null (an empty input, a code beyond its dictionary, a
// bad first code) these functions return ErrInvalid; where it returns ""
// because the input ends before the end-of-stream mark, ErrTruncated.
// Characters outside the alphabet count as zero bits, as in JavaScript.
package lzstring
