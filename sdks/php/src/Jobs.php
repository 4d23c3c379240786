<?php

declare(strict_types=1);

namespace Glance;

/** Renders that may outlive an HTTP request (async jobs and batches). */
final class Jobs
{
    public function __construct(private readonly Client $client)
    {
    }

    /** Starts a render of $endpoint (screenshot, og, content, animate); answered at once with the queued job. */
    public function create(string $endpoint, array $params, array $options = []): array
    {
        return $this->client->call('createJob', ['endpoint' => $endpoint, 'params' => (object) $params] + $options)->json();
    }

    public function get(string $id): array
    {
        return $this->client->call('getJob', ['id' => $id])->json();
    }

    /** Polls until the job has succeeded or failed and returns it (a failed job carries error). */
    public function wait(string $id, float $interval = 1.0, float $timeout = 600.0): array
    {
        $until = microtime(true) + $timeout;
        while (true) {
            $job = $this->get($id);
            if ($job['status'] === 'succeeded' || $job['status'] === 'failed') {
                return $job;
            }
            if (microtime(true) > $until) {
                throw new \RuntimeException("job $id still {$job['status']} after $timeout s");
            }
            usleep((int) ($interval * 1e6));
        }
    }

    /** Starts up to 100 jobs at once. */
    public function createBatch(array $jobs, array $options = []): array
    {
        return $this->client->call('createJobBatch', ['jobs' => array_values($jobs)] + $options)->json();
    }

    public function getBatch(string $id): array
    {
        return $this->client->call('getJobBatch', ['id' => $id])->json();
    }
}
