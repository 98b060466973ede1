/**
 * Whether a refused action needs a recent sign-in: the server's 403 `ReauthenticationRequired`. The
 * @gatehouse/react functions (passkeys, two-factor, password) map a code they do not list to
 * `Default`, keeping the status: a 403 of theirs with an unknown code is that one too.
 *
 * @example needsReauthentication({ code: error.code, status: error.status })
 */
export function needsReauthentication({ code, status }: { code: string; status: number }): boolean {
  return code === "ReauthenticationRequired" || (status === 403 && code === "Default");
}
