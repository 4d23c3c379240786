<?php

declare(strict_types=1);

namespace Glance;

/**
 * Live browser sessions driven over the Chrome DevTools Protocol. A session's connect URL is what
 * chrome-php's BrowserFactory::connectToBrowser, puppeteer's connect and Playwright's
 * connectOverCDP take; the key never appears in it.
 */
final class Sessions
{
    public function __construct(private readonly Client $client)
    {
    }

    /** A session waiting for its client: its connectUrl works once, until expiresAt (a minute). */
    public function create(): array
    {
        return $this->client->call('createSession')->json();
    }

    /** The account's sessions, newest first (the latest 100). */
    public function list(): array
    {
        return $this->client->call('listSessions')->json()['sessions'] ?? [];
    }

    public function get(string $id): array
    {
        return $this->client->call('getSession', ['id' => $id])->json();
    }

    /** Ends the session; its client sees the WebSocket close with code 4004. */
    public function delete(string $id): void
    {
        $this->client->call('deleteSession', ['id' => $id]);
    }

    /** A new session's single-use WebSocket URL (ws:// or wss://). */
    public function connectUrl(): string
    {
        return $this->create()['connectUrl'];
    }
}
