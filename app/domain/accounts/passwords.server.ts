// Password hashing with PBKDF2-SHA-256 through WebCrypto, the strongest KDF Workers offer.
// The record keeps its parameters ("pbkdf2-sha256$<iterations>$<salt>$<hash>") so the cost
// can be raised later and old hashes still verify.

import { timingSafeEqual } from "#app/domain/shared/constant-time";

/** Cloudflare Workers refuse more than 100,000 PBKDF2 iterations (local workerd does not). */
export const MAX_PBKDF2_ITERATIONS = 100_000;
export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;

if (PBKDF2_ITERATIONS > MAX_PBKDF2_ITERATIONS) {
  throw new Error("PBKDF2 iterations exceed the Workers limit of 100,000");
}

const encoder = new TextEncoder();

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  if (iterations > MAX_PBKDF2_ITERATIONS) throw new Error("PBKDF2 iteration count too high");
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: salt as BufferSource, iterations },
    key,
    HASH_BITS,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, PBKDF2_ITERATIONS);
  return `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${toBase64(salt)}$${toBase64(hash)}`;
}

export async function verifyPassword(password: string, record: string | null | undefined): Promise<boolean> {
  if (!record) return false;
  const [scheme, iterationsText, saltText, hashText] = record.split("$");
  const iterations = Number(iterationsText);
  if (scheme !== "pbkdf2-sha256" || !Number.isInteger(iterations) || !saltText || !hashText) return false;
  if (iterations < 1 || iterations > MAX_PBKDF2_ITERATIONS) return false;
  const expected = fromBase64(hashText);
  const actual = await derive(password, fromBase64(saltText), iterations);
  return timingSafeEqual(actual, expected);
}
