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

/**
 * Creates a password account at `/api/auth`; the same result whether or not the address has one.
 * @example const result = await signUp({ email, password }); if (result.ok) show("Check your email")
 */
export const signUp: AuthClient["signUp"] = (input) => createAuthClient().signUp(input);

/**
 * Asks `/api/auth` to mail a password reset link; the same result whether or not the address has an account.
 * @example await requestPasswordReset({ email })
 */
export const requestPasswordReset: AuthClient["requestPasswordReset"] = (input) =>
  createAuthClient().requestPasswordReset(input);

/**
 * Sets a new password with the token, address and account of a reset link, at `/api/auth`.
 * @example const query = new URLSearchParams(location.search);
 * await resetPassword({ token: query.get("token") ?? "", email: query.get("email") ?? "", user: query.get("user") ?? "", password })
 */
export const resetPassword: AuthClient["resetPassword"] = (input) => createAuthClient().resetPassword(input);

/**
 * Changes the signed-in user's password at `/api/auth` and tells other tabs.
 * @example const result = await changePassword({ currentPassword, newPassword })
 */
export const changePassword: AuthClient["changePassword"] = (input) =>
  createAuthClient().changePassword(input);

/**
 * Gives the signed-in user a first password at `/api/auth`.
 * @example const result = await setPassword({ newPassword })
 */
export const setPassword: AuthClient["setPassword"] = (input) => createAuthClient().setPassword(input);
