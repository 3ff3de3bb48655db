// SHA-256 as lowercase hex. node:crypto takes about 5 ms to load, a few
// percent of a whole `ilo-ls check`, so it is loaded on the first hash: a
// check of a file without tools never pays for it.
import type * as Crypto from 'node:crypto';

let crypto: typeof Crypto | undefined;

export function sha256Hex(text: string): string {
  crypto ??= require('node:crypto') as typeof Crypto;
  return crypto.createHash('sha256').update(text, 'utf8').digest('hex');
}
