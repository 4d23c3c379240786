package glance

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Signed URLs (the server's D15): usable in an <img src> or og:image without the API key. The
// canonical form is the server's (lib/signing/canonical-query.ts):
//  1. the query's name/value pairs, without signature (key_id and expires are signed);
//  2. sorted by name, then value, comparing UTF-8 bytes;
//  3. each name and value percent-encoded outside RFC 3986's unreserved set, upper-case hex;
//  4. the string to sign is <path>?<name=value&...>;
//  5. signature = lower-case hex HMAC-SHA256 under the key's signing secret.

// SignablePaths are the endpoints that take signed URLs.
var SignablePaths = []string{"/v1/screenshot", "/v1/og", "/v1/content", "/v1/animate"}

type pair struct{ name, value string }

func encodeRFC3986(text string) string {
	var b strings.Builder
	for _, c := range []byte(text) {
		if c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

func canonicalQuery(pairs []pair) string {
	kept := make([]pair, 0, len(pairs))
	for _, p := range pairs {
		if p.name != "signature" {
			kept = append(kept, p)
		}
	}
	// Go compares strings byte by byte: UTF-8 order.
	sort.SliceStable(kept, func(i, j int) bool {
		if kept[i].name != kept[j].name {
			return kept[i].name < kept[j].name
		}
		return kept[i].value < kept[j].value
	})
	parts := make([]string, len(kept))
	for i, p := range kept {
		parts[i] = encodeRFC3986(p.name) + "=" + encodeRFC3986(p.value)
	}
	return strings.Join(parts, "&")
}

// SignOptions says who signs a URL and until when.
type SignOptions struct {
	// KeyID is the key's public id (pk_live_…), shown beside its signing secret in the dashboard.
	KeyID         string
	SigningSecret string
	// Expires: when the URL stops working; the zero time for a URL that does not expire.
	Expires time.Time
}

// SignURL answers <baseURL><path>?<canonical query>&signature=<hex>. params are the endpoint's
// parameters as the API spells them; for /v1/og the template's variables go in "variables" (a
// map) or beside "template".
func SignURL(baseURL, path string, params map[string]any, options SignOptions) (string, error) {
	signable := false
	for _, p := range SignablePaths {
		signable = signable || p == path
	}
	if !signable {
		return "", fmt.Errorf("glance: signed URLs are for %s, not %s", strings.Join(SignablePaths, ", "), path)
	}
	var pairs []pair
	for _, p := range queryPairs(params) {
		if p.name != "key_id" && p.name != "expires" && p.name != "signature" {
			pairs = append(pairs, p)
		}
	}
	pairs = append(pairs, pair{"key_id", options.KeyID})
	if !options.Expires.IsZero() {
		pairs = append(pairs, pair{"expires", strconv.FormatInt(options.Expires.Unix(), 10)})
	}
	canonical := canonicalQuery(pairs)
	mac := hmac.New(sha256.New, []byte(options.SigningSecret))
	mac.Write([]byte(path + "?" + canonical))
	return strings.TrimRight(baseURL, "/") + path + "?" + canonical + "&signature=" + hex.EncodeToString(mac.Sum(nil)), nil
}
