<?php

declare(strict_types=1);

namespace Glance;

/**
 * An error answer of the API: its problem+json body (RFC 9457) with the stable code. When
 * something other than the API answered (a proxy's HTML page), code is "http_error".
 */
final class GlanceError extends \RuntimeException
{
    public readonly int $status;
    public readonly string $errorCode;
    public readonly string $title;
    public readonly string $detail;
    /** The docs' link for this error (/docs/errors#<code>). */
    public readonly ?string $type;
    /** X-Request-Id of the answer: quote it when asking for help. */
    public readonly ?string $requestId;
    /** Retry-After of the answer in seconds, when it had one. */
    public readonly ?int $retryAfter;
    /** The whole problem+json body (some errors add fields, e.g. param). */
    public readonly ?array $problem;

    public function __construct(int $status, ?array $problem, ?string $requestId, ?int $retryAfter, ?string $fallbackDetail = null)
    {
        $this->status = $status;
        $this->errorCode = is_string($problem['code'] ?? null) ? $problem['code'] : 'http_error';
        $this->title = is_string($problem['title'] ?? null) ? $problem['title'] : "HTTP $status";
        $this->detail = is_string($problem['detail'] ?? null) ? $problem['detail'] : ($fallbackDetail ?? "HTTP $status");
        $this->type = is_string($problem['type'] ?? null) ? $problem['type'] : null;
        $this->requestId = $requestId;
        $this->retryAfter = $retryAfter;
        $this->problem = $problem;
        parent::__construct("$status {$this->errorCode}: {$this->detail}", $status);
    }
}
