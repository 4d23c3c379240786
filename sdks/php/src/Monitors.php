<?php

declare(strict_types=1);

namespace Glance;

/** Pages captured on a schedule and compared with their last capture. */
final class Monitors
{
    public function __construct(private readonly Client $client)
    {
    }

    public function create(array $options): array
    {
        return $this->client->call('createMonitor', $options)->json();
    }

    public function list(): array
    {
        return $this->client->call('listMonitors')->json()['monitors'] ?? [];
    }

    public function get(string $id): array
    {
        return $this->client->call('getMonitor', ['id' => $id])->json();
    }

    public function update(string $id, array $changes): array
    {
        return $this->client->call('updateMonitor', ['id' => $id] + $changes)->json();
    }

    public function delete(string $id): void
    {
        $this->client->call('deleteMonitor', ['id' => $id]);
    }

    /** Runs a monitor now; answered with the queued run. */
    public function run(string $id): array
    {
        return $this->client->call('runMonitor', ['id' => $id])->json();
    }

    public function runs(string $id): array
    {
        return $this->client->call('listMonitorRuns', ['id' => $id])->json()['runs'] ?? [];
    }
}
