import type { Services } from "../actions/services.ts";
import type { RequestContext } from "../http/request-context.ts";
import { fillMessage } from "../i18n/translator.ts";
import type { ModuleRequest } from "./module.ts";

/** A module's own messages by language (English complete), as `composeModules` checked them. */
export type ModuleMessages = ReadonlyMap<string, Readonly<Record<string, string>>>;

/** The narrow view of a request a module's endpoint or hook gets (see `ModuleRequest`). */
export function moduleRequest(
  ctx: RequestContext,
  services: Services,
  own: ModuleMessages,
  providerId: string | null,
): ModuleRequest {
  const english = own.get("en") ?? {};
  return {
    method: ctx.request.method,
    get url() {
      return ctx.url;
    },
    providerId,
    header: (name) => ctx.request.headers.get(name),
    body: ctx.body,
    session: () => services.sessions.read(ctx, { setsCookies: false }),
    userId: () => services.sessions.userId(ctx),
    get locale() {
      return ctx.i18n.locale;
    },
    t(key, params) {
      const message = own.get(ctx.i18n.locale)?.[key] ?? english[key];
      return message === undefined ? key : fillMessage(message, params, ctx.i18n.number);
    },
    adapter: ctx.config.adapter,
    now: ctx.now,
    logger: ctx.config.logger,
  };
}
