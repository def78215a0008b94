// Package sudokupad reads and writes SudokuPad (sudokupad.app) puzzles.
package sudokupad
