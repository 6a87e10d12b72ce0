// The site's own time-stamping authority (RFC 3161) made with openssl: a root CA and a TSA
// certificate (extendedKeyUsage critical timeStamping), generated once into a directory and kept.
import { randomBytes, randomUUID } from 'node:crypto';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runEngine } from '../../../engines';

export interface AuthorityFiles {
  caCert: string;
  tsaCert: string;
  tsaKey: string;
}

const filesIn = (dir: string): AuthorityFiles => ({
  caCert: path.join(dir, 'ca.crt'),
  tsaCert: path.join(dir, 'tsa.crt'),
  tsaKey: path.join(dir, 'tsa.key'),
});

const CERTIFICATE_DAYS = { ca: '7300', tsa: '3650' };

async function generate(dir: string): Promise<void> {
  const files = filesIn(dir);
  const caKey = path.join(dir, 'ca.key');
  const request = path.join(dir, 'tsa.csr');
  const extensions = path.join(dir, 'tsa-extensions.cnf');
  await runEngine('openssl', [
    'req', '-x509', '-newkey', 'rsa:3072', '-nodes', '-keyout', caKey, '-out', files.caCert, '-days', CERTIFICATE_DAYS.ca,
    '-subj', '/C=CN/O=PDF365/CN=PDF365 Timestamp Root CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  await runEngine('openssl', [
    'req', '-new', '-newkey', 'rsa:2048', '-nodes', '-keyout', files.tsaKey, '-out', request,
    '-subj', '/C=CN/O=PDF365/CN=PDF365 Time Stamping Authority',
  ]);
  await writeFile(extensions, 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=critical,timeStamping\n');
  await runEngine('openssl', [
    'x509', '-req', '-in', request, '-CA', files.caCert, '-CAkey', caKey, '-set_serial', `0x${randomSerial()}`,
    '-days', CERTIFICATE_DAYS.tsa, '-sha256', '-extfile', extensions, '-out', files.tsaCert,
  ]);
  // The CA key has signed the only certificate it ever will; it is safer gone.
  await rm(caKey);
}

/** 127 random bits, positive as ASN.1 serials must be. */
function randomSerial(): string {
  const bytes = randomBytes(16);
  bytes[0] &= 0x7f;
  return bytes.toString('hex');
}

const ready = new Map<string, Promise<AuthorityFiles>>();

/** Generates into a scratch directory and renames it into place, so a half-made authority is never used. */
async function ensure(dir: string): Promise<AuthorityFiles> {
  const files = filesIn(dir);
  const exists = () => access(files.tsaCert).then(() => true, () => false);
  if (await exists()) return files;
  await mkdir(path.dirname(dir), { recursive: true });
  const scratch = `${dir}.tmp-${randomUUID()}`;
  await mkdir(scratch, { mode: 0o700 });
  try {
    await generate(scratch);
    await rename(scratch, dir);
  } catch (error) {
    await rm(scratch, { recursive: true, force: true });
    // Another process may have won the race; its authority is as good as ours.
    if (!(await exists())) throw error;
  }
  return files;
}

export function builtInAuthority(dir: string): Promise<AuthorityFiles> {
  let files = ready.get(dir);
  if (!files) {
    files = ensure(dir);
    ready.set(dir, files);
    files.catch(() => ready.delete(dir));
  }
  return files;
}

/** Signs the query with the built-in authority and returns the DER TimeStampToken. */
export async function builtInTimeStampToken(authorityDir: string, queryFile: string, workDir: string, signal?: AbortSignal): Promise<string> {
  const files = await builtInAuthority(authorityDir);
  const id = randomUUID();
  // A fresh random serial per token: no shared counter file for concurrent jobs to fight over.
  const serialFile = path.join(workDir, `tsa-serial-${id}`);
  await writeFile(serialFile, `${randomSerial()}\n`);
  const config = path.join(workDir, `tsa-${id}.cnf`);
  await writeFile(
    config,
    [
      '[ tsa ]',
      'default_tsa = built_in',
      '[ built_in ]',
      `serial = ${serialFile}`,
      'crypto_device = builtin',
      `signer_cert = ${files.tsaCert}`,
      `certs = ${files.caCert}`,
      `signer_key = ${files.tsaKey}`,
      'signer_digest = sha256',
      'default_policy = 1.2.3.4.1',
      'digests = sha256, sha384, sha512',
      'accuracy = secs:1',
      'ordering = yes',
      'tsa_name = yes',
      'ess_cert_id_chain = no',
      'ess_cert_id_alg = sha256',
      '',
    ].join('\n'),
  );
  const token = path.join(workDir, `token-${id}.der`);
  await runEngine('openssl', ['ts', '-reply', '-config', config, '-queryfile', queryFile, '-token_out', '-out', token], { signal });
  return token;
}
