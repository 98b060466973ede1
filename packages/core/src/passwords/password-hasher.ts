/** What checking a password against a stored hash found. */
export interface PasswordCheck {
  /** The password matches the stored hash. */
  ok: boolean;
  /**
   * The stored hash should be replaced by a fresh one (computed from the password just checked):
   * it uses another algorithm or weaker parameters than configured. Only meaningful when `ok`.
   */
  needsRehash: boolean;
}

/**
 * A password hashing scheme. The default is `createPasswordHasher()`: argon2id, from `node:crypto`
 * where it has argon2 (Node ≥ 24.7, Bun 1.4), else from `@gatehouse/argon2id` (Node 22, Deno, Workers).
 * An app with another KDF, or a hashing service, plugs its own implementation here.
 *
 * `verify` never throws for a malformed or unknown stored hash: that is `{ ok: false }`.
 *
 * @example
 * const hasher: PasswordHasher = { hash: (pw) => myKdf.hash(pw), verify: async (pw, stored) => ({ ok: await myKdf.verify(pw, stored), needsRehash: false }) }
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<PasswordCheck>;
}
