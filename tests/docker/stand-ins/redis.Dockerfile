# Stand-in for redis:7-bookworm (tests/docker/stand-ins/build.sh): Debian's Redis 7 with the
# official image's interface: data in /data, runs as the redis user, `redis-server [options]`.
FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends redis-server \
  && rm -rf /var/lib/apt/lists/* && mkdir /data && chown redis:redis /data
WORKDIR /data
COPY redis.entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENTRYPOINT ["docker-entrypoint.sh"]
EXPOSE 6379
CMD ["redis-server"]
