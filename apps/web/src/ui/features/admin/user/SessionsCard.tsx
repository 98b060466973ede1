import { useMutation } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type AdminSession, type AdminUser, revokeUserSessions } from "../../../api/admin.ts";
import { isApiError } from "../../../api/api-error.ts";
import { Card } from "../../../components/Card.tsx";
import { ConfirmPanel } from "../../../components/ConfirmPanel.tsx";
import { Notice } from "../../../components/Notice.tsx";
import { Empty } from "../../../components/QueryStates.tsx";
import { signedInWith } from "../../../lib/signed-in-with.ts";
import { useFocusOnChange } from "../../../lib/use-focus-on-change.ts";
import { useAdminText, userLabel } from "../use-admin-text.ts";
import { ReasonField } from "./actions/ReasonField.tsx";
import { useAnnounce } from "./use-announce.ts";
import { useUserChanged } from "./use-user-changed.ts";

/** Where the user is signed in, with a way to end one session or all of them (after a question). */
export function SessionsCard({ user, sessions }: { user: AdminUser; sessions: AdminSession[] | null }) {
  const { t } = useTranslation("admin");
  const { t: tc } = useTranslation("common");
  const text = useAdminText();
  const reasonId = useId();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState("");
  const endAllButton = useRef<HTMLButtonElement>(null);
  // Back to the button when the question closes; declared before `useAnnounce`, whose focus on the
  // heading (after the sessions ended) must come last and win.
  useFocusOnChange(confirming, (now) => (now ? null : endAllButton.current));
  const { heading, notice, announce } = useAnnounce();
  const changed = useUserChanged(user.id);

  const endAll = useMutation({
    mutationFn: () => revokeUserSessions({ id: user.id, reason }),
    onSuccess: async ({ revoked }) => {
      await changed();
      setConfirming(false);
      setReason("");
      announce(t("user.sessions.endedAll", { count: revoked }));
    },
  });

  async function endedOne(message: string) {
    await changed();
    announce(message);
  }

  return (
    <Card title={t("user.sessions.title")} headingRef={heading}>
      <Notice tone="success">{notice}</Notice>
      {sessions === null ? (
        <Empty>{t("user.sessions.unavailable")}</Empty>
      ) : sessions.length === 0 ? (
        <Empty testId="admin-no-sessions">{t("user.sessions.none")}</Empty>
      ) : (
        <>
          <ul className="item-list" aria-label={t("user.sessions.loadingLabel", { user: userLabel(user) })}>
            {sessions.map((session) => (
              <SessionItem key={session.id} userId={user.id} session={session} onEnded={endedOne} />
            ))}
          </ul>
          {!confirming ? (
            <div className="actions actions-compact">
              <button
                ref={endAllButton}
                type="button"
                className="button button-quiet button-danger"
                onClick={() => {
                  endAll.reset();
                  setConfirming(true);
                }}
              >
                {t("user.sessions.endAll")}
              </button>
            </div>
          ) : (
            <ConfirmPanel
              confirmLabel={t("user.sessions.endAllConfirm")}
              cancelLabel={tc("actions.cancel")}
              pending={endAll.isPending}
              error={endAll.error ? text.error(endAll.error) : null}
              onConfirm={() => endAll.mutate()}
              onCancel={() => setConfirming(false)}
              fields={<ReasonField id={`${reasonId}-reason`} value={reason} onChange={setReason} />}
            >
              {t("user.sessions.endAllQuestion", { user: userLabel(user) })}
            </ConfirmPanel>
          )}
        </>
      )}
    </Card>
  );
}

function SessionItem({
  userId,
  session,
  onEnded,
}: {
  userId: string;
  session: AdminSession;
  onEnded: (message: string) => Promise<void>;
}) {
  const { t } = useTranslation("admin");
  const text = useAdminText();
  const device = text.device(session.userAgent);
  const how = signedInWith(session, {
    nameOf: text.method,
    plus: (key, values) => t(`user.sessions.secondFactor.${key}`, values),
  });
  const end = useMutation({
    mutationFn: () => revokeUserSessions({ id: userId, sessionId: session.id }),
    onSuccess: () => onEnded(t("user.sessions.ended", { device })),
    onError: (error) => {
      // It ended meanwhile (expired, or the user signed out): the list was out of date, nothing failed.
      if (isApiError(error, "SessionNotFound")) void onEnded(t("user.sessions.alreadyEnded"));
    },
  });
  return (
    <li className="item session" data-testid="admin-session">
      <p className="item-name">{device}</p>
      <dl className="facts">
        <div>
          <dt>{t("user.sessions.address")}</dt>
          <dd>{session.ip ?? t("general.notKnown")}</dd>
        </div>
        <div>
          <dt>{t("user.sessions.method")}</dt>
          <dd>{how}</dd>
        </div>
        <div>
          <dt>{t("user.sessions.signedIn")}</dt>
          <dd>
            <time dateTime={session.createdAt}>{text.dateTime(session.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt>{t("user.sessions.lastActive")}</dt>
          <dd>
            <time dateTime={session.lastActiveAt} title={text.dateTime(session.lastActiveAt)}>
              {text.relative(session.lastActiveAt)}
            </time>
          </dd>
        </div>
        <div>
          <dt>{t("user.sessions.expires")}</dt>
          <dd>
            <time dateTime={session.expires}>{text.date(session.expires)}</time>
          </dd>
        </div>
      </dl>
      <div className="actions actions-compact">
        <button
          type="button"
          className="button button-quiet button-danger"
          disabled={end.isPending}
          aria-label={t("user.sessions.endOf", { device })}
          onClick={() => end.mutate()}
        >
          {end.isPending ? t("user.sessions.ending") : t("user.sessions.end")}
        </button>
      </div>
      {end.isError && !isApiError(end.error, "SessionNotFound") && (
        <p className="field-error" role="alert">
          {text.error(end.error)}
        </p>
      )}
    </li>
  );
}
