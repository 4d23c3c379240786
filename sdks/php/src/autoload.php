<?php

// Without Composer: `require 'path/to/sdks/php/src/autoload.php';` (Composer users get PSR-4 from composer.json).

declare(strict_types=1);

spl_autoload_register(static function (string $class): void {
    if (str_starts_with($class, 'Glance\\')) {
        $file = __DIR__ . '/' . str_replace('\\', '/', substr($class, strlen('Glance\\'))) . '.php';
        if (is_file($file)) {
            require $file;
        }
    }
});
