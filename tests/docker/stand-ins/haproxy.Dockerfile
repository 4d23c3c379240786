# Stand-in for haproxy:lts-bookworm (tests/docker/stand-ins/build.sh): Debian's HAProxy (an LTS
# branch) with the official image's interface: the configuration at
# /usr/local/etc/haproxy/haproxy.cfg, the haproxy user, master-worker mode in the foreground.
FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends haproxy \
  && rm -rf /var/lib/apt/lists/* && mkdir -p /usr/local/etc/haproxy
USER haproxy
WORKDIR /var/lib/haproxy
STOPSIGNAL SIGUSR1
CMD ["haproxy", "-W", "-db", "-f", "/usr/local/etc/haproxy/haproxy.cfg"]
