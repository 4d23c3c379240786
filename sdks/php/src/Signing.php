<?php

declare(strict_types=1);

namespace Glance;

/**
 * Signed URLs (the server's D15): usable in an <img src> or og:image without the API key. The
 * canonical form is the server's (lib/signing/canonical-query.ts):
 * 1. the query's name/value pairs, without signature (key_id and expires are signed);
 * 2. sorted by name, then value, comparing UTF-8 bytes;
 * 3. each name and value percent-encoded outside RFC 3986's unreserved set, upper-case hex;
 * 4. the string to sign is <path>?<name=value&...>;
 * 5. signature = lower-case hex HMAC-SHA256 under the key's signing secret.
 */
final class Signing
{
    public const SIGNABLE_PATHS = ['/v1/screenshot', '/v1/og', '/v1/content', '/v1/animate'];

    /** @param iterable<array{0: string, 1: string}> $pairs */
    public static function canonicalQuery(iterable $pairs): string
    {
        $kept = [];
        foreach ($pairs as [$name, $value]) {
            if ($name !== 'signature') {
                $kept[] = [$name, $value];
            }
        }
        // strcmp compares bytes: UTF-8 order.
        usort($kept, static fn (array $a, array $b): int => strcmp($a[0], $b[0]) ?: strcmp($a[1], $b[1]));
        return implode('&', array_map(static fn (array $p): string => rawurlencode($p[0]) . '=' . rawurlencode($p[1]), $kept));
    }

    /**
     * A signed URL: <baseUrl><path>?<canonical query>&signature=<hex>. $params are the endpoint's
     * parameters as the API spells them; for /v1/og the template's variables go in 'variables'
     * or beside 'template'. $expires: a DateTimeInterface or unix seconds; null for no expiry.
     */
    public static function signUrl(string $baseUrl, string $path, array $params, string $keyId, string $signingSecret, \DateTimeInterface|int|null $expires = null): string
    {
        if (!in_array($path, self::SIGNABLE_PATHS, true)) {
            throw new \InvalidArgumentException('signed URLs are for ' . implode(', ', self::SIGNABLE_PATHS) . ", not $path");
        }
        $pairs = array_values(array_filter(Query::pairs($params), static fn (array $p): bool => !in_array($p[0], ['key_id', 'expires', 'signature'], true)));
        $pairs[] = ['key_id', $keyId];
        if ($expires !== null) {
            $pairs[] = ['expires', (string) ($expires instanceof \DateTimeInterface ? $expires->getTimestamp() : $expires)];
        }
        $canonical = self::canonicalQuery($pairs);
        $signature = hash_hmac('sha256', "$path?$canonical", $signingSecret);
        return rtrim($baseUrl, '/') . "$path?$canonical&signature=$signature";
    }
}
