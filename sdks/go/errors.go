package glance

import "fmt"

// Error is an error answer of the API: its problem+json body (RFC 9457) with the stable Code.
// When something other than the API answered (a proxy's HTML page), Code is "http_error".
type Error struct {
	Status int
	Code   string
	Title  string
	Detail string
	// Type is the docs' link for this error (/docs/errors#<code>).
	Type string
	// RequestID is the answer's X-Request-Id: quote it when asking for help.
	RequestID string
	// RetryAfter is the answer's Retry-After in seconds, or -1 when it had none.
	RetryAfter int
	// Problem is the whole problem+json body (some errors add fields, e.g. param); nil when not JSON.
	Problem map[string]any
}

func (e *Error) Error() string { return fmt.Sprintf("%d %s: %s", e.Status, e.Code, e.Detail) }

// WebhookVerificationError: a webhook whose headers, timestamp or signature do not verify.
type WebhookVerificationError struct{ Reason string }

func (e *WebhookVerificationError) Error() string { return e.Reason }
