/**
 * Child process that runs browserless for the tests and the fleet benchmark
 * (tests/support/remote-browsers.ts forks it): the launcher compose.yaml's browser image runs
 * (docker/browserless/server.mjs), on the project's own @browserless.io/browserless.
 */
import "../../docker/browserless/server.mjs";
