package glance

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"
)

// Screenshot captures a page (url) or HTML (html) as png, jpg, webp or pdf.
func (c *Client) Screenshot(ctx context.Context, params Params) (*File, error) {
	return c.file(ctx, "captureScreenshotFromBody", params)
}

// ScreenshotMetadata: the same capture answered as JSON metadata with the stored file's URL.
func (c *Client) ScreenshotMetadata(ctx context.Context, params Params) (map[string]any, error) {
	var out map[string]any
	return out, c.json(ctx, "captureScreenshotFromBody", with(params, "response", "json"), &out)
}

// OG renders an Open Graph image of template with its variables (Pro plan or higher).
func (c *Client) OG(ctx context.Context, template string, variables map[string]any, options Params) (*File, error) {
	return c.file(ctx, "renderOgImage", with(with(options, "template", template), "variables", variables))
}

// OGMetadata: the same image answered as JSON metadata.
func (c *Client) OGMetadata(ctx context.Context, template string, variables map[string]any, options Params) (map[string]any, error) {
	var out map[string]any
	params := with(with(with(options, "template", template), "variables", variables), "response", "json")
	return out, c.json(ctx, "renderOgImage", params, &out)
}

// OGTemplates lists the built-in templates and their variables.
func (c *Client) OGTemplates(ctx context.Context) (map[string]any, error) {
	var out map[string]any
	return out, c.json(ctx, "listOgTemplates", nil, &out)
}

// Content answers a page as data: Markdown, HTML, text, links, metadata (the formats asked for).
func (c *Client) Content(ctx context.Context, params Params) (map[string]any, error) {
	var out map[string]any
	return out, c.json(ctx, "getPageContentFromBody", with(params, "response", "json"), &out)
}

// Animate records a page: mp4, webm or gif.
func (c *Client) Animate(ctx context.Context, params Params) (*File, error) {
	return c.file(ctx, "recordAnimationFromBody", params)
}

// AnimateMetadata: the same recording answered as JSON metadata.
func (c *Client) AnimateMetadata(ctx context.Context, params Params) (map[string]any, error) {
	var out map[string]any
	return out, c.json(ctx, "recordAnimationFromBody", with(params, "response", "json"), &out)
}

// Diff compares two captures (compareUrl) or a capture with a reference (compareTo).
func (c *Client) Diff(ctx context.Context, params Params) (map[string]any, error) {
	var out map[string]any
	return out, c.json(ctx, "diffPagesFromBody", params, &out)
}

// Usage: the account's usage this month.
func (c *Client) Usage(ctx context.Context) (map[string]any, error) {
	var out map[string]any
	return out, c.json(ctx, "getUsage", nil, &out)
}

// Download fetches a stored result by its URL (a job's resultUrl, metadata's imageUrl).
func (c *Client) Download(ctx context.Context, fileURL string) (*File, error) {
	parsed, err := url.Parse(fileURL)
	if err != nil || !strings.HasPrefix(parsed.Path, "/v1/files/") {
		return nil, fmt.Errorf("glance: not a result file URL: %s", fileURL)
	}
	return c.file(ctx, "getFile", Params{"file": strings.TrimPrefix(parsed.Path, "/v1/files/")})
}

// Jobs: renders that may outlive an HTTP request (D20).
type Jobs struct{ c *Client }

// Create starts a render of endpoint (screenshot, og, content, animate); answered at once with the queued job.
func (j *Jobs) Create(ctx context.Context, endpoint string, params Params, options Params) (map[string]any, error) {
	var out map[string]any
	return out, j.c.json(ctx, "createJob", with(with(options, "endpoint", endpoint), "params", params), &out)
}

// Get answers a job.
func (j *Jobs) Get(ctx context.Context, id string) (map[string]any, error) {
	var out map[string]any
	return out, j.c.json(ctx, "getJob", Params{"id": id}, &out)
}

// Wait polls until the job has succeeded or failed and answers it (a failed job carries error).
func (j *Jobs) Wait(ctx context.Context, id string, interval time.Duration) (map[string]any, error) {
	for {
		job, err := j.Get(ctx, id)
		if err != nil {
			return nil, err
		}
		if job["status"] == "succeeded" || job["status"] == "failed" {
			return job, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(interval):
		}
	}
}

// CreateBatch starts up to 100 jobs at once.
func (j *Jobs) CreateBatch(ctx context.Context, jobs []Params, options Params) (map[string]any, error) {
	var out map[string]any
	return out, j.c.json(ctx, "createJobBatch", with(options, "jobs", jobs), &out)
}

// GetBatch answers a batch with its counts.
func (j *Jobs) GetBatch(ctx context.Context, id string) (map[string]any, error) {
	var out map[string]any
	return out, j.c.json(ctx, "getJobBatch", Params{"id": id}, &out)
}

// Monitors: pages captured on a schedule and compared with their last capture (D27).
type Monitors struct{ c *Client }

func (m *Monitors) one(ctx context.Context, operationID string, params Params) (map[string]any, error) {
	var out map[string]any
	return out, m.c.json(ctx, operationID, params, &out)
}

func (m *Monitors) Create(ctx context.Context, params Params) (map[string]any, error) {
	return m.one(ctx, "createMonitor", params)
}

func (m *Monitors) List(ctx context.Context) ([]any, error) {
	out, err := m.one(ctx, "listMonitors", nil)
	monitors, _ := out["monitors"].([]any)
	return monitors, err
}

func (m *Monitors) Get(ctx context.Context, id string) (map[string]any, error) {
	return m.one(ctx, "getMonitor", Params{"id": id})
}

func (m *Monitors) Update(ctx context.Context, id string, changes Params) (map[string]any, error) {
	return m.one(ctx, "updateMonitor", with(changes, "id", id))
}

func (m *Monitors) Delete(ctx context.Context, id string) error {
	_, err := m.c.Call(ctx, "deleteMonitor", Params{"id": id})
	return err
}

// Run runs a monitor now; answered with the queued run.
func (m *Monitors) Run(ctx context.Context, id string) (map[string]any, error) {
	return m.one(ctx, "runMonitor", Params{"id": id})
}

func (m *Monitors) Runs(ctx context.Context, id string) ([]any, error) {
	out, err := m.one(ctx, "listMonitorRuns", Params{"id": id})
	runs, _ := out["runs"].([]any)
	return runs, err
}
