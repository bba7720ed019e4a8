/**
 * Data carried in a URL and signed by the server, so that it comes back unchanged: the picture
 * links of inline mode and the board links of Discord. `<payload>.<signature>`, the payload
 * base64url JSON, the signature a truncated HMAC-SHA256 (base64url), compared in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Characters of the signature: 96 bits. */
export const SIGNATURE_CHARS = 16;

/** A key for one purpose, from a secret (or a token the purpose derives its own key from). */
export function purposeKey(purpose: string, secret: string): Buffer {
  return createHmac('sha256', purpose).update(secret).digest();
}

export function signature(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url').slice(0, SIGNATURE_CHARS);
}

/** `data` as `<payload>.<signature>`. */
export function signPayload(key: Buffer, data: unknown): string {
  const payload = Buffer.from(JSON.stringify(data)).toString('base64url');
  return `${payload}.${signature(key, payload)}`;
}

/**
 * The data of a signed payload (`payload` and `sig` apart), or undefined when the signature is
 * not ours, the payload longer than `maxChars` or not JSON.
 */
export function readSignedPayload(
  key: Buffer,
  payload: string,
  sig: string,
  maxChars: number,
): unknown {
  if (payload.length > maxChars) return undefined;
  const expected = Buffer.from(signature(key, payload));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
