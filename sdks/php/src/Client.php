<?php

declare(strict_types=1);

namespace Glance;

/**
 * The API client: any operation of the OpenAPI document by its operationId (call), a method per
 * operation, the key in X-API-Key, problem+json answers thrown as GlanceError, and 429/503 answers
 * retried after their Retry-After. PHP's own HTTP streams: no extension beyond json and hash.
 */
final class Client
{
    public const VERSION = '0.1.0';

    public readonly string $baseUrl;
    public readonly Jobs $jobs;
    public readonly Monitors $monitors;
    public readonly Sessions $sessions;

    /**
     * @param int $maxRetries how often a 429 or 503 answer is tried again, after its Retry-After
     * @param int $maxRetryDelay the longest Retry-After waited for, in seconds; a longer one is thrown
     */
    public function __construct(
        private readonly string $apiKey,
        string $baseUrl = 'https://glance.example',
        private readonly int $maxRetries = 2,
        private readonly int $maxRetryDelay = 60,
        private readonly float $timeout = 180.0,
    ) {
        if ($apiKey === '') {
            throw new \InvalidArgumentException('the API key is required');
        }
        $this->baseUrl = rtrim($baseUrl, '/');
        $this->jobs = new Jobs($this);
        $this->monitors = new Monitors($this);
        $this->sessions = new Sessions($this);
    }

    /**
     * Sends the operation $operationId (as the OpenAPI document names it) with $params; path
     * parameters ({id}) are taken from $params. Unknown names and wrong types are refused before sending.
     */
    public function call(string $operationId, array $params = []): Response
    {
        $op = Operations::ALL[$operationId] ?? throw new \InvalidArgumentException("unknown operation $operationId");
        $path = $op['path'];
        $options = [];
        foreach ($params as $name => $value) {
            if ($value === null) {
                continue;
            }
            if (in_array($name, $op['pathParams'], true)) {
                $path = str_replace('{' . $name . '}', rawurlencode((string) $value), $path);
                continue;
            }
            $type = $op['params'][$name] ?? throw new \InvalidArgumentException("$operationId: unknown option '$name'");
            if (!Query::hasType($value, $type)) {
                throw new \InvalidArgumentException("$operationId: option '$name' must be $type, not " . get_debug_type($value));
            }
            $options[$name] = $value;
        }
        if (str_contains($path, '{')) {
            throw new \InvalidArgumentException("$operationId: missing " . implode(', ', $op['pathParams']));
        }
        $url = $this->baseUrl . $path;
        $body = null;
        if ($op['body']) {
            $body = json_encode((object) $options, JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR);
        } elseif ($options !== []) {
            $url .= '?' . implode('&', array_map(static fn (array $p): string => rawurlencode($p[0]) . '=' . rawurlencode($p[1]), Query::pairs($options)));
        }
        return $this->send($op['method'], $url, $body);
    }

    private function send(string $method, string $url, ?string $body): Response
    {
        $headers = ['X-API-Key: ' . $this->apiKey, 'User-Agent: glance-sdk-php/' . self::VERSION];
        if ($body !== null) {
            $headers[] = 'Content-Type: application/json';
        }
        for ($attempt = 0; ; $attempt++) {
            $context = stream_context_create(['http' => [
                'method' => $method,
                'header' => $headers,
                'content' => $body ?? '',
                'ignore_errors' => true,
                'follow_location' => 0,
                'timeout' => $this->timeout,
            ]]);
            $content = @file_get_contents($url, false, $context);
            $lines = function_exists('http_get_last_response_headers') ? http_get_last_response_headers() : ($http_response_header ?? null);
            if ($content === false || !$lines) {
                throw new \RuntimeException("could not reach $url: " . (error_get_last()['message'] ?? 'no answer'));
            }
            [$status, $answerHeaders] = self::parseHeaders($lines);
            if ($status < 300) {
                return new Response($status, $answerHeaders, $content);
            }
            $error = self::errorOf($status, $answerHeaders, $content);
            // 429 and 503 say "not now" and were not acted on: worth another try after the wait they name.
            $wait = $error->retryAfter ?? 2 ** $attempt;
            if (($status !== 429 && $status !== 503) || $attempt >= $this->maxRetries || $wait > $this->maxRetryDelay) {
                throw $error;
            }
            sleep($wait);
        }
    }

    /** @return array{0: int, 1: array<string, string>} */
    private static function parseHeaders(array $lines): array
    {
        preg_match('#^HTTP/\S+\s+(\d{3})#', (string) $lines[0], $m);
        $headers = [];
        foreach (array_slice($lines, 1) as $line) {
            [$name, $value] = array_pad(explode(':', (string) $line, 2), 2, '');
            $headers[strtolower(trim($name))] = trim($value);
        }
        return [(int) ($m[1] ?? 0), $headers];
    }

    private static function errorOf(int $status, array $headers, string $content): GlanceError
    {
        $retryAfter = null;
        $value = trim($headers['retry-after'] ?? '');
        if (ctype_digit($value)) {
            $retryAfter = (int) $value;
        } elseif ($value !== '' && ($at = strtotime($value)) !== false) {
            $retryAfter = max(0, $at - time());
        }
        $requestId = $headers['x-request-id'] ?? null;
        if (str_contains($headers['content-type'] ?? '', 'json')) {
            $problem = json_decode($content, true);
            if (is_array($problem) && is_string($problem['code'] ?? null)) {
                return new GlanceError($status, $problem, $requestId, $retryAfter);
            }
        }
        return new GlanceError($status, null, $requestId, $retryAfter, $content === '' ? null : substr($content, 0, 500));
    }

    /** A capture of a page (url) or of HTML (html) as png, jpg, webp or pdf. */
    public function screenshot(array $options): RenderedFile
    {
        return $this->call('captureScreenshotFromBody', $options)->file();
    }

    /** The same capture, answered as JSON metadata with the stored file's URL. */
    public function screenshotMetadata(array $options): array
    {
        return $this->call('captureScreenshotFromBody', ['response' => 'json'] + $options)->json();
    }

    /** An Open Graph image of $template with its $variables (Pro plan or higher). */
    public function og(string $template, array $variables = [], array $options = []): RenderedFile
    {
        return $this->call('renderOgImage', ['template' => $template, 'variables' => $variables] + $options)->file();
    }

    public function ogMetadata(string $template, array $variables = [], array $options = []): array
    {
        return $this->call('renderOgImage', ['template' => $template, 'variables' => $variables, 'response' => 'json'] + $options)->json();
    }

    /** The built-in templates and their variables. */
    public function ogTemplates(): array
    {
        return $this->call('listOgTemplates')->json();
    }

    /** A page as data: Markdown, HTML, text, links, metadata (the formats asked for). */
    public function content(array $options): array
    {
        return $this->call('getPageContentFromBody', ['response' => 'json'] + $options)->json();
    }

    /** A recording of a page: mp4, webm or gif. */
    public function animate(array $options): RenderedFile
    {
        return $this->call('recordAnimationFromBody', $options)->file();
    }

    public function animateMetadata(array $options): array
    {
        return $this->call('recordAnimationFromBody', ['response' => 'json'] + $options)->json();
    }

    /** A visual comparison of two captures (compareUrl) or of a capture with a reference (compareTo). */
    public function diff(array $options): array
    {
        return $this->call('diffPagesFromBody', $options)->json();
    }

    /** The account's usage this month. */
    public function usage(): array
    {
        return $this->call('getUsage')->json();
    }

    /** A stored result by its URL (a job's resultUrl, metadata's imageUrl). */
    public function download(string $url): RenderedFile
    {
        $path = (string) parse_url($url, PHP_URL_PATH);
        if (!str_starts_with($path, '/v1/files/')) {
            throw new \InvalidArgumentException("not a result file URL: $url");
        }
        return $this->call('getFile', ['file' => rawurldecode(substr($path, strlen('/v1/files/')))])->file();
    }
}
