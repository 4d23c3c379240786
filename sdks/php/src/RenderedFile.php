<?php

declare(strict_types=1);

namespace Glance;

/** A rendered file: the bytes and what the answer's headers said about them. */
final class RenderedFile
{
    /** @param array<string, string> $headers lower-case names */
    public function __construct(
        public readonly string $data,
        public readonly string $contentType,
        /** X-Cache: "HIT" or "MISS". */
        public readonly ?string $cache,
        public readonly ?string $requestId,
        public readonly array $headers,
    ) {
    }
}
