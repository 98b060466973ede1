import { array, boolean, number, parseOk, record, string, stringOrNull } from "./narrow.ts";
import { getJson, postAction, type RequestOptions } from "./request.ts";

/** The signed-in user as `GET account` describes them. */
export interface AccountUser {
  id: string;
  email: string | null;
  name: string | null;
  /** The picture's URL (https), or null. */
  image: string | null;
  /** ISO-8601, when the address was confirmed; null when it is not. */
  emailVerified: string | null;
  /** The stored role (`admin`, or another the site assigns), or null. */
  role: string | null;
  /**
   * An administrator (by role, or by a verified address in `admin.bootstrapEmails`): the console
   * offers the admin console. Only a hint — the admin API decides again on every call.
   */
  admin: boolean;
}

/** A provider account linked to the user, or one that could be. */
export interface ProviderRef {
  id: string;
  name: string;
  type: string;
}

/** `GET account`: the user, how they can sign in, what they could link, and how recent their sign-in is. */
export interface Account {
  user: AccountUser;
  methods: {
    password: boolean;
    passkeys: number;
    twoFactor: boolean;
    providers: ProviderRef[];
  };
  linkable: ProviderRef[];
  recentSignIn: {
    /** Sensitive actions go through without asking again. */
    fresh: boolean;
    until: string | null;
    /** Seconds a sign-in counts as recent. */
    maxAge: number;
  };
}

function parseUser(value: unknown): AccountUser {
  const user = record(value, "user");
  const verified = user.emailVerified;
  return {
    id: string(user.id, "user.id"),
    email: stringOrNull(user.email, "user.email"),
    name: stringOrNull(user.name, "user.name"),
    image: stringOrNull(user.image, "user.image") || null,
    // Auth.js adapters keep a date; a JSON answer carries its ISO string (or, loosely, `true`).
    emailVerified: typeof verified === "string" ? verified : verified ? "" : null,
    // A server from before roles sends neither: no role, no administrator.
    role: stringOrNull(user.role, "user.role") || null,
    admin: user.admin === undefined ? false : boolean(user.admin, "user.admin"),
  };
}

/** A linked account is `{ provider, name, type }`; a linkable one `{ id, name, type }`. */
function parseProvider(value: unknown): ProviderRef {
  const entry = record(value, "provider");
  const id = string(entry.provider ?? entry.id, "provider id");
  return {
    id,
    name: typeof entry.name === "string" && entry.name ? entry.name : id,
    type: String(entry.type ?? ""),
  };
}

export function parseAccount(body: unknown): Account {
  const answer = record(body, "account");
  const methods = record(answer.methods, "methods");
  const recent = record(answer.recentSignIn, "recentSignIn");
  return {
    user: parseUser(answer.user),
    methods: {
      password: boolean(methods.password, "methods.password"),
      passkeys: number(methods.passkeys, "methods.passkeys"),
      twoFactor: boolean(methods.twoFactor, "methods.twoFactor"),
      providers: array(methods.providers, "methods.providers", parseProvider),
    },
    linkable: array(answer.linkable ?? [], "linkable", parseProvider),
    recentSignIn: {
      fresh: boolean(recent.fresh, "recentSignIn.fresh"),
      until: stringOrNull(recent.until, "recentSignIn.until"),
      maxAge: number(recent.maxAge, "recentSignIn.maxAge"),
    },
  };
}

/**
 * `GET account`.
 * @example const account = await fetchAccount()
 */
export function fetchAccount(options?: RequestOptions): Promise<Account> {
  return getJson("/account", parseAccount, options);
}

/**
 * `POST account-update`: the name and the picture's URL (https, or "" for none). Answers the saved
 * values (the server tidies the name's spaces; an empty one is none).
 * @example const { name, image } = await updateProfile({ name: "Ada", image: "" })
 */
export async function updateProfile(
  profile: { name: string; image: string },
  options?: RequestOptions,
): Promise<Pick<AccountUser, "name" | "image">> {
  return postAction(
    "/account-update",
    profile,
    (body) => {
      const user = record(record(body, "answer").user, "user");
      return {
        name: stringOrNull(user.name, "user.name"),
        image: stringOrNull(user.image, "user.image") || null,
      };
    },
    options,
  );
}

/**
 * `POST email-change`: mails a confirmation link to `email` (and a notice to the current address);
 * the address changes only when the link is opened, whose page then offers to go to `callbackUrl`.
 * Needs a recent sign-in.
 * @example await requestEmailChange({ email: "ada@example.com", callbackUrl: `${location.origin}/account/profile` })
 */
export function requestEmailChange(
  change: { email: string; callbackUrl: string },
  options?: RequestOptions,
): Promise<{ ok: true }> {
  return postAction("/email-change", change, parseOk, options);
}

/**
 * `POST account-unlink`: 409 `LastSignInMethod` when it is the last way to sign in.
 * @example await unlinkProvider("github")
 */
export function unlinkProvider(provider: string, options?: RequestOptions): Promise<{ ok: true }> {
  return postAction("/account-unlink", { provider }, parseOk, options);
}

/**
 * `POST account-delete`, with the account's address typed as the confirmation; the server removes
 * everything and clears the session cookie. Needs a recent sign-in.
 * @example await deleteAccount("ada@example.com")
 */
export function deleteAccount(confirm: string, options?: RequestOptions): Promise<{ ok: true }> {
  return postAction("/account-delete", { confirm }, parseOk, options);
}

/** What proves it is still the person: the password, or a code of the authenticator app (or a backup code). */
export type Reauthentication = { password: string } | { code: string };

/**
 * `POST reauthenticate`: makes the sign-in recent again, so a sensitive action can go through.
 * @example await reauthenticate({ password })
 */
export async function reauthenticate(
  proof: Reauthentication,
  options?: RequestOptions,
): Promise<{ until: string | null }> {
  return postAction(
    "/reauthenticate",
    proof,
    (body) => {
      parseOk(body);
      return { until: stringOrNull(record(body, "answer").until, "until") };
    },
    options,
  );
}
