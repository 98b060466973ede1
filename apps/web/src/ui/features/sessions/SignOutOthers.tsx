import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { revokeOtherSessions, signOutEverywhere } from "../../api/sessions.ts";
import { Notice } from "../../components/Notice.tsx";

const sessionsWord = (count: number) => `${count} ${count === 1 ? "session" : "sessions"}`;

/**
 * "Sign out all other sessions" (this one stays), and "Sign out everywhere" (this one too, after a
 * confirmation): then the browser loads the home page, signed out.
 */
export function SignOutOthers({ others, onDone }: { others: number; onDone: (message: string) => void }) {
  const [confirming, setConfirming] = useState(false);
  const confirmText = useRef<HTMLParagraphElement>(null);
  const everywhereButton = useRef<HTMLButtonElement>(null);

  const revokeOthers = useMutation({
    mutationFn: () => revokeOtherSessions(),
    onSuccess: ({ revoked }) => onDone(`Signed out of ${sessionsWord(revoked)} on other devices.`),
  });
  const everywhere = useMutation({
    mutationFn: () => signOutEverywhere(),
    // This browser's session ended too: a full load shows the signed-out home page in every part
    // of the page (the header, the session provider), and drops every cached answer.
    onSuccess: () => window.location.assign("/"),
  });

  const previous = useRef(confirming);
  useEffect(() => {
    if (previous.current === confirming) return;
    previous.current = confirming;
    (confirming ? confirmText : everywhereButton).current?.focus();
  }, [confirming]);

  const error = revokeOthers.error ?? everywhere.error;
  return (
    <section className="card" aria-labelledby="sign-out-others-heading">
      <h3 id="sign-out-others-heading">Sign out of several sessions</h3>
      <Notice tone="error">{error?.message}</Notice>
      {!confirming ? (
        <div className="actions actions-compact">
          <button
            type="button"
            className="button button-quiet"
            disabled={others === 0 || revokeOthers.isPending}
            aria-describedby={others === 0 ? "no-other-sessions" : undefined}
            onClick={() => revokeOthers.mutate()}
          >
            Sign out all other sessions
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
            Sign out everywhere
          </button>
        </div>
      ) : (
        <div className="confirm">
          <p ref={confirmText} tabIndex={-1}>
            Sign out of every session, this one too? You will need to sign in again here.
          </p>
          <div className="actions actions-compact">
            <button
              type="button"
              className="button button-danger-solid"
              disabled={everywhere.isPending}
              onClick={() => everywhere.mutate()}
            >
              Yes, sign out everywhere
            </button>
            <button type="button" className="button button-quiet" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {others === 0 && (
        <p className="hint" id="no-other-sessions">
          You are not signed in anywhere else.
        </p>
      )}
    </section>
  );
}
