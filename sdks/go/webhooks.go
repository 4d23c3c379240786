package glance

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Verifying a webhook delivery (Standard Webhooks, as the server signs them). The signed content
// is webhook-id.webhook-timestamp.body; webhook-signature holds one or more space-separated
// v1,<base64 HMAC-SHA256> (two while a rolled secret's predecessor still signs), keyed with the
// base64-decoded part of the whsec_ secret.

// DefaultWebhookTolerance: deliveries signed longer ago (or further ahead) are refused as replays.
const DefaultWebhookTolerance = 5 * time.Minute

// WebhookEvent is a verified delivery's body.
type WebhookEvent struct {
	Type      string         `json:"type"`
	Timestamp string         `json:"timestamp"`
	Data      map[string]any `json:"data"`
}

// VerifyWebhook checks a delivery (body exactly as received) and answers its event, or a
// *WebhookVerificationError. now is the time to check the timestamp against (zero: now).
func VerifyWebhook(secret string, headers http.Header, body []byte, tolerance time.Duration, now time.Time) (*WebhookEvent, error) {
	id, timestamp, signatures := headers.Get("webhook-id"), headers.Get("webhook-timestamp"), headers.Get("webhook-signature")
	if id == "" || timestamp == "" || signatures == "" {
		return nil, &WebhookVerificationError{"missing webhook headers"}
	}
	seconds, err := strconv.ParseInt(timestamp, 10, 64)
	if err != nil || strings.ContainsAny(timestamp, "+-") {
		return nil, &WebhookVerificationError{"invalid webhook timestamp"}
	}
	if tolerance == 0 {
		tolerance = DefaultWebhookTolerance
	}
	if now.IsZero() {
		now = time.Now()
	}
	if math.Abs(float64(now.Unix()-seconds)) > tolerance.Seconds() {
		return nil, &WebhookVerificationError{"webhook timestamp out of tolerance"}
	}
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	if err != nil {
		return nil, &WebhookVerificationError{"the secret is not a whsec_ base64 secret"}
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id + "." + timestamp + "."))
	mac.Write(body)
	expected := mac.Sum(nil)
	for _, entry := range strings.Split(signatures, " ") {
		version, signature, found := strings.Cut(entry, ",")
		if !found || version != "v1" {
			continue
		}
		given, err := base64.StdEncoding.DecodeString(signature)
		if err == nil && hmac.Equal(given, expected) {
			var event WebhookEvent
			if err := json.Unmarshal(body, &event); err != nil {
				return nil, &WebhookVerificationError{"the body is not JSON"}
			}
			return &event, nil
		}
	}
	return nil, &WebhookVerificationError{"invalid webhook signature"}
}
