<?php

declare(strict_types=1);

namespace Glance;

/** A webhook whose headers, timestamp or signature do not verify. */
final class WebhookVerificationError extends \RuntimeException
{
}
