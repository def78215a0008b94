// mkvectors.js writes vectors.json: inputs and what lz-string 1.5.0 makes
// of them, for the Go tests (which need only Go). Run it once, outside the
// repository's module, from this directory:
//
//	d=$(mktemp -d) && (cd $d && npm install lz-string@1.5.0) &&
//	NODE_PATH=$d/node_modules node mkvectors.js > vectors.json
//
// The *.fpuzzles.json files here are real f-puzzles puzzles, decoded from
// links in ../../fpuzzles/testdata/links.txt. Inputs are kept as UTF-16 code units (units) so lone surrogates survive
// JSON; text is the same string where it is valid UTF-16.
"use strict";
const LZ = require("lz-string");
const fs = require("fs");
const path = require("path");

// A fixed generator, so the vectors do not change between runs.
let seed = 20261123;
function rand(n) {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
}
function randomString(len, alphabet) {
  let s = "";
  for (let i = 0; i < len; i++) s += alphabet[rand(alphabet.length)];
  return s;
}
function randomUnits(len) {
  let s = "";
  for (let i = 0; i < len; i++) s += String.fromCharCode(rand(65536));
  return s;
}

const inputs = [
  ["empty", ""],
  ["one", "a"],
  ["ascii", "Hello, world! The quick brown fox jumps over the lazy dog."],
  ["digits", "530070000600195000098000060800060003400803001700020006060000280000419005000080079"],
  ["latin1", "caf\u00e9 na\u00efve \u00ff\u00fe"],
  ["bmp", "\u6570\u72ec \u0416\u0443\u043a \u20ac\u2603"],
  ["surrogate-pair", "\ud83d\ude00 smile \ud83e\udde9 puzzle \ud83d\ude00\ud83d\ude00"],
  ["lone-high", "\ud800x"],
  ["lone-low", "a\udc00b\udfff"],
  ["proto", "__proto____proto____proto__"],
  ["proto-prefix", "__proto_x__proto_y__proto__proto__"],
  ["repeat-a", "a".repeat(1000)],
  ["repeat-abc", "abc".repeat(3000)],
  ["repeat-unicode", "\u00e9\ud83d\ude00\u4e00".repeat(700)],
  ["random-ascii", randomString(2000, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 {}[]\":,")],
  ["random-small", randomString(500, "ab")],
  ["random-units", randomUnits(300)],
];
for (const f of fs.readdirSync(__dirname).sort()) {
  if (f.endsWith(".fpuzzles.json")) {
    inputs.push(["file " + f, fs.readFileSync(path.join(__dirname, f), "utf8")]);
  }
}

function units(s) {
  const out = [];
  for (let i = 0; i < s.length; i++) out.push(s.charCodeAt(i));
  return out;
}

const compress = inputs.map(([name, s]) => ({
  name,
  units: units(s),
  base64: LZ.compressToBase64(s),
  uri: LZ.compressToEncodedURIComponent(s),
}));

// Decompression of arbitrary text: null, "" or a string (as units).
const junk = [
  "", "A", "AAAA", "////", "!!", "Q", "Q===", "IZA", "IZA=", "IZA==", "I ZA",
  "\u00e9\u00e9\u00e9", "\ud83d\ude00AB",
];
for (let i = 0; i < 60; i++) {
  junk.push(randomString(1 + rand(40), "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-$ "));
}
function result(x) {
  return x === null ? null : units(x);
}
const decompress = junk.map((s) => ({
  input: s,
  base64: result(LZ.decompressFromBase64(s)),
  uri: result(LZ.decompressFromEncodedURIComponent(s)),
}));

process.stdout.write(JSON.stringify({ version: "lz-string 1.5.0", compress, decompress }, null, 1) + "\n");
