import type { IncomingMessage, ServerResponse } from "node:http";
import { errors, type Interaction, type Provider } from "oidc-provider";
import { type AccountStore, accountIdFor, MAX_USER_NAME_LENGTH } from "./accounts.ts";
import { errorPage } from "./error-page.ts";
import { loginPage } from "./login-page.ts";
import { readFormBody } from "./read-form-body.ts";

/** The interaction uid in `/interaction/:uid`, or `null` for any other path. */
export function interactionUid(pathname: string): string | null {
  const match = /^\/interaction\/([A-Za-z0-9_-]+)$/.exec(pathname);
  return match?.[1] ?? null;
}

export interface InteractionHandlerOptions {
  provider: Provider;
  accounts: AccountStore;
  log: (line: string) => void;
}

export type InteractionHandler = (req: IncomingMessage, res: ServerResponse, uid: string) => Promise<void>;

/**
 * Serves `/interaction/:uid`: the login form on GET, the sign-in on POST, and an automatic
 * consent whenever oidc-provider asks for one.
 */
export function createInteractionHandler(options: InteractionHandlerOptions): InteractionHandler {
  const { provider, accounts, log } = options;

  async function login(req: IncomingMessage, res: ServerResponse, interaction: Interaction): Promise<void> {
    const form = await readFormBody(req);
    if (form === null) {
      const description = "expected an application/x-www-form-urlencoded body of at most 16 KiB";
      return sendHtml(res, 400, errorPage({ error: "invalid_request", error_description: description }));
    }
    const userName = form.get("username") ?? "";
    const accountId = accountIdFor(userName);
    if (accountId === null) {
      const error =
        userName.trim() === ""
          ? "Enter a user name."
          : `Use a user name of at most ${MAX_USER_NAME_LENGTH} characters.`;
      const page = loginPage({
        uid: interaction.uid,
        clientId: interaction.params.client_id,
        userName,
        error,
      });
      return sendHtml(res, 400, page);
    }
    accounts.remember(accountId, userName);
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId } },
      { mergeWithLastSubmission: false },
    );
  }

  // The dev provider never shows a consent screen: every client is trusted, so whatever the
  // client asked for and the user has not granted yet is granted here, as in oidc-provider's
  // example consent route.
  async function consent(req: IncomingMessage, res: ServerResponse, interaction: Interaction): Promise<void> {
    const { details } = interaction.prompt;
    const accountId = interaction.session?.accountId;
    if (accountId === undefined) throw new errors.SessionNotFound("consent requested without a session");
    const existing =
      interaction.grantId === undefined ? undefined : await provider.Grant.find(interaction.grantId);
    const grant = existing ?? new provider.Grant({ accountId, clientId: interaction.params.client_id });
    if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(" "));
    if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
    for (const [resource, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
      grant.addResourceScope(resource, scopes.join(" "));
    }
    const grantId = await grant.save();
    // An existing grant was updated in place; only a new one has to be handed over.
    const result = existing === undefined ? { consent: { grantId } } : { consent: {} };
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: true });
  }

  return async function handleInteraction(req, res, uid) {
    try {
      const interaction = await provider.interactionDetails(req, res);
      // oidc-provider finds the interaction through its cookie, not the URL. A different uid means
      // a stale tab; finishing it would complete some other sign-in.
      if (interaction.uid !== uid) throw new errors.SessionNotFound("interaction does not match the URL");
      const prompt = interaction.prompt.name;
      if (prompt === "consent") return await consent(req, res, interaction);
      if (prompt !== "login") {
        return sendHtml(
          res,
          501,
          errorPage({ error: "server_error", error_description: `prompt ${prompt}` }),
        );
      }
      if (req.method === "POST") return await login(req, res, interaction);
      if (req.method === "GET" || req.method === "HEAD") {
        return sendHtml(res, 200, loginPage({ uid, clientId: interaction.params.client_id }));
      }
      res.setHeader("allow", "GET, HEAD, POST");
      return sendHtml(
        res,
        405,
        errorPage({ error: "invalid_request", error_description: "method not allowed" }),
      );
    } catch (error) {
      // An expired or missing interaction is an everyday event (a reused tab, a restarted
      // provider): show it without a stack trace.
      if (error instanceof errors.SessionNotFound) {
        return sendHtml(
          res,
          400,
          errorPage({ error: error.error, error_description: error.error_description }),
        );
      }
      log(
        `interaction ${uid} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      if (!res.headersSent) sendHtml(res, 500, errorPage({ error: "server_error" }));
      else res.destroy();
    }
  };
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.statusCode = status;
  res.setHeader("content-type", "text/html; charset=utf-8");
  // The pages carry a per-interaction form; a cached copy would post to a dead interaction.
  res.setHeader("cache-control", "no-store");
  res.end(html);
}
