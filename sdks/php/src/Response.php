<?php

declare(strict_types=1);

namespace Glance;

/** A successful answer of Client::call. */
final class Response
{
    /** @param array<string, string> $headers lower-case names */
    public function __construct(public readonly int $status, public readonly array $headers, public readonly string $body)
    {
    }

    public function json(): mixed
    {
        return $this->body === '' ? null : json_decode($this->body, true, 512, JSON_THROW_ON_ERROR);
    }

    public function file(): RenderedFile
    {
        return new RenderedFile($this->body, $this->headers['content-type'] ?? 'application/octet-stream', $this->headers['x-cache'] ?? null, $this->headers['x-request-id'] ?? null, $this->headers);
    }
}
