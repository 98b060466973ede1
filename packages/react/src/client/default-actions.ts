// Shortcuts on a client for `/api/auth`, created per call: no module-level client or session.
import { createAuthClient } from "./create-auth-client.ts";
import type { AuthClient } from "./types.ts";

/**
 * Signs in with a provider of `/api/auth` (credentials: checks the fields; others: navigates).
 * @example await signIn("credentials", { username, password, redirect: false })
 */
export const signIn: AuthClient["signIn"] = (...args) => createAuthClient().signIn(...args);

/**
 * Signs out at `/api/auth` and tells other tabs.
 * @example await signOut({ callbackUrl: "/" })
 */
export const signOut: AuthClient["signOut"] = (options) => createAuthClient().signOut(options);

/**
 * Reads the session from `/api/auth`; null when signed out or on any failure.
 * @example const session = await getSession()
 */
export const getSession: AuthClient["getSession"] = () => createAuthClient().getSession();

/**
 * Reads a CSRF token from `/api/auth`, for hand-written forms.
 * @example const csrfToken = await getCsrfToken()
 */
export const getCsrfToken: AuthClient["getCsrfToken"] = () => createAuthClient().getCsrfToken();

/**
 * Lists the providers of `/api/auth`.
 * @example const providers = await getProviders()
 */
export const getProviders: AuthClient["getProviders"] = () => createAuthClient().getProviders();
