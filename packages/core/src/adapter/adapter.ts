/**
 * The storage interface, with Auth.js's method names and shapes (protocol.md §9), so an official
 * Auth.js adapter package plugs in unchanged. Gatehouse always hands adapters *hashed* session and
 * verification tokens: a database leak yields no usable session or sign-in link.
 */

export interface AdapterUser {
  id: string;
  name?: string | null;
  email: string;
  emailVerified: Date | null;
  image?: string | null;
}

export interface AdapterAccount {
  userId: string;
  type: "oauth" | "oidc" | "email" | "credentials" | "webauthn";
  provider: string;
  providerAccountId: string;
  refresh_token?: string | null;
  access_token?: string | null;
  /** Epoch seconds. */
  expires_at?: number | null;
  token_type?: string | null;
  scope?: string | null;
  id_token?: string | null;
  session_state?: string | null;
}

export interface AdapterSession {
  /** Gatehouse stores the SHA-256 of the cookie's token here, never the token itself. */
  sessionToken: string;
  userId: string;
  expires: Date;
}

export interface VerificationToken {
  identifier: string;
  /** Hashed. */
  token: string;
  expires: Date;
}

type Awaitable<T> = T | PromiseLike<T>;

/**
 * Auth.js adapters declare some methods as returning `void`; keeping `void` in these unions is what
 * lets an official adapter package satisfy this interface unchanged.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: compatibility with Auth.js adapter signatures
type Done<T> = void | T | null | undefined;

/** What Gatehouse calls on storage. Every method may be sync or async. */
export interface Adapter {
  createUser?(user: Omit<AdapterUser, "id"> & { id?: string }): Awaitable<AdapterUser>;
  getUser?(id: string): Awaitable<AdapterUser | null>;
  getUserByEmail?(email: string): Awaitable<AdapterUser | null>;
  getUserByAccount?(
    providerAccountId: Pick<AdapterAccount, "provider" | "providerAccountId">,
  ): Awaitable<AdapterUser | null>;
  updateUser?(user: Partial<AdapterUser> & Pick<AdapterUser, "id">): Awaitable<AdapterUser>;
  deleteUser?(userId: string): Awaitable<Done<AdapterUser>>;
  linkAccount?(account: AdapterAccount): Awaitable<Done<AdapterAccount>>;
  unlinkAccount?(
    providerAccountId: Pick<AdapterAccount, "provider" | "providerAccountId">,
  ): Awaitable<Done<AdapterAccount>>;
  createSession?(session: AdapterSession): Awaitable<AdapterSession>;
  getSessionAndUser?(sessionToken: string): Awaitable<{ session: AdapterSession; user: AdapterUser } | null>;
  updateSession?(
    session: Partial<AdapterSession> & Pick<AdapterSession, "sessionToken">,
  ): Awaitable<AdapterSession | null | undefined>;
  deleteSession?(sessionToken: string): Awaitable<Done<AdapterSession>>;
  createVerificationToken?(token: VerificationToken): Awaitable<VerificationToken | null | undefined>;
  useVerificationToken?(params: { identifier: string; token: string }): Awaitable<VerificationToken | null>;

  // --- Gatehouse extensions: optional; official Auth.js adapters simply lack them. ---
  /**
   * Creates the user and the account in one transaction. When a concurrent first sign-in of the same
   * account won, it returns that owner instead of failing. An email taken by another user rejects
   * with an error whose `code` is `"EmailTaken"`.
   */
  createUserAndAccount?(
    user: Omit<AdapterUser, "id">,
    account: Omit<AdapterAccount, "userId">,
  ): Promise<AdapterUser>;
  /** Deletes expired sessions and verification tokens; returns how many sessions went. */
  deleteExpiredSessions?(now: Date): Promise<number>;
}
