<?php

declare(strict_types=1);

namespace Glance;

/** Options as the API reads them in a query: OG variables become parameters of their own. */
final class Query
{
    /** @return list<array{0: string, 1: string}> */
    public static function pairs(array $options): array
    {
        $pairs = [];
        foreach ($options as $name => $value) {
            if ($value === null) {
                continue;
            }
            if ($name === 'variables' && is_array($value)) {
                array_push($pairs, ...self::pairs($value));
            } else {
                $pairs[] = [(string) $name, self::text($value)];
            }
        }
        return $pairs;
    }

    public static function text(mixed $value): string
    {
        if (is_bool($value)) {
            return $value ? 'true' : 'false';
        }
        if (is_array($value) || is_object($value)) {
            // A JSON-valued parameter (headers, cookies) given as an array: the query carries JSON.
            return json_encode($value, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR);
        }
        if (is_float($value) && floor($value) === $value && abs($value) < 1e15) {
            return (string) (int) $value;
        }
        return (string) $value;
    }

    /** Whether $value is of the generated parameter type (a JSON type, "any", or a union "a|b"). */
    public static function hasType(mixed $value, string $types): bool
    {
        foreach (explode('|', $types) as $type) {
            $ok = match ($type) {
                'any' => true,
                'string' => is_string($value),
                'integer' => is_int($value),
                'number' => is_int($value) || is_float($value),
                'boolean' => is_bool($value),
                'array' => is_array($value) && array_is_list($value),
                'object' => (is_array($value) && ($value === [] || !array_is_list($value))) || is_object($value),
                default => false,
            };
            if ($ok) {
                return true;
            }
        }
        return false;
    }
}
