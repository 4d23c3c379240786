#!/bin/sh
# As the official redis image: the server runs as the redis user, owning /data.
set -eu
if [ "$(id -u)" = 0 ]; then
  chown -R redis:redis /data
  exec setpriv --reuid=redis --regid=redis --init-groups "$@"
fi
exec "$@"
