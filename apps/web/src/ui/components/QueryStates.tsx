import { signIn } from "@gatehouse/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../api/api-error.ts";
import { useErrorMessage } from "../api/error-message.ts";
import { Notice } from "./Notice.tsx";

/** What is being loaded, in a polite live region; the skeleton lines keep the layout from jumping. */
export function Loading({ children }: { children: ReactNode }) {
  return (
    <div className="loading" aria-busy="true">
      <p className="status-line" role="status">
        {children}
      </p>
      <div className="skeleton" aria-hidden="true" />
      <div className="skeleton skeleton-short" aria-hidden="true" />
    </div>
  );
}

/**
 * A load that failed: what happened, in words, and the way on — sign in again when the session has
 * ended, else try again.
 */
export function LoadError({
  what,
  error,
  onRetry,
}: {
  /** "Your sessions could not be loaded." */
  what: string;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation("common");
  const say = useErrorMessage();
  const sessionEnded = isApiError(error, "SessionRequired");
  return (
    <div className="load-error">
      <Notice tone="error">
        {what} {say(error)}
      </Notice>
      <div className="actions actions-compact">
        {sessionEnded ? (
          <button type="button" className="button" onClick={() => signIn()}>
            {t("actions.signInAgain")}
          </button>
        ) : (
          <button type="button" className="button button-quiet" onClick={onRetry}>
            {t("actions.tryAgain")}
          </button>
        )}
      </div>
    </div>
  );
}

/** Nothing to list: said plainly, with what would make something appear. */
export function Empty({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className="empty" data-testid={testId}>
      {children}
    </p>
  );
}

/** What `QueryStatus` reads of a TanStack query (a plain or an infinite one). */
interface QueryState {
  isPending: boolean;
  isError: boolean;
  data: unknown;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/**
 * A query's first load: `Loading` while it is under way, and `LoadError` when it failed with nothing
 * to show (a failed refetch leaves the data it had on screen). With `unavailable`, a server that
 * does not offer the feature (`unavailableCodes`) is said plainly instead of as a failure.
 *
 * @example <QueryStatus query={account} loading="Loading your profile…" failed="Your profile could not be loaded." />
 */
export function QueryStatus({
  query,
  loading,
  failed,
  unavailable,
  unavailableCodes = ["UnknownAction"],
}: {
  query: QueryState;
  loading: string;
  /** LoadError's `what`. */
  failed: string;
  unavailable?: ReactNode;
  unavailableCodes?: string[];
}) {
  if (query.isPending) return <Loading>{loading}</Loading>;
  if (!query.isError || query.data) return null;
  if (unavailable && isApiError(query.error, ...unavailableCodes)) return unavailable;
  return <LoadError what={failed} error={query.error} onRetry={() => void query.refetch()} />;
}
