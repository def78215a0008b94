# gattai recipes; the README's commands do not need just.

default: test

# Build gattai and gattai-serve into ./bin (static: see the README).
build:
    CGO_ENABLED=0 go build -o bin/ ./cmd/gattai ./cmd/gattai-serve

# Run every test (the README's test command).
test:
    go test ./...

# Tests under the race detector.
race:
    go test -race ./...

# Benchmarks on one core; compare two runs with benchstat.
bench pkg="./..." pattern=".":
    go test -run='^$' -bench='{{pattern}}' -benchmem -cpu=1 -count=5 {{pkg}} | tee bench.txt

# Every fuzz target for a while each.
fuzz time="30s":
    .ci/fuzz {{time}}

# Formatting, vet and staticcheck (the version CI runs).
lint:
    test -z "$(gofmt -l . | grep -v '^testdata/')"
    go vet ./...
    go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...

# What CI runs.
ci:
    bash .ci/run

# The README's pictures: a solved Samurai (svg) and the web page (a
# screenshot in headless Chromium).
docs:
    go generate ./svg/
    GATTAI_WEB_SCREENSHOT=1 GATTAI_REQUIRE_BROWSER=1 go test ./web/ -run '^TestBrowser$' -count=1

# The generated data sets of tests and benchmarks (see internal/cmd/gendata).
gendata set="bench":
    go run ./internal/cmd/gendata -set {{set}}

# Regenerate BENCHMARKS.md (a few minutes; TDOKU_SRC=DIR adds tdoku, FULL=1 the slow sets).
bench-report:
    scripts/bench-report
