package glance

import (
	"context"
	"fmt"
)

// Sessions: live browser sessions driven over the Chrome DevTools Protocol (D39). A session's
// connect URL is what chromedp's NewRemoteAllocator, puppeteer's connect and Playwright's
// connectOverCDP take; the key never appears in it.
type Sessions struct{ c *Client }

func (s *Sessions) one(ctx context.Context, operationID string, params Params) (map[string]any, error) {
	var out map[string]any
	return out, s.c.json(ctx, operationID, params, &out)
}

// Create answers a session waiting for its client: its connectUrl works once, until expiresAt (a minute).
func (s *Sessions) Create(ctx context.Context) (map[string]any, error) {
	return s.one(ctx, "createSession", nil)
}

// List answers the account's sessions, newest first (the latest 100).
func (s *Sessions) List(ctx context.Context) ([]any, error) {
	out, err := s.one(ctx, "listSessions", nil)
	sessions, _ := out["sessions"].([]any)
	return sessions, err
}

func (s *Sessions) Get(ctx context.Context, id string) (map[string]any, error) {
	return s.one(ctx, "getSession", Params{"id": id})
}

// Delete ends the session; its client sees the WebSocket close with code 4004.
func (s *Sessions) Delete(ctx context.Context, id string) error {
	_, err := s.c.Call(ctx, "deleteSession", Params{"id": id})
	return err
}

// ConnectURL answers a new session's single-use WebSocket URL (ws:// or wss://).
func (s *Sessions) ConnectURL(ctx context.Context) (string, error) {
	created, err := s.Create(ctx)
	if err != nil {
		return "", err
	}
	url, ok := created["connectUrl"].(string)
	if !ok {
		return "", fmt.Errorf("glance: the created session has no connectUrl")
	}
	return url, nil
}
