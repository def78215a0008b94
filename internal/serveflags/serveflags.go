// Package serveflags declares the flags of gattai-serve, the program
// that gattai serve runs, apart from the server: gattai passes serve's
// arguments through unparsed, and completes them in a shell from here
// without linking net/http.
package serveflags

import (
	"time"

	"github.com/alecthomas/kong"
)

// Flags is gattai-serve's command line, for kong.
type Flags struct {
	Version  kong.VersionFlag `help:"Print the version and exit."`
	Addr     string           `default:"127.0.0.1:8080" help:"Address to listen on, host:port (port 0 picks a free one)."`
	Public   bool             `help:"Allow an address other than loopback: anyone who can reach it may use the server."`
	Engine   string           `short:"e" enum:"auto,backtrack,sat" default:"auto" help:"Default engine: ${enum}; a request may choose another."`
	Timeout  time.Duration    `default:"10s" help:"Time allowed to each request; a puzzle not finished gets a 'timeout' record."`
	Jobs     int              `short:"j" default:"0" help:"Requests solving at once; 0 is one per core. Others wait, within their time."`
	MaxBody  int64            `default:"1048576" help:"Largest request body, in bytes."`
	Puzzles  int              `default:"100" help:"Most puzzles in one request."`
	Verbose  bool             `short:"v" help:"Log every request on stderr."`
	Shutdown time.Duration    `default:"5s" hidden:"" help:"How long a stop waits for requests running."`
}
