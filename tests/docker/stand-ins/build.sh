#!/usr/bin/env bash
# Stand-ins for the registry images the Dockerfile and compose.yaml name, for a machine that
# reaches no image registry (this one, CI): debian:bookworm-slim made with debootstrap from
# Debian's mirror and `docker import`, and postgres, redis and haproxy built on it from Debian's
# packages with the interface compose.yaml uses of the official images (their environment
# variables, paths, users and commands). A name that is already there and is not a stand-in (a
# real image pulled from a registry) is used as it is and never replaced.
# Each stand-in carries the label glance.stand-in=<hash of what built it>; the base image is
# made again only when that hash changes (dockerd's storage is kept between CI runs), the others
# are rebuilt by `docker build`, from its cache when nothing changed.
#   tests/docker/stand-ins/build.sh        (as root, with a running Docker engine)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
docker=/usr/bin/docker
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

label_of() { $docker image inspect -f '{{ index .Config.Labels "glance.stand-in" }}' "$1" 2>/dev/null || echo absent; }

# A name we may (re)build: absent, or one of ours. Anything else is a real image: keep it.
ours_or_absent() {
  local label; label="$(label_of "$1")"
  [ "$label" = absent ] || { [ -n "$label" ] && [ "$label" != "<no value>" ]; }
}

base=debian:bookworm-slim
base_hash="$(sha256sum "$here/build.sh" | cut -c1-16)"
if ! ours_or_absent "$base"; then
  echo "stand-ins: $base is a real image, using it"
elif [ "$(label_of "$base")" != "$base_hash" ]; then
  echo "stand-ins: building $base with debootstrap (bookworm, minbase)"
  rootfs="$(mktemp -d /var/tmp/glance-bookworm.XXXXXX)"
  trap 'rm -rf "$rootfs"' EXIT
  debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$rootfs.log" 2>&1 \
    || { tail -20 "$rootfs.log" >&2; exit 1; }
  rm -f "$rootfs.log"
  # As the official slim image: the three bookworm suites, and no documentation, manual pages
  # or translations from packages installed later.
  rm -f "$rootfs/etc/apt/sources.list"
  cat >"$rootfs/etc/apt/sources.list.d/debian.sources" <<SOURCES
Types: deb
URIs: $mirror
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: ${mirror%/debian}/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
  cat >"$rootfs/etc/dpkg/dpkg.cfg.d/docker" <<'DPKG'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/locale/*
DPKG
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/lib/apt/lists/* \
    "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/locale/*
  tar -C "$rootfs" -c . | $docker import \
    --change "LABEL glance.stand-in=$base_hash" --change 'CMD ["bash"]' - "$base" >/dev/null
  rm -rf "$rootfs"
  trap - EXIT
fi

for image in postgres:15-bookworm redis:7-bookworm haproxy:lts-bookworm; do
  name="${image%%:*}"
  if ! ours_or_absent "$image"; then
    echo "stand-ins: $image is a real image, using it"
    continue
  fi
  hash="$(cat "$here/build.sh" "$here/$name".* | sha256sum | cut -c1-16)"
  DOCKER_BUILDKIT=1 $docker build --quiet --label "glance.stand-in=$hash" \
    -f "$here/$name.Dockerfile" -t "$image" "$here" >/dev/null
done
echo "stand-ins: ready"
