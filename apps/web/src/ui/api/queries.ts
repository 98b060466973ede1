import { getProviders } from "@gatehouse/react";
import { listPasskeys } from "@gatehouse/react/passkeys";
import { getTwoFactorStatus } from "@gatehouse/react/two-factor";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { fetchAccount } from "./account.ts";
import { fetchActivity } from "./activity.ts";
import { fromResult } from "./from-result.ts";
import { fetchSessions } from "./sessions.ts";

/** The console's server state, one key per endpoint; mutations invalidate these. */
export const queryKeys = {
  account: ["account"],
  sessions: ["sessions"],
  activity: ["activity"],
  passkeys: ["passkeys"],
  twoFactor: ["two-factor-status"],
  providers: ["providers"],
} as const;

/** Entries per page of activity. */
export const ACTIVITY_PAGE_SIZE = 20;

export const accountQuery = queryOptions({ queryKey: queryKeys.account, queryFn: () => fetchAccount() });

export const sessionsQuery = queryOptions({ queryKey: queryKeys.sessions, queryFn: () => fetchSessions() });

export const activityQuery = infiniteQueryOptions({
  queryKey: queryKeys.activity,
  queryFn: ({ pageParam }) => fetchActivity({ limit: ACTIVITY_PAGE_SIZE, cursor: pageParam }),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.next,
});

export const passkeysQuery = queryOptions({
  queryKey: queryKeys.passkeys,
  queryFn: async () => fromResult(await listPasskeys()).passkeys,
});

export const twoFactorQuery = queryOptions({
  queryKey: queryKeys.twoFactor,
  queryFn: async () => {
    const { enabled, backupCodesLeft } = fromResult(await getTwoFactorStatus());
    return { enabled, backupCodesLeft };
  },
});

/** The server's sign-in methods; they change only with its configuration. Null when unreadable. */
export const providersQuery = queryOptions({
  queryKey: queryKeys.providers,
  queryFn: () => getProviders(),
  staleTime: 5 * 60_000,
});
