import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { queryKeys, sessionsQuery } from "../../api/queries.ts";
import { Notice } from "../../components/Notice.tsx";
import { Empty, QueryStatus } from "../../components/QueryStates.tsx";
import { useProviders } from "../../use-providers.ts";
import { ConsolePage } from "../account/ConsolePage.tsx";
import { SessionItem } from "./SessionItem.tsx";
import { SignOutOthers } from "./SignOutOthers.tsx";

/** `/account/sessions`: where the person is signed in, with a way to end each session, or all. */
export function SessionsPage() {
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
    <ConsolePage
      title="Sessions and devices"
      intro="Where you are signed in now. If you see one you do not recognise, sign it out and change your password."
      headingRef={heading}
    >
      <div className="card">
        <Notice tone="success">{notice}</Notice>
        <QueryStatus
          query={sessions}
          loading="Loading your sessions…"
          failed="Your sessions could not be loaded."
          unavailable={<Empty>This site does not keep a list of your sessions.</Empty>}
          unavailableCodes={["SessionsUnavailable", "UnknownAction"]}
        />
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
    </ConsolePage>
  );
}
