# frozen_string_literal: true

module Glance
  # Live browser sessions driven over the Chrome DevTools Protocol. A session's connect URL is what
  # Ferrum's ws_url, puppeteer's connect and Playwright's connectOverCDP take; the key never
  # appears in it.
  class Sessions
    def initialize(client) = @client = client
    # A session waiting for its client: its connectUrl works once, until expiresAt (a minute).
    def create = @client.call("createSession").json
    # The account's sessions, newest first (the latest 100).
    def list = @client.call("listSessions").json.fetch("sessions", [])
    def get(id) = @client.call("getSession", "id" => id).json
    # Ends the session; its client sees the WebSocket close with code 4004.
    def delete(id) = @client.call("deleteSession", "id" => id) && nil
    # A new session's single-use WebSocket URL (ws:// or wss://).
    def connect_url = create.fetch("connectUrl")
  end
end
