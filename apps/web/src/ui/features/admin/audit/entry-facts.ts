/** One fact of an audit entry's `detail`, as stored: a key and a plain value. */
export interface EntryFact {
  key: string;
  value: string | number | boolean | null;
}

/** Shown first, in this order; the rest follow as stored. */
const ORDER = ["reason", "method", "provider", "secondFactor", "from", "to", "count", "all", "name"];
/** Ids that mean nothing to a person reading the log. */
const HIDDEN = new Set(["passkeyId"]);
/** Keys whose null is a fact ("no role"), not a gap. */
const NULL_MEANS_NONE = new Set(["from", "to"]);
/** Marks that say something only when set: "new account: no" on every sign-in would be noise. */
const FLAGS = new Set([
  "newUser",
  "lockout",
  "locked",
  "current",
  "others",
  "everywhere",
  "device",
  // What a claim of an unverified account removed (unverified-account-claimed).
  "password",
  "twoFactor",
  "profile",
  "fresh",
]);

/**
 * The facts of an audit entry worth showing, in a steady order: plain values only (the server's
 * detail holds nothing else; anything odd is skipped, not shown as "[object Object]"), and a mark
 * such as `newUser` only when it is set; a second factor that is the method itself (a passkey) once.
 *
 * @example entryFacts({ to: "admin", from: null, passkeyId: "p1" }) // [{ key: "from", value: null }, { key: "to", value: "admin" }]
 */
export function entryFacts(detail: Record<string, unknown>): EntryFact[] {
  const rank = (key: string) => {
    const index = ORDER.indexOf(key);
    return index === -1 ? ORDER.length : index;
  };
  return Object.entries(detail)
    .filter(([key, value]) => {
      if (HIDDEN.has(key) || (FLAGS.has(key) && value === false)) return false;
      // A passkey that verified the user is both factors at once: "Method: Passkey" says it all,
      // and "Second factor: Passkey" beside it would say it twice.
      if (key === "secondFactor" && value === detail.method) return false;
      if (value === null) return NULL_MEANS_NONE.has(key);
      return ["string", "number", "boolean"].includes(typeof value) && value !== "";
    })
    .map(([key, value]) => ({ key, value: value as EntryFact["value"] }))
    .sort((a, b) => rank(a.key) - rank(b.key));
}
