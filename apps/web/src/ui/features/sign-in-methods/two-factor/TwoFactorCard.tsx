import { disableTwoFactor, enrollTwoFactor, regenerateBackupCodes } from "@gatehouse/react/two-factor";
import { useRef, useState } from "react";
import { Trans } from "react-i18next";
import { Card } from "../../../components/Card.tsx";
import { Notice } from "../../../components/Notice.tsx";
import { LoadError, Loading } from "../../../components/QueryStates.tsx";
import { useResultWithReauth } from "../../reauth/ReauthProvider.tsx";
import { twoFactorMessage, useFailureWords } from "../messages.ts";
import { BackupCodes } from "./BackupCodes.tsx";
import { CodeForm } from "./CodeForm.tsx";
import { EnrolTwoFactor } from "./EnrolTwoFactor.tsx";
import { useTwoFactorView } from "./use-two-factor-view.ts";

/** Two-factor authentication of the signed-in user: turn on (enrol), backup codes, turn off. */
export function TwoFactorCard() {
  const words = useFailureWords();
  const { t } = words;
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
    setError(twoFactorMessage(result, words));
  }

  async function disable(code: string): Promise<string | null> {
    const result = await disableTwoFactor({ code });
    if (!result.ok) return twoFactorMessage(result, words);
    show({ kind: "off", known: true }, t("twoFactor.turnedOff"));
    return null;
  }

  async function regenerate(code: string): Promise<string | null> {
    const result = await regenerateBackupCodes({ code });
    if (!result.ok) return twoFactorMessage(result, words);
    show({ kind: "codes", codes: result.backupCodes }, t("twoFactor.newCodesMade"));
    return null;
  }

  return (
    <Card title={t("twoFactor.title")} className="security-card" headingRef={heading}>
      <p className="muted">{t("twoFactor.intro")}</p>
      <Notice tone="success">{notice}</Notice>
      <Notice tone="error">{error}</Notice>

      {view.kind === "loading" && <Loading>{t("twoFactor.checking")}</Loading>}
      {view.kind === "unavailable" && <p className="status-line">{t("twoFactor.unavailable")}</p>}
      {view.kind === "failed" && (
        <LoadError what={t("twoFactor.failed")} error={view.error} onRetry={retry} />
      )}
      {view.kind === "off" && (
        <>
          {view.known && (
            <p className="status-line" data-testid="two-factor-status">
              <Trans t={t} i18nKey="twoFactor.isOff" components={{ strong: <strong /> }} />
            </p>
          )}
          <div className="actions">
            <button type="button" className="button" disabled={pending} onClick={() => start(view.known)}>
              {view.known ? t("twoFactor.turnOn") : t("twoFactor.setUp")}
            </button>
          </div>
        </>
      )}
      {view.kind === "enrolling" && (
        <EnrolTwoFactor
          enrolment={view.enrolment}
          onConfirmed={(codes) => show({ kind: "codes", codes }, t("twoFactor.turnedOn"))}
          onCancel={() => show({ kind: "off", known: view.known })}
        />
      )}
      {view.kind === "codes" && <BackupCodes codes={view.codes} onDone={() => show({ kind: "on" })} />}
      {view.kind === "on" && (
        <>
          <p className="status-line" data-testid="two-factor-status">
            <Trans t={t} i18nKey="twoFactor.isOn" components={{ strong: <strong /> }} />
          </p>
          {action === null && (
            <div className="actions">
              <button type="button" className="button button-quiet" onClick={() => setAction("regenerate")}>
                {t("twoFactor.newCodes")}
              </button>
              <button
                type="button"
                className="button button-quiet button-danger"
                onClick={() => setAction("disable")}
              >
                {t("twoFactor.turnOff")}
              </button>
            </div>
          )}
          {action === "regenerate" && (
            <CodeForm
              label={t("twoFactor.codeForNewCodes")}
              hint={t("twoFactor.proofHint")}
              submitLabel={t("twoFactor.newCodes")}
              focus
              onSubmit={regenerate}
              onCancel={closeForm}
            />
          )}
          {action === "disable" && (
            <CodeForm
              label={t("twoFactor.codeToTurnOff")}
              hint={t("twoFactor.proofHint")}
              submitLabel={t("twoFactor.turnOff")}
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
