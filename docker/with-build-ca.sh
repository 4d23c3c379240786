#!/bin/sh
# Build stages only (D29): runs one command trusting, besides the image's own CA certificates,
# those passed as the build secret `build_ca` (a PEM bundle), for a build machine that reaches
# the registries through a TLS-intercepting proxy. The bundle is read from the secret mount and a
# file under /tmp that is removed before the step ends, so no layer keeps it; without the secret
# the command runs as it is. Neither image needs it.
set -eu
if [ -s /run/secrets/build_ca ]; then
  bundle=$(mktemp)
  trap 'rm -f "$bundle"' EXIT
  cat /etc/ssl/certs/ca-certificates.crt /run/secrets/build_ca > "$bundle"
  # curl, and npm (Node adds NODE_EXTRA_CA_CERTS to its own roots).
  CURL_CA_BUNDLE="$bundle" NODE_EXTRA_CA_CERTS=/run/secrets/build_ca "$@"
else
  exec "$@"
fi
