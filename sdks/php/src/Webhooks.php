<?php

declare(strict_types=1);

namespace Glance;

/**
 * Verifying a webhook delivery (Standard Webhooks, as the server signs them). The signed content
 * is webhook-id.webhook-timestamp.body; webhook-signature holds one or more space-separated
 * v1,<base64 HMAC-SHA256> (two while a rolled secret's predecessor still signs), keyed with the
 * base64-decoded part of the whsec_ secret.
 */
final class Webhooks
{
    /** Deliveries signed longer ago (or further ahead) than this are refused: a replay. */
    public const DEFAULT_TOLERANCE_SECONDS = 300;

    /**
     * Checks a delivery and returns its parsed event; throws WebhookVerificationError otherwise.
     * $body must be the raw request body exactly as received (file_get_contents('php://input')).
     * $headers: name => value, any case (getallheaders() or your framework's).
     */
    public static function verify(string $secret, array $headers, string $body, int $toleranceSeconds = self::DEFAULT_TOLERANCE_SECONDS, ?int $now = null): array
    {
        $lower = [];
        foreach ($headers as $name => $value) {
            $lower[strtolower((string) $name)] = is_array($value) ? ($value[0] ?? '') : (string) $value;
        }
        $id = $lower['webhook-id'] ?? '';
        $timestamp = $lower['webhook-timestamp'] ?? '';
        $signatures = $lower['webhook-signature'] ?? '';
        if ($id === '' || $timestamp === '' || $signatures === '') {
            throw new WebhookVerificationError('missing webhook headers');
        }
        if (!ctype_digit($timestamp)) {
            throw new WebhookVerificationError('invalid webhook timestamp');
        }
        if (abs(($now ?? time()) - (int) $timestamp) > $toleranceSeconds) {
            throw new WebhookVerificationError('webhook timestamp out of tolerance');
        }
        $key = base64_decode(str_starts_with($secret, 'whsec_') ? substr($secret, 6) : $secret, true);
        if ($key === false) {
            throw new WebhookVerificationError('the secret is not a whsec_ base64 secret');
        }
        $expected = hash_hmac('sha256', "$id.$timestamp.$body", $key, true);
        foreach (explode(' ', $signatures) as $entry) {
            [$version, $signature] = array_pad(explode(',', $entry, 2), 2, '');
            $given = base64_decode($signature, true);
            if ($version === 'v1' && $given !== false && hash_equals($expected, $given)) {
                return json_decode($body, true, 512, JSON_THROW_ON_ERROR);
            }
        }
        throw new WebhookVerificationError('invalid webhook signature');
    }
}
