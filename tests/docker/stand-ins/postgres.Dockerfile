# Stand-in for postgres:15-bookworm (tests/docker/stand-ins/build.sh): Debian's PostgreSQL 15
# with the official image's interface: POSTGRES_USER/_PASSWORD/_DB, PGDATA, the postgres user.
FROM debian:bookworm-slim
RUN mkdir -p /etc/postgresql-common/createcluster.d \
  && echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.d/no-main.conf \
  && apt-get update && apt-get install -y --no-install-recommends postgresql-15 \
  && rm -rf /var/lib/apt/lists/*
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
COPY postgres.entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENTRYPOINT ["docker-entrypoint.sh"]
STOPSIGNAL SIGINT
EXPOSE 5432
CMD ["postgres"]
