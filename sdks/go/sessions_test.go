package glance_test

import (
	"bufio"
	"net"
	"net/url"
	"strings"
	"testing"
	"time"
)

// A session made through the SDK: its connect URL opens a WebSocket (as a CDP client's handshake
// does), the session is live, listed, then ended through the API.
func TestSessions(t *testing.T) {
	_, client, ctx := setup(t)
	connect, err := client.Sessions.ConnectURL(ctx)
	if err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(connect)
	if err != nil || u.Scheme != "ws" || u.Path != "/v1/browser" {
		t.Fatalf("connect URL: %q %v", connect, err)
	}
	id := u.Query().Get("session")
	conn, err := net.DialTimeout("tcp", u.Host, 30*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_, err = conn.Write([]byte("GET " + u.RequestURI() + " HTTP/1.1\r\nHost: " + u.Host +
		"\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(30 * time.Second))
	status, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil || !strings.HasPrefix(status, "HTTP/1.1 101") {
		t.Fatalf("handshake: %q %v", status, err)
	}
	if got, err := client.Sessions.Get(ctx, id); err != nil || got["status"] != "live" {
		t.Fatalf("live session: %v %v", got, err)
	}
	list, err := client.Sessions.List(ctx)
	if err != nil || !strings.Contains(fmtIDs(list), id) {
		t.Fatalf("sessions: %v %v", list, err)
	}
	if err := client.Sessions.Delete(ctx, id); err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	for i := 0; i < 100; i++ {
		if got, err = client.Sessions.Get(ctx, id); err == nil && got["status"] == "ended" {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if got["endReason"] != "deleted" {
		t.Fatalf("deleted session: %v %v", got, err)
	}
	_, err = client.Sessions.Get(ctx, "bs_0000000000000000")
	if e := glanceError(t, err); e.Status != 404 || e.Code != "session_not_found" {
		t.Fatalf("an unknown session: %+v", e)
	}
}

func fmtIDs(list []any) string {
	ids := []string{}
	for _, one := range list {
		if m, ok := one.(map[string]any); ok {
			ids = append(ids, m["id"].(string))
		}
	}
	return strings.Join(ids, ",")
}
