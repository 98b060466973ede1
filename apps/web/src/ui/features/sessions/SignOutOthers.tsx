import { useMutation } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../api/error-message.ts";
import { revokeOtherSessions, signOutEverywhere } from "../../api/sessions.ts";
import { Card } from "../../components/Card.tsx";
import { ConfirmPanel } from "../../components/ConfirmPanel.tsx";
import { Notice } from "../../components/Notice.tsx";
import { useFocusOnChange } from "../../lib/use-focus-on-change.ts";

/**
 * "Sign out all other sessions" (this one stays), and "Sign out everywhere" (this one too, after a
 * confirmation): then the browser loads the home page, signed out.
 */
export function SignOutOthers({ others, onDone }: { others: number; onDone: (message: string) => void }) {
  const { t } = useTranslation("account");
  const say = useErrorMessage();
  const [confirming, setConfirming] = useState(false);
  const everywhereButton = useRef<HTMLButtonElement>(null);

  const revokeOthers = useMutation({
    mutationFn: () => revokeOtherSessions(),
    onSuccess: ({ revoked }) => onDone(t("sessions.signedOutOthers", { count: revoked })),
  });
  const everywhere = useMutation({
    mutationFn: () => signOutEverywhere(),
    // This browser's session ended too: a full load shows the signed-out home page in every part
    // of the page (the header, the session provider), and drops every cached answer.
    onSuccess: () => window.location.assign("/"),
  });

  // The confirmation takes the focus; back to its button when it closes.
  useFocusOnChange(confirming, (now) => (now ? null : everywhereButton.current));

  const error = revokeOthers.error ?? everywhere.error;
  return (
    <Card title={t("sessions.several")}>
      <Notice tone="error">{error ? say(error) : null}</Notice>
      {!confirming ? (
        <div className="actions actions-compact">
          <button
            type="button"
            className="button button-quiet"
            disabled={others === 0 || revokeOthers.isPending}
            aria-describedby={others === 0 ? "no-other-sessions" : undefined}
            onClick={() => revokeOthers.mutate()}
          >
            {t("sessions.signOutOthers")}
          </button>
          <button
            ref={everywhereButton}
            type="button"
            className="button button-quiet button-danger"
            onClick={() => {
              everywhere.reset();
              setConfirming(true);
            }}
          >
            {t("sessions.signOutEverywhere")}
          </button>
        </div>
      ) : (
        <ConfirmPanel
          confirmLabel={t("sessions.confirmEverywhere")}
          pending={everywhere.isPending}
          onConfirm={() => everywhere.mutate()}
          onCancel={() => setConfirming(false)}
        >
          {t("sessions.everywhereQuestion")}
        </ConfirmPanel>
      )}
      {others === 0 && (
        <p className="hint" id="no-other-sessions">
          {t("sessions.noOthers")}
        </p>
      )}
    </Card>
  );
}
