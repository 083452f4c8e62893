import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts small JSON values (AES-256-GCM) with a key derived (HKDF-SHA256) from a server secret
 * and a purpose, so one secret yields unrelated keys for unrelated uses. `context` is bound as
 * additional data: a value sealed for one session cannot be opened as another's.
 *
 * Every replica holding the same secret opens what another sealed. Changing the secret makes
 * earlier values unreadable (`open` answers null): the sessions holding them simply end.
 */
export class TokenSealer {
  private readonly key: Buffer;

  constructor(secret: string, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'clearroom', purpose, 32));
  }

  seal(value: unknown, context = ''): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /** The value, or null when it was not sealed by this key for this context, or was altered. */
  open<T>(sealed: string, context = ''): T | null {
    if (!sealed.startsWith(`${VERSION}.`)) return null;
    const bytes = Buffer.from(sealed.slice(VERSION.length + 1), 'base64url');
    if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      const plain = Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]);
      return JSON.parse(plain.toString('utf8')) as T;
    } catch {
      return null;
    }
  }
}
