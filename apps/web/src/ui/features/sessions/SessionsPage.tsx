import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { queryKeys, sessionsQuery } from "../../api/queries.ts";
import { Notice } from "../../components/Notice.tsx";
import { Empty, QueryStatus } from "../../components/QueryStates.tsx";
import { useProviders } from "../../use-providers.ts";
import { ConsolePage } from "../account/ConsolePage.tsx";
import { SessionItem } from "./SessionItem.tsx";
import { SignOutOthers } from "./SignOutOthers.tsx";

/** `/account/sessions`: where the person is signed in, with a way to end each session, or all. */
export function SessionsPage() {
  const { t } = useTranslation("account");
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
    <ConsolePage title={t("nav.sessions")} intro={t("sessions.intro")} headingRef={heading}>
      <div className="card">
        <Notice tone="success">{notice}</Notice>
        <QueryStatus
          query={sessions}
          loading={t("sessions.loading")}
          failed={t("sessions.failed")}
          unavailable={<Empty>{t("sessions.unavailable")}</Empty>}
          unavailableCodes={["SessionsUnavailable", "UnknownAction"]}
        />
        {sessions.data &&
          (list.length === 0 ? (
            <Empty>{t("sessions.none")}</Empty>
          ) : (
            <ul className="item-list session-list" aria-label={t("sessions.list")}>
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
