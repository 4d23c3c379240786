// Package glance is the Glance API's client: one method per operation (any operation of the
// OpenAPI document by its operationId with Call), the key in X-API-Key, problem+json answers as
// *Error, 429 and 503 answers retried after their Retry-After, signed URLs and Standard Webhooks
// verification. Standard library only.
package glance

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Version of this SDK, sent in its User-Agent.
const Version = "0.1.0"

type param struct{ name, kind string }

type operation struct {
	id, method string
	path       string
	pathParams []string
	body       bool
	answer     string
	params     []param
}

// operations: operationList by operationId.
var operations = func() map[string]operation {
	out := make(map[string]operation, len(operationList))
	for _, op := range operationList {
		out[op.id] = op
	}
	return out
}()

// Params are an operation's options as the API spells them ("fullPage", not "full_page").
type Params = map[string]any

// Client calls the API. Make one with New; it is safe for concurrent use.
type Client struct {
	BaseURL       string
	apiKey        string
	maxRetries    int
	maxRetryDelay time.Duration
	http          *http.Client
	Jobs          *Jobs
	Monitors      *Monitors
	Sessions      *Sessions
}

// Option changes a Client's defaults.
type Option func(*Client)

// WithBaseURL: where the API answers (default https://glance.example; set your deployment's).
func WithBaseURL(base string) Option {
	return func(c *Client) { c.BaseURL = strings.TrimRight(base, "/") }
}

// WithMaxRetries: how often a 429 or 503 answer is tried again after its Retry-After (default 2).
func WithMaxRetries(n int) Option { return func(c *Client) { c.maxRetries = n } }

// WithMaxRetryDelay: the longest Retry-After waited for (default 60 s); a longer one is returned.
func WithMaxRetryDelay(d time.Duration) Option { return func(c *Client) { c.maxRetryDelay = d } }

// WithHTTPClient: another *http.Client (a proxy's, a longer timeout).
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// New answers a client for the key sk_live_…
func New(apiKey string, options ...Option) (*Client, error) {
	if apiKey == "" {
		return nil, fmt.Errorf("glance: the API key is required")
	}
	c := &Client{BaseURL: "https://glance.example", apiKey: apiKey, maxRetries: 2, maxRetryDelay: time.Minute,
		http: &http.Client{Timeout: 3 * time.Minute}}
	for _, option := range options {
		option(c)
	}
	c.Jobs = &Jobs{c}
	c.Monitors = &Monitors{c}
	c.Sessions = &Sessions{c}
	return c, nil
}

// Response is a successful answer.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// File is a rendered file: the bytes and what the answer's headers said about them.
type File struct {
	Data        []byte
	ContentType string
	// Cache is X-Cache: "HIT" or "MISS".
	Cache     string
	RequestID string
	Header    http.Header
}

// Call sends the operation operationID (as the OpenAPI document names it) with params; path
// parameters ({id}) are taken from params. Unknown names and wrong types are refused before sending.
func (c *Client) Call(ctx context.Context, operationID string, params Params) (*Response, error) {
	op, ok := operations[operationID]
	if !ok {
		return nil, fmt.Errorf("glance: unknown operation %q", operationID)
	}
	path := op.path
	options := Params{}
	for name, value := range params {
		if value == nil {
			continue
		}
		if contains(op.pathParams, name) {
			path = strings.Replace(path, "{"+name+"}", url.PathEscape(text(value)), 1)
			continue
		}
		kind := ""
		for _, p := range op.params {
			if p.name == name {
				kind = p.kind
			}
		}
		if kind == "" {
			return nil, fmt.Errorf("glance: %s: unknown option %q", operationID, name)
		}
		if !hasType(value, kind) {
			return nil, fmt.Errorf("glance: %s: option %q must be %s, not %T", operationID, name, kind, value)
		}
		options[name] = value
	}
	if strings.Contains(path, "{") {
		return nil, fmt.Errorf("glance: %s: missing %v", operationID, op.pathParams)
	}
	target := c.BaseURL + path
	var body []byte
	if op.body {
		body, _ = json.Marshal(options)
	} else if len(options) > 0 {
		values := url.Values{}
		for _, p := range queryPairs(options) {
			values.Add(p.name, p.value)
		}
		target += "?" + strings.ReplaceAll(values.Encode(), "+", "%20")
	}
	return c.send(ctx, op.method, target, body, op.body)
}

func contains(list []string, name string) bool {
	for _, item := range list {
		if item == name {
			return true
		}
	}
	return false
}

func (c *Client) send(ctx context.Context, method, target string, body []byte, hasBody bool) (*Response, error) {
	for attempt := 0; ; attempt++ {
		var reader io.Reader
		if hasBody {
			reader = bytes.NewReader(body)
		}
		request, err := http.NewRequestWithContext(ctx, method, target, reader)
		if err != nil {
			return nil, err
		}
		request.Header.Set("X-API-Key", c.apiKey)
		request.Header.Set("User-Agent", "glance-sdk-go/"+Version)
		if hasBody {
			request.Header.Set("Content-Type", "application/json")
		}
		answer, err := c.http.Do(request)
		if err != nil {
			return nil, err
		}
		data, err := io.ReadAll(answer.Body)
		answer.Body.Close()
		if err != nil {
			return nil, err
		}
		if answer.StatusCode < 300 {
			return &Response{answer.StatusCode, answer.Header, data}, nil
		}
		failure := errorOf(answer, data)
		// 429 and 503 say "not now" and were not acted on: worth another try after the wait they name.
		wait := time.Duration(1<<attempt) * time.Second
		if failure.RetryAfter >= 0 {
			wait = time.Duration(failure.RetryAfter) * time.Second
		}
		if (answer.StatusCode != 429 && answer.StatusCode != 503) || attempt >= c.maxRetries || wait > c.maxRetryDelay {
			return nil, failure
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(wait):
		}
	}
}

func retryAfter(value string) int {
	value = strings.TrimSpace(value)
	if value == "" {
		return -1
	}
	if seconds, err := strconv.Atoi(value); err == nil && seconds >= 0 {
		return seconds
	}
	if at, err := http.ParseTime(value); err == nil {
		if wait := int(time.Until(at).Seconds() + 0.999); wait > 0 {
			return wait
		}
		return 0
	}
	return -1
}

func errorOf(answer *http.Response, data []byte) *Error {
	e := &Error{Status: answer.StatusCode, Code: "http_error", Title: fmt.Sprintf("HTTP %d", answer.StatusCode),
		Detail: fmt.Sprintf("HTTP %d", answer.StatusCode), RequestID: answer.Header.Get("X-Request-Id"),
		RetryAfter: retryAfter(answer.Header.Get("Retry-After"))}
	var problem map[string]any
	if strings.Contains(answer.Header.Get("Content-Type"), "json") && json.Unmarshal(data, &problem) == nil {
		if code, ok := problem["code"].(string); ok {
			e.Code, e.Problem = code, problem
			if title, ok := problem["title"].(string); ok {
				e.Title = title
			}
			if detail, ok := problem["detail"].(string); ok {
				e.Detail = detail
			}
			e.Type, _ = problem["type"].(string)
			return e
		}
	}
	if len(data) > 0 {
		e.Detail = string(data[:min(len(data), 500)])
	}
	return e
}

func min(a, b int) int {
	if a < b {
		return a
	}
	return b
}

func fileOf(r *Response) *File {
	contentType := r.Header.Get("Content-Type")
	if contentType == "" {
		contentType = "application/octet-stream"
	}
	return &File{r.Body, contentType, r.Header.Get("X-Cache"), r.Header.Get("X-Request-Id"), r.Header}
}

func (c *Client) file(ctx context.Context, operationID string, params Params) (*File, error) {
	r, err := c.Call(ctx, operationID, params)
	if err != nil {
		return nil, err
	}
	return fileOf(r), nil
}

func (c *Client) json(ctx context.Context, operationID string, params Params, out any) error {
	r, err := c.Call(ctx, operationID, params)
	if err != nil {
		return err
	}
	if len(r.Body) == 0 {
		return nil
	}
	return json.Unmarshal(r.Body, out)
}

func with(params Params, name string, value any) Params {
	out := Params{name: value}
	for k, v := range params {
		if k != name {
			out[k] = v
		}
	}
	return out
}
