/**
 * A throwaway CA and a server certificate for img.test / 127.0.0.1, made with openssl for the
 * isolated run. The inner Node process trusts the CA through NODE_EXTRA_CA_CERTS, so safeFetch's
 * TLS verification runs for real against the pinned address.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";

export const TLS_DIR_ENV = "GLANCE_TEST_TLS_DIR";

export function makeTestCertificates(dir: string): { caFile: string } {
  const f = (name: string) => path.join(dir, name);
  const run = (...args: string[]) => execFileSync("openssl", args, { stdio: "ignore" });
  run(
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "2",
    "-subj",
    "/CN=Glance test CA",
    "-keyout",
    f("ca.key"),
    "-out",
    f("ca.pem"),
  );
  run(
    "req",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-subj",
    "/CN=img.test",
    "-keyout",
    f("server.key"),
    "-out",
    f("server.csr"),
  );
  writeFileSync(f("ext.cnf"), "subjectAltName=DNS:img.test,IP:127.0.0.1\nbasicConstraints=CA:FALSE\n");
  run(
    "x509",
    "-req",
    "-in",
    f("server.csr"),
    "-CA",
    f("ca.pem"),
    "-CAkey",
    f("ca.key"),
    "-CAcreateserial",
    "-days",
    "2",
    "-extfile",
    f("ext.cnf"),
    "-out",
    f("server.pem"),
  );
  return { caFile: f("ca.pem") };
}
