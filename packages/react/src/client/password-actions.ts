import { broadcast } from "../lib/broadcast.ts";
import type { Transport } from "../lib/transport.ts";
import { toPasswordResult, toUpdateResult } from "./password-result.ts";
import type { AuthClient } from "./types.ts";

/** The password account functions of a client. */
export type PasswordActions = Pick<
  AuthClient,
  "signUp" | "requestPasswordReset" | "resetPassword" | "changePassword" | "setPassword"
>;

/**
 * The client side of the Password provider's endpoints (docs/protocol.md §8 "Password"). Each posts
 * only its own fields (never whatever else the input object carries, such as a form's whole state)
 * and returns the result; none navigates: the caller decides where to go with `url`.
 */
export function createPasswordActions({ post }: Transport): PasswordActions {
  return {
    signUp: async ({ email, password, name, callbackUrl }) =>
      toPasswordResult(await post("/signup", { email, password, name, callbackUrl })),

    requestPasswordReset: async ({ email, callbackUrl }) =>
      toPasswordResult(await post("/forgot-password", { email, callbackUrl })),

    async resetPassword({ token, email, user, password, callbackUrl }) {
      const result = toPasswordResult(
        await post("/reset-password", { token, email, user, password, callbackUrl }),
      );
      // The reset ended every session of the user, and this browser's: tabs read theirs again.
      if (result.ok) broadcast("getSession");
      return result;
    },

    async changePassword({ currentPassword, newPassword }) {
      const result = toUpdateResult(await post("/change-password", { currentPassword, newPassword }));
      // The server ended the user's other sessions and re-issued this one's cookie.
      if (result.ok) broadcast("getSession");
      return result;
    },

    setPassword: async ({ newPassword }) => toUpdateResult(await post("/set-password", { newPassword })),
  };
}
