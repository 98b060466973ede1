import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { isApiError } from "../../api/api-error.ts";
import { queryKeys, sessionsQuery } from "../../api/queries.ts";
import { Notice } from "../../components/Notice.tsx";
import { Empty, LoadError, Loading } from "../../components/QueryStates.tsx";
import { useProviders } from "../../use-providers.ts";
import { useTitle } from "../../use-title.ts";
import { SessionItem } from "./SessionItem.tsx";
import { SignOutOthers } from "./SignOutOthers.tsx";

/** `/account/sessions`: where the person is signed in, with a way to end each session, or all. */
export function SessionsPage() {
  useTitle("Sessions and devices");
  const sessions = useQuery(sessionsQuery);
  const providers = useProviders();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  async function changed(message: string) {
    await Promise.all(
      [queryKeys.sessions, queryKeys.activity].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
    setNotice(message);
    // The button pressed may be gone with its session.
    heading.current?.focus();
  }

  // This browser's session first: the one people look for; the others by last activity, as listed.
  const list = [...(sessions.data ?? [])].sort((a, b) => Number(b.current) - Number(a.current));
  return (
    <section className="console-page" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading" ref={heading} tabIndex={-1} data-section-heading>
        Sessions and devices
      </h2>
      <p className="muted">
        Where you are signed in now. If you see one you do not recognise, sign it out and change your
        password.
      </p>
      <div className="card">
        <Notice tone="success">{notice}</Notice>
        {sessions.isPending && <Loading>Loading your sessions…</Loading>}
        {sessions.isError &&
          !sessions.data &&
          (isApiError(sessions.error, "SessionsUnavailable", "UnknownAction") ? (
            <Empty>This site does not keep a list of your sessions.</Empty>
          ) : (
            <LoadError
              what="Your sessions could not be loaded."
              error={sessions.error}
              onRetry={() => void sessions.refetch()}
            />
          ))}
        {sessions.data &&
          (list.length === 0 ? (
            <Empty>No sessions are active.</Empty>
          ) : (
            <ul className="item-list session-list" aria-label="Your sessions">
              {list.map((session) => (
                <SessionItem key={session.id} session={session} providers={providers} onRevoked={changed} />
              ))}
            </ul>
          ))}
      </div>
      {sessions.data && (
        <SignOutOthers others={list.filter((session) => !session.current).length} onDone={changed} />
      )}
    </section>
  );
}
