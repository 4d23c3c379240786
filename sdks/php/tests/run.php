<?php

/**
 * The SDK against the real API: tests/integration/sdks/php.test.ts starts the server (real
 * Chromium, PostgreSQL, a real signed webhook delivery) and runs `php tests/run.php` with
 * GLANCE_TEST_CONFIG naming a JSON file of what it set up. PHPUnit is not on a bare PHP, so each
 * test_* function here runs in turn; the runner prints "ok"/"not ok" per test and fails on any
 * failure. Run alone, it fails: there is no server to test against.
 */

declare(strict_types=1);

require __DIR__ . '/../src/autoload.php';

use Glance\Client;
use Glance\GlanceError;
use Glance\Signing;
use Glance\Webhooks;
use Glance\WebhookVerificationError;

function check(bool $condition, string $what): void
{
    if (!$condition) {
        throw new AssertionError($what);
    }
}

function thrown(callable $call, string $class): Throwable
{
    try {
        $call();
    } catch (Throwable $error) {
        check($error instanceof $class, "want $class, got " . get_class($error) . ': ' . $error->getMessage());
        return $error;
    }
    throw new AssertionError("want $class, nothing was thrown");
}

function png_size(string $data): array
{
    check(str_starts_with($data, "\x89PNG\r\n\x1a\n"), 'not a PNG');
    return array_values(unpack('N2', substr($data, 16, 8)));
}

/** GET without the key: [status, content-type, body]. */
function fetch(string $url): array
{
    $body = file_get_contents($url, false, stream_context_create(['http' => ['ignore_errors' => true]]));
    preg_match('#^HTTP/\S+\s+(\d{3})#', $http_response_header[0], $m);
    $type = '';
    foreach ($http_response_header as $line) {
        if (stripos($line, 'content-type:') === 0) {
            $type = trim(substr($line, 13));
        }
    }
    return [(int) $m[1], $type, $body];
}

$path = getenv('GLANCE_TEST_CONFIG');
if (!$path) {
    fwrite(STDERR, "GLANCE_TEST_CONFIG is not set: run through tests/integration/sdks/php.test.ts\n");
    exit(1);
}
$C = json_decode(file_get_contents($path), true, 512, JSON_THROW_ON_ERROR);

function test_signed_url_matches_the_typescript_sdk_and_is_served(array $C): void
{
    $signed = $C['typescript_signed'];
    $ours = Signing::signUrl($C['base_url'], '/v1/og', ['template' => $signed['template'], 'variables' => $signed['variables']], $C['key_id'], $C['signing_secret'], $signed['expires']);
    check($ours === $signed['url'], "signed $ours, the TypeScript SDK signed {$signed['url']}");
    [$status, $type] = fetch($ours);
    check([$status, $type] === [200, 'image/png'], "the signed URL: $status $type");
    $tampered = str_replace('accent=%23ff0000', 'accent=%2300ff00', $ours);
    check($tampered !== $ours, 'tampered');
    [$status, , $body] = fetch($tampered);
    check($status === 403 && json_decode($body, true)['code'] === 'invalid_signature', "the tampered URL: $status $body");
    thrown(fn () => Signing::signUrl($C['base_url'], '/v1/jobs', [], 'k', 's'), InvalidArgumentException::class);
}

function test_webhook_verification(array $C): void
{
    $hook = $C['webhook'];
    $event = Webhooks::verify($hook['secret'], $hook['headers'], $hook['body']);
    check($event['type'] === 'job.succeeded' && $event['data']['id'] === $hook['job_id'], 'the real delivery');
    $e = thrown(fn () => Webhooks::verify($hook['secret'], $hook['headers'], str_replace('succeeded', 'failed', $hook['body'])), WebhookVerificationError::class);
    check($e->getMessage() === 'invalid webhook signature', $e->getMessage());
    $stale = ['webhook-timestamp' => (string) (time() - 3600)] + $hook['headers'];
    $e = thrown(fn () => Webhooks::verify($hook['secret'], $stale, $hook['body']), WebhookVerificationError::class);
    check($e->getMessage() === 'webhook timestamp out of tolerance', $e->getMessage());
    $unsigned = $hook['headers'];
    unset($unsigned['webhook-signature']);
    $e = thrown(fn () => Webhooks::verify($hook['secret'], $unsigned, $hook['body']), WebhookVerificationError::class);
    check($e->getMessage() === 'missing webhook headers', $e->getMessage());
}

function test_errors_are_typed_with_the_problem_fields(array $C): void
{
    $stranger = new Client('sk_live_' . str_repeat('x', 32), $C['base_url']);
    $e = thrown(fn () => $stranger->screenshot(['url' => $C['fixture'] . '/basic.html']), GlanceError::class);
    check([$e->status, $e->errorCode, $e->title, $e->detail] === [401, 'invalid_api_key', 'Unauthorized', 'Invalid or revoked API key.'], $e->getMessage());
    check($e->type === $C['base_url'] . '/docs/errors#invalid_api_key' && $e->requestId !== null && $e->requestId !== '', 'type and request id');
    $glance = new Client($C['api_key'], $C['base_url']);
    $e = thrown(fn () => $glance->screenshot(['url' => $C['fixture'] . '/basic.html', 'width' => 99999]), GlanceError::class);
    check([$e->status, $e->errorCode, $e->problem['param']] === [400, 'parameter_out_of_range', 'width'], $e->getMessage());
    $free = new Client($C['free_api_key'], $C['base_url']);
    $e = thrown(fn () => $free->og('default', ['title' => 'x']), GlanceError::class);
    check([$e->status, $e->errorCode] === [403, 'plan_upgrade_required'], $e->getMessage());
    // Names and types come from the OpenAPI document: refused before anything is sent.
    $e = thrown(fn () => $glance->screenshot(['url' => $C['fixture'], 'fullpage' => true]), InvalidArgumentException::class);
    check(str_contains($e->getMessage(), "unknown option 'fullpage'"), $e->getMessage());
    $e = thrown(fn () => $glance->screenshot(['url' => $C['fixture'], 'width' => 'wide']), InvalidArgumentException::class);
    check(str_contains($e->getMessage(), "'width' must be integer"), $e->getMessage());
}

function test_rate_limited_answers_are_retried_after_retry_after(array $C): void
{
    $impatient = new Client($C['api_key'], $C['throttled_base_url'], maxRetries: 0);
    $e = thrown(fn () => $impatient->usage(), GlanceError::class);
    check([$e->status, $e->errorCode, $e->retryAfter] === [429, 'rate_limited', 1], $e->getMessage());
    $started = microtime(true);
    $templates = (new Client($C['api_key'], $C['throttled_base_url']))->ogTemplates();
    check(isset($templates['templates']), 'the templates after the retry');
    check(microtime(true) - $started >= 1, 'Retry-After was not waited for');
}

function test_endpoints(array $C): void
{
    $glance = new Client($C['api_key'], $C['base_url']);
    check(png_size($glance->og('default', ['title' => 'Hello from PHP'])->data) === [1200, 630], 'og');
    $content = $glance->content(['url' => $C['fixture'] . '/content-article.html', 'formats' => ['markdown']]);
    check(preg_match('/^# /m', $content['markdown']) === 1, 'content');
    $job = $glance->jobs->create('screenshot', ['url' => $C['fixture'] . '/basic.html?sdk-php-job', 'width' => 320, 'height' => 240]);
    $done = $glance->jobs->wait($job['id'], 0.2);
    check($done['status'] === 'succeeded', 'job');
    check(png_size($glance->download($done['resultUrl'])->data) === [320, 240], 'job result');
    $batch = $glance->jobs->createBatch([['endpoint' => 'og', 'params' => ['template' => 'default', 'title' => 'PHP batch']]]);
    check($batch['size'] === 1 && $glance->jobs->getBatch($batch['id'])['id'] === $batch['id'], 'batch');
    $monitor = $glance->monitors->create(['url' => $C['fixture'] . '/basic.html?sdk-php-monitor', 'interval' => 3600, 'paused' => true]);
    check($glance->monitors->update($monitor['id'], ['name' => 'PHP watch'])['name'] === 'PHP watch', 'monitor update');
    check(in_array($monitor['id'], array_column($glance->monitors->list(), 'id'), true), 'monitor list');
    $glance->monitors->delete($monitor['id']);
    $e = thrown(fn () => $glance->monitors->get($monitor['id']), GlanceError::class);
    check([$e->status, $e->errorCode] === [404, 'monitor_not_found'], $e->getMessage());
    check(isset($glance->usage()['renders']), 'usage');
    // Any operation of the document by its operationId.
    $head = $glance->call('renderOgImageHead', ['template' => 'default', 'variables' => ['title' => 'Hello from PHP']]);
    check($head->status === 200 && ($head->headers['x-cache'] ?? '') === 'HIT', 'HEAD /v1/og');
}

/** The connect URL opens a WebSocket (as a CDP client's handshake does); the session is live, listed, then ended. */
function test_sessions(array $C): void
{
    $sessions = (new Client($C['api_key'], $C['base_url']))->sessions;
    $url = parse_url($sessions->connectUrl());
    check($url['scheme'] === 'ws' && $url['path'] === '/v1/browser', 'connect URL');
    parse_str($url['query'], $query);
    $id = $query['session'];
    $socket = stream_socket_client("tcp://{$url['host']}:{$url['port']}", $errno, $errstr, 30);
    check($socket !== false, "connect: $errstr");
    fwrite($socket, "GET {$url['path']}?{$url['query']} HTTP/1.1\r\nHost: {$url['host']}:{$url['port']}\r\n"
        . "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        . "Sec-WebSocket-Version: 13\r\n\r\n");
    check(str_starts_with((string) fgets($socket), 'HTTP/1.1 101'), 'handshake');
    check($sessions->get($id)['status'] === 'live', 'live session');
    check(in_array($id, array_column($sessions->list(), 'id'), true), 'session list');
    $sessions->delete($id);
    for ($i = 0; $i < 100 && $sessions->get($id)['status'] !== 'ended'; $i++) {
        usleep(100_000);
    }
    $ended = $sessions->get($id);
    check([$ended['status'], $ended['endReason']] === ['ended', 'deleted'], 'deleted session');
    fclose($socket);
    $e = thrown(fn () => $sessions->get('bs_0000000000000000'), GlanceError::class);
    check([$e->status, $e->errorCode] === [404, 'session_not_found'], $e->getMessage());
}

$failed = 0;
foreach (get_defined_functions()['user'] as $function) {
    if (!str_starts_with($function, 'test_')) {
        continue;
    }
    try {
        $function($C);
        echo "ok - $function\n";
    } catch (Throwable $error) {
        $failed++;
        echo "not ok - $function: " . get_class($error) . ': ' . $error->getMessage() . "\n";
    }
}
echo $failed === 0 ? "all passed\n" : "$failed failed\n";
exit($failed === 0 ? 0 : 1);
