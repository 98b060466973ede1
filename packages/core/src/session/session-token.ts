import { base64url } from "jose";
import { sha256Hex } from "../lib/sha256.ts";

/** 256 random bits, base64url: far beyond guessing, and short enough for one cookie. */
export function createSessionToken(): string {
  return base64url.encode(crypto.getRandomValues(new Uint8Array(32)));
}

/** Only tokens of our own shape are looked up: garbage in a cookie never reaches the database. */
export function isSessionTokenShape(value: string): boolean {
  return value.length === 43 && /^[A-Za-z0-9_-]+$/.test(value);
}

/**
 * The database keeps only SHA-256 of the token: a leaked table cannot be replayed as cookies. A
 * plain hash suffices (no salt or stretching) because the token is 256 random bits, not a password.
 */
export function hashToken(token: string): Promise<string> {
  return sha256Hex(token);
}
