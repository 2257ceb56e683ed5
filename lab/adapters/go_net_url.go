// Adapter for Go's net/url (see PROTOCOL.md).
// Validity: url.Parse(input) returning no error and a URL with a scheme.
// Build: go build -o OUT lab/adapters/go_net_url.go
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"runtime"
	"strings"
	"unicode/utf8"
)

type hello struct {
	Peer       string   `json:"peer"`
	Version    string   `json:"version"`
	Call       string   `json:"call"`
	Claims     string   `json:"claims"`
	Components string   `json:"components"`
	Normalizes []string `json:"normalizes"`
	Positions  bool     `json:"positions"`
}

type components struct {
	Scheme   *string `json:"scheme"`
	Userinfo *string `json:"userinfo"`
	Host     *string `json:"host"`
	Port     *string `json:"port"`
	Path     *string `json:"path"`
	Query    *string `json:"query"`
	Fragment *string `json:"fragment"`
}

type success struct {
	Valid      bool       `json:"valid"`
	Components components `json:"components"`
}

type failure struct {
	Valid  bool   `json:"valid"`
	Error  string `json:"error"`
	Offset *int   `json:"offset"`
}

// str gives a component to report; a byte that is not valid UTF-8 (Go
// decodes escapes in a host) is written as its escape, %XX, which
// encoding/json would otherwise turn into U+FFFD.
func str(s string) *string {
	if !utf8.ValidString(s) {
		var b strings.Builder
		for i := 0; i < len(s); {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				fmt.Fprintf(&b, "%%%02X", s[i])
			} else {
				b.WriteString(s[i : i+size])
			}
			i += size
		}
		s = b.String()
	}
	return &s
}

func answer(input string) interface{} {
	u, err := url.Parse(input)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return failure{Error: err.Error()}
	}
	// url.Parse also accepts relative references ("a/b", "//h/p"); the
	// lab's inputs are meant as absolute URIs, so no scheme means invalid.
	if u.Scheme == "" {
		return failure{Error: "no scheme"}
	}
	c := components{Scheme: str(u.Scheme)}

	// Go parses an authority exactly when the text after "scheme:" starts
	// with "//" (it cuts '#' and '?' first, which cannot start that text).
	// The scheme keeps its length when lowercased, so the input locates it.
	afterScheme := input[len(u.Scheme)+1:]
	if strings.HasPrefix(afterScheme, "//") {
		authority := afterScheme[2:]
		if i := strings.IndexAny(authority, "/?#"); i >= 0 {
			authority = authority[:i]
		}
		// u.User keeps only the decoded name and password, so the userinfo
		// is the raw text Go took as it: the authority up to its last '@'.
		if i := strings.LastIndex(authority, "@"); i >= 0 && u.User != nil {
			c.Userinfo = str(authority[:i])
		}
		// u.Host is as Go reports it (escapes of non-ASCII bytes decoded),
		// split at the port's ':' with any IP-literal brackets kept.
		host, port := u.Host, ""
		hasPort := false
		if strings.HasPrefix(host, "[") {
			if i := strings.LastIndex(host, "]"); i >= 0 && strings.HasPrefix(host[i+1:], ":") {
				host, port, hasPort = host[:i+1], host[i+2:], true
			}
		} else if i := strings.LastIndex(host, ":"); i >= 0 {
			host, port, hasPort = host[:i], host[i+1:], true
		}
		c.Host = str(host)
		if hasPort {
			c.Port = str(port)
		}
	}

	// The path as written: RawPath is set whenever it differs from the
	// default escaping of Path, and otherwise EscapedPath() gives that
	// escaping. A rootless path ("mailto:a@b") is kept in Opaque.
	switch {
	case u.Opaque != "":
		c.Path = str(u.Opaque)
	case u.RawPath != "":
		c.Path = str(u.RawPath)
	default:
		c.Path = str(u.EscapedPath())
	}
	if u.RawQuery != "" || u.ForceQuery {
		c.Query = str(u.RawQuery)
	}
	// Likewise for the fragment; an empty one is present when the input
	// has a '#' (url.Parse cuts the fragment at the first '#').
	switch {
	case u.RawFragment != "":
		c.Fragment = str(u.RawFragment)
	case u.Fragment != "" || strings.Contains(input, "#"):
		c.Fragment = str(u.EscapedFragment())
	}
	return success{Valid: true, Components: c}
}

func main() {
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)

	enc.Encode(hello{
		Peer:       "go-net-url",
		Version:    runtime.Version(),
		Call:       "net/url.Parse",
		Claims:     "RFC 3986 (with deviations for compatibility)",
		Components: "raw",
		Normalizes: []string{"scheme-case", "percent-encoding"},
		Positions:  false,
	})
	out.Flush()

	for {
		line, err := in.ReadString('\n')
		if line == "" && err != nil {
			break
		}
		var req struct {
			Input *string `json:"input"`
		}
		if json.Unmarshal([]byte(line), &req) != nil || req.Input == nil {
			enc.Encode(failure{Error: "bad request"})
		} else {
			enc.Encode(answer(*req.Input))
		}
		out.Flush()
		if err == io.EOF {
			break
		}
	}
}
