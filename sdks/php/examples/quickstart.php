<?php

// A screenshot with the SDK: GLANCE_API_KEY=sk_live_… GLANCE_BASE_URL=https://glance.example.com
// php examples/quickstart.php https://example.com — writes screenshot.png here.

declare(strict_types=1);

require __DIR__ . '/../src/autoload.php';

use Glance\Client;
use Glance\GlanceError;

$glance = new Client((string) getenv('GLANCE_API_KEY'), getenv('GLANCE_BASE_URL') ?: 'https://glance.example');
$page = $argv[1] ?? 'https://example.com';

$shot = $glance->screenshot(['url' => $page, 'width' => 1280, 'height' => 800, 'format' => 'png']);
file_put_contents('screenshot.png', $shot->data);
printf("screenshot.png: %d bytes (cache %s)\n", strlen($shot->data), $shot->cache);

try {
    $glance->screenshot(['url' => $page, 'width' => 99999]);
} catch (GlanceError $error) {
    printf("refused: %d %s\n", $error->status, $error->errorCode);
}
