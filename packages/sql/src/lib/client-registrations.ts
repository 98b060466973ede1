import type { AdapterUser, ClientRegistrationKey, StoredClientRegistration } from "@gatehouse/core/adapter";
import type { ClientRegistrationsTable, SqlDatabase } from "../database.ts";
import { guard } from "./driver-errors.ts";
import { fromDateColumn, joinedUserColumns, toDateColumn, toUser } from "./rows.ts";

/** The storage behind dynamic client registration and back-channel logout (adapter extensions). */
export interface ClientRegistrationStore {
  getClientRegistration(key: ClientRegistrationKey): Promise<StoredClientRegistration | null>;
  createClientRegistration(registration: StoredClientRegistration): Promise<StoredClientRegistration>;
  getUserByAccountSessionState(key: { provider: string; sessionState: string }): Promise<AdapterUser | null>;
  deleteSessionsByUserId(userId: string): Promise<number>;
}

/**
 * The adapter methods over `gh_client_registrations` (migration 002) and the session deletions
 * back-channel logout needs.
 *
 * @example const store = clientRegistrationStore(db)
 */
export function clientRegistrationStore(db: SqlDatabase): ClientRegistrationStore {
  const { kysely, dialect } = db;

  const getClientRegistration: ClientRegistrationStore["getClientRegistration"] = ({ provider, issuer }) =>
    guard("getClientRegistration", async () => {
      const row = await kysely
        .selectFrom("gh_client_registrations")
        .selectAll()
        .where("provider", "=", provider)
        .where("issuer", "=", issuer)
        .executeTakeFirst();
      return row === undefined ? null : toRegistration(row);
    });

  return {
    getClientRegistration,

    // Insert-if-absent on the primary key: of two instances registering at once, the first insert
    // wins and the other reads the winner's row (its own registration at the provider stays unused).
    // The read runs after the statement, outside any transaction, so on SQLite it never holds the
    // only connection and on PostgreSQL it sees the winner's committed row.
    createClientRegistration: (registration) =>
      guard("createClientRegistration", async () => {
        await kysely
          .insertInto("gh_client_registrations")
          .values({
            provider: registration.provider,
            issuer: registration.issuer,
            client_id: registration.clientId,
            client_secret: registration.clientSecret,
            client_secret_expires_at: registration.clientSecretExpiresAt,
            registration_access_token: registration.registrationAccessToken,
            metadata: JSON.stringify(registration.metadata),
            created_at: toDateColumn(dialect, registration.createdAt, "createdAt"),
          })
          .onConflict((oc) => oc.columns(["provider", "issuer"]).doNothing())
          .execute();
        const stored = await getClientRegistration(registration);
        if (stored === null) throw new Error("client registration vanished after insert");
        return stored;
      }),

    getUserByAccountSessionState: ({ provider, sessionState }) =>
      guard("getUserByAccountSessionState", async () => {
        const row = await kysely
          .selectFrom("gh_accounts as a")
          .innerJoin("gh_users as u", "u.id", "a.user_id")
          .select(joinedUserColumns)
          .where("a.provider", "=", provider)
          .where("a.session_state", "=", sessionState)
          .executeTakeFirst();
        return row === undefined ? null : toUser(row);
      }),

    deleteSessionsByUserId: (userId) =>
      guard("deleteSessionsByUserId", async () => {
        const result = await kysely
          .deleteFrom("gh_sessions")
          .where("user_id", "=", userId)
          .executeTakeFirst();
        return Number(result.numDeletedRows);
      }),
  };
}

function toRegistration(row: ClientRegistrationsTable): StoredClientRegistration {
  const metadata: unknown = JSON.parse(row.metadata);
  return {
    provider: row.provider,
    issuer: row.issuer,
    clientId: row.client_id,
    clientSecret: row.client_secret,
    clientSecretExpiresAt: row.client_secret_expires_at === null ? 0 : Number(row.client_secret_expires_at),
    registrationAccessToken: row.registration_access_token,
    metadata: typeof metadata === "object" && metadata !== null ? (metadata as Record<string, unknown>) : {},
    createdAt: fromDateColumn(row.created_at),
  };
}
