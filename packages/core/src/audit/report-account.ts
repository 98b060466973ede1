import type { AdapterUser, StoredAuditEntry } from "../adapter/adapter.ts";
import type { Account } from "../config/options.ts";
import { describe } from "../errors/describe.ts";
import { emitEvent } from "../events/emit-event.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { User } from "../providers/types.ts";
import { recordAudit } from "./record-audit.ts";

/**
 * A user was stored (a sign-up, or a first provider or email-link sign-in): the `sign-up` entry,
 * then the app's `createUser` event.
 *
 * @example await reportNewUser(ctx, created, { method: "password" })
 */
export async function reportNewUser(
  ctx: RequestContext,
  user: AdapterUser,
  detail: StoredAuditEntry["detail"] & { method: string },
): Promise<void> {
  await recordAudit(ctx, { kind: "sign-up", actorId: user.id, subjectId: user.id, detail });
  await emitEvent(ctx, "createUser", { user });
}

/**
 * As `reportNewUser`, without waiting: for a sign-up whose answer must take the same time whether
 * or not the address had an account (as its mail goes out). Whatever fails is logged.
 */
export function reportNewUserInBackground(
  ctx: RequestContext,
  user: AdapterUser,
  detail: StoredAuditEntry["detail"] & { method: string },
): void {
  reportNewUser(ctx, user, detail).catch((error: unknown) => {
    ctx.config.logger.error("AuditWriteFailed", { kind: "sign-up", cause: describe(error) });
  });
}

/**
 * How a provider account came to a user: with the user it created (`new-user`), to the user signed
 * in (`signed-in`), or to the user with the same verified address (`email`, the provider's
 * `allowDangerousEmailAccountLinking`).
 */
export type LinkedBy = "new-user" | "signed-in" | "email";

/**
 * A provider account was linked: the `account-linked` entry (not for a new user's first account,
 * which its `sign-up` entry covers), then the app's `linkAccount` event (Auth.js's message).
 */
export async function reportAccountLinked(
  ctx: RequestContext,
  linked: { user: AdapterUser; account: Account; profile: User; by: LinkedBy },
): Promise<void> {
  const { user, account, profile, by } = linked;
  if (by !== "new-user") {
    await recordAudit(ctx, {
      kind: "account-linked",
      actorId: user.id,
      subjectId: user.id,
      detail: { provider: account.provider, by },
    });
  }
  await emitEvent(ctx, "linkAccount", { user, account, profile });
}

/**
 * A user's address was proven by a mailed link and stored as verified: the `email-verified` entry
 * when it was not verified before (`firstTime`), and the app's `updateUser` event either way (as
 * Auth.js sends it on every email sign-in of a known user).
 */
export async function reportAddressProven(
  ctx: RequestContext,
  user: AdapterUser,
  proof: { method: string; firstTime: boolean },
): Promise<void> {
  if (proof.firstTime) {
    await recordAudit(ctx, {
      kind: "email-verified",
      actorId: user.id,
      subjectId: user.id,
      detail: { method: proof.method },
    });
  }
  await emitEvent(ctx, "updateUser", { user });
}
