// The SDK against the real API: tests/integration/sdks/go.test.ts starts the server (real
// Chromium, PostgreSQL, a real signed webhook delivery) and runs `go test` with
// GLANCE_TEST_CONFIG naming a JSON file of what it set up. Run alone, these tests fail: there is
// no server to test against.
package glance_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	glance "github.com/glance-sdk/glance-go"
)

type config struct {
	BaseURL          string `json:"base_url"`
	ThrottledBaseURL string `json:"throttled_base_url"`
	APIKey           string `json:"api_key"`
	FreeAPIKey       string `json:"free_api_key"`
	KeyID            string `json:"key_id"`
	SigningSecret    string `json:"signing_secret"`
	Fixture          string `json:"fixture"`
	TypescriptSigned struct {
		Template  string         `json:"template"`
		Variables map[string]any `json:"variables"`
		Expires   int64          `json:"expires"`
		URL       string         `json:"url"`
	} `json:"typescript_signed"`
	Webhook struct {
		JobID   string            `json:"job_id"`
		Headers map[string]string `json:"headers"`
		Body    string            `json:"body"`
		Secret  string            `json:"secret"`
	} `json:"webhook"`
}

func setup(t *testing.T) (config, *glance.Client, context.Context) {
	t.Helper()
	var c config
	data, err := os.ReadFile(os.Getenv("GLANCE_TEST_CONFIG"))
	if err != nil {
		t.Fatalf("GLANCE_TEST_CONFIG: run through tests/integration/sdks/go.test.ts (%v)", err)
	}
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	client, err := glance.New(c.APIKey, glance.WithBaseURL(c.BaseURL))
	if err != nil {
		t.Fatal(err)
	}
	return c, client, context.Background()
}

func pngSize(t *testing.T, data []byte) (uint32, uint32) {
	t.Helper()
	if !bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")) {
		t.Fatalf("not a PNG: % x", data[:min(len(data), 8)])
	}
	return binary.BigEndian.Uint32(data[16:20]), binary.BigEndian.Uint32(data[20:24])
}

func min(a, b int) int {
	if a < b {
		return a
	}
	return b
}

func glanceError(t *testing.T, err error) *glance.Error {
	t.Helper()
	var e *glance.Error
	if !errors.As(err, &e) {
		t.Fatalf("want a *glance.Error, got %v", err)
	}
	return e
}

func TestSignedURLMatchesTheTypeScriptSDKAndIsServed(t *testing.T) {
	c, _, _ := setup(t)
	signer := glance.SignOptions{KeyID: c.KeyID, SigningSecret: c.SigningSecret, Expires: time.Unix(c.TypescriptSigned.Expires, 0)}
	ours, err := glance.SignURL(c.BaseURL, "/v1/og", map[string]any{"template": c.TypescriptSigned.Template, "variables": c.TypescriptSigned.Variables}, signer)
	if err != nil || ours != c.TypescriptSigned.URL {
		t.Fatalf("signed\n %s\nthe TypeScript SDK signed\n %s (%v)", ours, c.TypescriptSigned.URL, err)
	}
	served, err := http.Get(ours)
	if err != nil || served.StatusCode != 200 || served.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("the signed URL: %v %v", served, err)
	}
	tampered := strings.Replace(ours, "accent=%23ff0000", "accent=%2300ff00", 1)
	refused, err := http.Get(tampered)
	if err != nil || tampered == ours || refused.StatusCode != 403 {
		t.Fatalf("the tampered URL: %v %v", refused, err)
	}
	var problem map[string]any
	_ = json.NewDecoder(refused.Body).Decode(&problem)
	if problem["code"] != "invalid_signature" {
		t.Fatalf("the tampered URL's problem: %v", problem)
	}
	if _, err := glance.SignURL(c.BaseURL, "/v1/jobs", nil, signer); err == nil {
		t.Fatal("/v1/jobs takes no signed URLs")
	}
}

func TestWebhookVerification(t *testing.T) {
	c, _, _ := setup(t)
	headers := http.Header{}
	for name, value := range c.Webhook.Headers {
		headers.Set(name, value)
	}
	event, err := glance.VerifyWebhook(c.Webhook.Secret, headers, []byte(c.Webhook.Body), 0, time.Time{})
	if err != nil || event.Type != "job.succeeded" || event.Data["id"] != c.Webhook.JobID {
		t.Fatalf("the real delivery: %+v %v", event, err)
	}
	refused := func(body string, h http.Header, reason string) {
		t.Helper()
		_, err := glance.VerifyWebhook(c.Webhook.Secret, h, []byte(body), 0, time.Time{})
		var e *glance.WebhookVerificationError
		if !errors.As(err, &e) || e.Reason != reason {
			t.Fatalf("want %q, got %v", reason, err)
		}
	}
	refused(strings.Replace(c.Webhook.Body, "succeeded", "failed", 1), headers, "invalid webhook signature")
	stale := headers.Clone()
	stale.Set("webhook-timestamp", fmt.Sprint(time.Now().Unix()-3600))
	refused(c.Webhook.Body, stale, "webhook timestamp out of tolerance")
	unsigned := headers.Clone()
	unsigned.Del("webhook-signature")
	refused(c.Webhook.Body, unsigned, "missing webhook headers")
}

func TestErrorsAreTypedWithTheProblemFields(t *testing.T) {
	c, client, ctx := setup(t)
	stranger, _ := glance.New("sk_live_"+strings.Repeat("x", 32), glance.WithBaseURL(c.BaseURL))
	_, err := stranger.Screenshot(ctx, glance.Params{"url": c.Fixture + "/basic.html"})
	e := glanceError(t, err)
	if e.Status != 401 || e.Code != "invalid_api_key" || e.Detail != "Invalid or revoked API key." ||
		e.Title != "Unauthorized" || e.Type != c.BaseURL+"/docs/errors#invalid_api_key" || e.RequestID == "" {
		t.Fatalf("the 401: %+v", e)
	}
	_, err = client.Screenshot(ctx, glance.Params{"url": c.Fixture + "/basic.html", "width": 99999})
	if e := glanceError(t, err); e.Status != 400 || e.Code != "parameter_out_of_range" || e.Problem["param"] != "width" {
		t.Fatalf("the 400: %+v", e)
	}
	free, _ := glance.New(c.FreeAPIKey, glance.WithBaseURL(c.BaseURL))
	_, err = free.OG(ctx, "default", map[string]any{"title": "x"}, nil)
	if e := glanceError(t, err); e.Status != 403 || e.Code != "plan_upgrade_required" {
		t.Fatalf("the 403: %+v", e)
	}
	// Names and types come from the OpenAPI document: refused before anything is sent.
	if _, err := client.Screenshot(ctx, glance.Params{"url": c.Fixture, "fullpage": true}); err == nil || !strings.Contains(err.Error(), `unknown option "fullpage"`) {
		t.Fatalf("an unknown option: %v", err)
	}
	if _, err := client.Screenshot(ctx, glance.Params{"url": c.Fixture, "width": "wide"}); err == nil || !strings.Contains(err.Error(), `"width" must be integer`) {
		t.Fatalf("a mistyped option: %v", err)
	}
}

func TestRateLimitedAnswersAreRetriedAfterRetryAfter(t *testing.T) {
	c, _, ctx := setup(t)
	impatient, _ := glance.New(c.APIKey, glance.WithBaseURL(c.ThrottledBaseURL), glance.WithMaxRetries(0))
	_, err := impatient.Usage(ctx)
	if e := glanceError(t, err); e.Status != 429 || e.Code != "rate_limited" || e.RetryAfter != 1 {
		t.Fatalf("without retries: %+v", e)
	}
	patient, _ := glance.New(c.APIKey, glance.WithBaseURL(c.ThrottledBaseURL))
	started := time.Now()
	templates, err := patient.OGTemplates(ctx)
	if err != nil || templates["templates"] == nil {
		t.Fatalf("with retries: %v %v", templates, err)
	}
	if waited := time.Since(started); waited < time.Second {
		t.Fatalf("answered after %v: Retry-After was not waited for", waited)
	}
}

func TestEndpoints(t *testing.T) {
	c, client, ctx := setup(t)
	card, err := client.OG(ctx, "default", map[string]any{"title": "Hello from Go"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if w, h := pngSize(t, card.Data); w != 1200 || h != 630 {
		t.Fatalf("og: %dx%d", w, h)
	}
	content, err := client.Content(ctx, glance.Params{"url": c.Fixture + "/content-article.html", "formats": []string{"markdown"}})
	if err != nil || !strings.Contains(fmt.Sprint(content["markdown"]), "# ") {
		t.Fatalf("content: %v %v", content, err)
	}
	job, err := client.Jobs.Create(ctx, "screenshot", glance.Params{"url": c.Fixture + "/basic.html?sdk-go-job", "width": 320, "height": 240}, nil)
	if err != nil {
		t.Fatal(err)
	}
	done, err := client.Jobs.Wait(ctx, job["id"].(string), 200*time.Millisecond)
	if err != nil || done["status"] != "succeeded" {
		t.Fatalf("job: %v %v", done, err)
	}
	result, err := client.Download(ctx, done["resultUrl"].(string))
	if err != nil {
		t.Fatal(err)
	}
	if w, h := pngSize(t, result.Data); w != 320 || h != 240 {
		t.Fatalf("job result: %dx%d", w, h)
	}
	batch, err := client.Jobs.CreateBatch(ctx, []glance.Params{{"endpoint": "og", "params": glance.Params{"template": "default", "title": "Go batch"}}}, nil)
	if err != nil || batch["size"] != float64(1) {
		t.Fatalf("batch: %v %v", batch, err)
	}
	if got, err := client.Jobs.GetBatch(ctx, batch["id"].(string)); err != nil || got["id"] != batch["id"] {
		t.Fatalf("batch: %v %v", got, err)
	}
	monitor, err := client.Monitors.Create(ctx, glance.Params{"url": c.Fixture + "/basic.html?sdk-go-monitor", "interval": 3600, "paused": true})
	if err != nil {
		t.Fatal(err)
	}
	id := monitor["id"].(string)
	if updated, err := client.Monitors.Update(ctx, id, glance.Params{"name": "Go watch"}); err != nil || updated["name"] != "Go watch" {
		t.Fatalf("monitor update: %v %v", updated, err)
	}
	if list, err := client.Monitors.List(ctx); err != nil || len(list) == 0 {
		t.Fatalf("monitors: %v %v", list, err)
	}
	if err := client.Monitors.Delete(ctx, id); err != nil {
		t.Fatal(err)
	}
	_, err = client.Monitors.Get(ctx, id)
	if e := glanceError(t, err); e.Status != 404 || e.Code != "monitor_not_found" {
		t.Fatalf("a deleted monitor: %+v", e)
	}
	usage, err := client.Usage(ctx)
	if err != nil || usage["renders"] == nil {
		t.Fatalf("usage: %v %v", usage, err)
	}
	// Any operation of the document by its operationId.
	head, err := client.Call(ctx, "renderOgImageHead", glance.Params{"template": "default", "variables": map[string]any{"title": "Hello from Go"}})
	if err != nil || head.Status != 200 || head.Header.Get("X-Cache") != "HIT" {
		t.Fatalf("HEAD /v1/og: %v %v", head, err)
	}
}
