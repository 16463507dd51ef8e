// A TOTP code (RFC 6238: SHA-1, 6 digits, 30 seconds) from a base32 key, as an authenticator app
// makes it: the journeys and the bench sign the seeded admin in with it.
import { createHmac } from "node:crypto";

/** The code an authenticator app shows for a base32 key (RFC 6238: HMAC-SHA-1, 6 digits, 30 s), a step later with `offset`. */
export function totpCode(secret: string, offset = 0, now = Date.now()): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const bits = [...secret.replace(/[\s=]/g, "").toUpperCase()]
    .map((char) => alphabet.indexOf(char).toString(2).padStart(5, "0"))
    .join("");
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 30_000) + offset));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offsetByte = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offsetByte) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}
