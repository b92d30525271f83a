/**
 * Certificates made at test time with the openssl command line, the way a user with their own CA
 * makes them: a CA, and a server certificate it signs for 127.0.0.1 and localhost. A process
 * trusts the CA through NODE_EXTRA_CA_CERTS (https://nodejs.org/api/cli.html#node_extra_ca_certsfile).
 * `untrusted` is the same kind of certificate signed by another CA, one nobody was told to trust.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface ServerCertificate {
  key: string;
  cert: string;
}

export interface TestCertificates {
  /** The CA's certificate (PEM file): NODE_EXTRA_CA_CERTS. */
  caFile: string;
  /** Signed by that CA, for 127.0.0.1 and localhost. */
  trusted: ServerCertificate;
  /** For the same names, signed by a CA that is not in caFile. */
  untrusted: ServerCertificate;
}

function openssl(dir: string, ...args: string[]): void {
  execFileSync("openssl", args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
}

function ca(dir: string, name: string): void {
  openssl(
    dir,
    ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
    ...["-keyout", `${name}.key`, "-out", `${name}.pem`, "-days", "2", "-subj", `/CN=${name}`],
    ...["-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign"],
  );
}

function signedBy(dir: string, caName: string, name: string): ServerCertificate {
  openssl(
    dir,
    ...["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
    ...["-keyout", `${name}.key`, "-out", `${name}.csr`, "-subj", "/CN=localhost"],
  );
  writeFileSync(
    join(dir, `${name}.ext`),
    "subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n",
  );
  openssl(
    dir,
    ...["x509", "-req", "-in", `${name}.csr`, "-CA", `${caName}.pem`, "-CAkey", `${caName}.key`],
    ...["-CAcreateserial", "-out", `${name}.pem`, "-days", "2", "-extfile", `${name}.ext`],
  );
  return {
    key: readFileSync(join(dir, `${name}.key`), "utf8"),
    cert: readFileSync(join(dir, `${name}.pem`), "utf8"),
  };
}

export function makeTestCertificates(): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), "test-ca-"));
  ca(dir, "home-ca");
  ca(dir, "other-ca");
  return {
    caFile: join(dir, "home-ca.pem"),
    trusted: signedBy(dir, "home-ca", "server"),
    untrusted: signedBy(dir, "other-ca", "stranger"),
  };
}
