package dev.glance.sdk;

import java.util.List;
import java.util.Map;

/**
 * Live browser sessions driven over the Chrome DevTools Protocol. A session's connect URL is what
 * Playwright for Java's {@code chromium().connectOverCDP(url)} and puppeteer's connect take; the
 * key never appears in it.
 */
public final class Sessions {
  private final Glance glance;

  Sessions(Glance glance) {
    this.glance = glance;
  }

  /** A session waiting for its client: its connectUrl works once, until expiresAt (a minute). */
  public Map<String, Object> create() {
    return glance.call("createSession").object();
  }

  /** The account's sessions, newest first (the latest 100). */
  @SuppressWarnings("unchecked")
  public List<Map<String, Object>> list() {
    return (List<Map<String, Object>>) glance.call("listSessions").object().getOrDefault("sessions", List.of());
  }

  public Map<String, Object> get(String id) {
    return glance.call("getSession", Glance.params("id", id)).object();
  }

  /** Ends the session; its client sees the WebSocket close with code 4004. */
  public void delete(String id) {
    glance.call("deleteSession", Glance.params("id", id));
  }

  /** A new session's single-use WebSocket URL (ws:// or wss://). */
  public String connectUrl() {
    return (String) create().get("connectUrl");
  }
}
