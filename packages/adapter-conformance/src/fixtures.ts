import type {
  AdapterAccount,
  AdapterUser,
  StoredPasskey,
  StoredSessionRecord,
} from "@gatehouse/core/adapter";

/** A short random tag: every case makes its own identities, so cases never see each other's rows. */
export function tag(): string {
  return crypto.randomUUID().slice(0, 8);
}

export function newUser(label = "user"): Omit<AdapterUser, "id"> {
  const t = tag();
  return {
    name: `${label} ${t}`,
    email: `${label}-${t}@example.test`,
    // Whole milliseconds: what every database here round-trips exactly.
    emailVerified: new Date(Date.UTC(2025, 0, 2, 3, 4, 5, 678)),
    image: `https://example.test/${t}.png`,
  };
}

export function newAccount(userId: string, provider = "github"): AdapterAccount {
  return { userId, ...newIdentity(provider) };
}

/** An account as a first sign-in has it: before there is a user to own it. */
export function newIdentity(provider = "github"): Omit<AdapterAccount, "userId"> {
  const t = tag();
  return {
    type: "oauth",
    provider,
    providerAccountId: `acct-${t}`,
    refresh_token: `refresh-${t}`,
    access_token: `access-${t}`,
    expires_at: 1_900_000_000,
    token_type: "bearer",
    scope: "read:user user:email",
    id_token: null,
    session_state: null,
  };
}

/** A session token as Gatehouse passes it: already hashed (hex SHA-256 length). */
export function hashedToken(): string {
  return (crypto.randomUUID() + crypto.randomUUID()).replaceAll("-", "");
}

export function inMinutes(minutes: number, from = Date.now()): Date {
  return new Date(Math.floor(from / 1000) * 1000 + minutes * 60_000);
}

/** The Auth.js user fields only, so an adapter's extra columns don't fail a deep comparison. */
export function userFields(user: AdapterUser | null | undefined): Partial<AdapterUser> | null {
  if (user === null || user === undefined) return null;
  const { id, name, email, emailVerified, image } = user;
  return { id, name, email, emailVerified, image };
}

/** A passkey as core stores it after a verified registration; ids are random, so cases never meet. */
export function newPasskey(userId: string, overrides: Partial<StoredPasskey> = {}): StoredPasskey {
  const t = tag();
  return {
    id: `cred-${t}${tag()}_-`,
    userId,
    publicKey: `pQECAyYgASFYIK${t}`,
    counter: 0,
    transports: ["internal", "hybrid"],
    deviceType: "multiDevice",
    backedUp: true,
    name: `Laptop ${t}`,
    // Whole milliseconds: what every database here round-trips exactly.
    createdAt: new Date(Date.UTC(2025, 0, 2, 3, 4, 5, 678)),
    lastUsedAt: null,
    ...overrides,
  };
}

/** A session record's public id, 22 characters as core's (hex is base64url too). */
export function recordId(): string {
  return crypto.randomUUID().replaceAll("-", "").slice(0, 22);
}

/** A jwt session's record (no token hash), signed in at a fixed time; ids are random. */
export function newSessionRecord(
  userId: string,
  overrides: Partial<StoredSessionRecord> = {},
): StoredSessionRecord {
  const at = new Date(Date.UTC(2025, 0, 2, 3, 4, 5, 678));
  return {
    id: recordId(),
    userId,
    sessionTokenHash: null,
    createdAt: at,
    lastActiveAt: at,
    // Whole milliseconds, far ahead: live at any `now` a case passes unless it says otherwise.
    expires: new Date(Date.UTC(2099, 0, 1, 0, 0, 0, 1)),
    ip: "203.0.113.7",
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0",
    method: "password",
    secondFactor: null,
    ...overrides,
  };
}
