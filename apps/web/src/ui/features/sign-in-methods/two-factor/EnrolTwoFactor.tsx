import { confirmTwoFactor, type TwoFactorEnrolment } from "@gatehouse/react/two-factor";
import { useEffect, useRef } from "react";
import { Trans } from "react-i18next";
import { twoFactorMessage, useFailureWords } from "../messages.ts";
import { CodeForm } from "./CodeForm.tsx";
import { QrCode } from "./QrCode.tsx";

type Enrolment = Extract<TwoFactorEnrolment, { ok: true }>;

/** The key in groups of four, as authenticator apps show keys: easier to read and type. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

/** Enrolment: the QR code and the key for the app, then its first code turns two-factor on. */
export function EnrolTwoFactor({
  enrolment,
  onConfirmed,
  onCancel,
}: {
  enrolment: Enrolment;
  onConfirmed: (backupCodes: string[]) => void;
  onCancel: () => void;
}) {
  const words = useFailureWords();
  const { t } = words;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  async function confirm(code: string): Promise<string | null> {
    const result = await confirmTwoFactor(code);
    // No backup codes exist yet: only the app's code can help here.
    if (!result.ok && result.error === "TwoFactorCodeInvalid") {
      return t("twoFactor.enrol.codeInvalid");
    }
    if (!result.ok) return twoFactorMessage(result, words);
    onConfirmed(result.backupCodes);
    return null;
  }

  return (
    <div className="enrolment">
      <h4 ref={heading} tabIndex={-1}>
        {t("twoFactor.enrol.heading")}
      </h4>
      <ol className="steps">
        <li>
          <p>{t("twoFactor.enrol.scan")}</p>
          <QrCode svg={enrolment.qrSvg} />
        </li>
        <li>
          {/* On a phone, the link may open the app with the key filled in. */}
          <p>
            <Trans
              t={t}
              i18nKey="twoFactor.enrol.cannotScan"
              // biome-ignore lint/a11y/useAnchorContent: Trans fills the link with the message's words.
              components={{ open: <a href={enrolment.uri} /> }}
            />
          </p>
          <p className="secret-key">
            <code data-testid="totp-secret">{grouped(enrolment.secret)}</code>
          </p>
        </li>
        <li>
          <CodeForm
            label={t("twoFactor.enrol.codeLabel")}
            hint={t("twoFactor.enrol.codeHint")}
            submitLabel={t("twoFactor.turnOn")}
            digitsOnly
            onSubmit={confirm}
            onCancel={onCancel}
          />
        </li>
      </ol>
    </div>
  );
}
