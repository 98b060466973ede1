import { disableTwoFactor, enrollTwoFactor, regenerateBackupCodes } from "@gatehouse/react/two-factor";
import { useRef, useState } from "react";
import { Card } from "../../../components/Card.tsx";
import { Notice } from "../../../components/Notice.tsx";
import { LoadError, Loading } from "../../../components/QueryStates.tsx";
import { useResultWithReauth } from "../../reauth/ReauthProvider.tsx";
import { twoFactorMessage } from "../messages.ts";
import { BackupCodes } from "./BackupCodes.tsx";
import { CodeForm } from "./CodeForm.tsx";
import { EnrolTwoFactor } from "./EnrolTwoFactor.tsx";
import { useTwoFactorView } from "./use-two-factor-view.ts";

const PROOF_HINT = "The current 6-digit code from your authenticator app, or one of your backup codes.";

/** Two-factor authentication of the signed-in user: turn on (enrol), backup codes, turn off. */
export function TwoFactorCard() {
  const { view, show: setView, retry } = useTwoFactorView();
  const runWithReauth = useResultWithReauth();
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [action, setAction] = useState<"disable" | "regenerate" | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  function show(next: Parameters<typeof setView>[0], message: string | null = null) {
    setView(next);
    setNotice(message);
    setError(null);
    setAction(null);
    // The control that had the focus is gone (enrolment and the backup codes take it themselves).
    if (next.kind === "on" || next.kind === "off") heading.current?.focus();
  }

  function closeForm() {
    setAction(null);
    heading.current?.focus();
  }

  async function start(known: boolean) {
    setPending(true);
    setNotice(null);
    setError(null);
    // Turning two-factor on needs a recent sign-in: the dialog asks, then the enrolment starts.
    const result = await runWithReauth(() => enrollTwoFactor());
    setPending(false);
    if (result === null) return;
    if (result.ok) return show({ kind: "enrolling", enrolment: result, known });
    // A server that does not tell the status (`known: false`) tells it here.
    if (result.error === "TwoFactorAlreadyOn") return show({ kind: "on" });
    if (result.error === "UnknownAction") return show({ kind: "unavailable" });
    setError(twoFactorMessage(result));
  }

  async function disable(code: string): Promise<string | null> {
    const result = await disableTwoFactor({ code });
    if (!result.ok) return twoFactorMessage(result);
    show({ kind: "off", known: true }, "Two-factor authentication is off.");
    return null;
  }

  async function regenerate(code: string): Promise<string | null> {
    const result = await regenerateBackupCodes({ code });
    if (!result.ok) return twoFactorMessage(result);
    show({ kind: "codes", codes: result.backupCodes }, "New backup codes made: the old ones no longer work.");
    return null;
  }

  return (
    <Card title="Two-factor authentication" className="security-card" headingRef={heading}>
      <p className="muted">
        After your password (or a sign-in link, or another provider), a code from an authenticator app on your
        phone proves it is you.
      </p>
      <Notice tone="success">{notice}</Notice>
      <Notice tone="error">{error}</Notice>

      {view.kind === "loading" && <Loading>Checking two-factor authentication…</Loading>}
      {view.kind === "unavailable" && (
        <p className="status-line">Two-factor authentication is not available on this site.</p>
      )}
      {view.kind === "failed" && (
        <LoadError
          what="The status of two-factor authentication could not be loaded."
          error={view.error}
          onRetry={retry}
        />
      )}
      {view.kind === "off" && (
        <>
          {view.known && (
            <p className="status-line" data-testid="two-factor-status">
              Two-factor authentication is <strong>off</strong>.
            </p>
          )}
          <div className="actions">
            <button type="button" className="button" disabled={pending} onClick={() => start(view.known)}>
              {view.known ? "Turn on two-factor authentication" : "Set up two-factor authentication"}
            </button>
          </div>
        </>
      )}
      {view.kind === "enrolling" && (
        <EnrolTwoFactor
          enrolment={view.enrolment}
          onConfirmed={(codes) => show({ kind: "codes", codes }, "Two-factor authentication is on.")}
          onCancel={() => show({ kind: "off", known: view.known })}
        />
      )}
      {view.kind === "codes" && <BackupCodes codes={view.codes} onDone={() => show({ kind: "on" })} />}
      {view.kind === "on" && (
        <>
          <p className="status-line" data-testid="two-factor-status">
            Two-factor authentication is <strong>on</strong>.
          </p>
          {action === null && (
            <div className="actions">
              <button type="button" className="button button-quiet" onClick={() => setAction("regenerate")}>
                Get new backup codes
              </button>
              <button
                type="button"
                className="button button-quiet button-danger"
                onClick={() => setAction("disable")}
              >
                Turn off two-factor authentication
              </button>
            </div>
          )}
          {action === "regenerate" && (
            <CodeForm
              label="Code to get new backup codes"
              hint={PROOF_HINT}
              submitLabel="Get new backup codes"
              focus
              onSubmit={regenerate}
              onCancel={closeForm}
            />
          )}
          {action === "disable" && (
            <CodeForm
              label="Code to turn off two-factor authentication"
              hint={PROOF_HINT}
              submitLabel="Turn off two-factor authentication"
              focus
              onSubmit={disable}
              onCancel={closeForm}
            />
          )}
        </>
      )}
    </Card>
  );
}
