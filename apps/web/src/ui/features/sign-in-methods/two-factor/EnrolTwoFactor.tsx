import { confirmTwoFactor, type TwoFactorEnrolment } from "@gatehouse/react/two-factor";
import { useEffect, useRef } from "react";
import { twoFactorMessage } from "../messages.ts";
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
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  async function confirm(code: string): Promise<string | null> {
    const result = await confirmTwoFactor(code);
    // No backup codes exist yet: only the app's code can help here.
    if (!result.ok && result.error === "TwoFactorCodeInvalid") {
      return "That code is not right. Enter the 6-digit code the app shows now.";
    }
    if (!result.ok) return twoFactorMessage(result);
    onConfirmed(result.backupCodes);
    return null;
  }

  return (
    <div className="enrolment">
      <h4 ref={heading} tabIndex={-1}>
        Set up your authenticator app
      </h4>
      <ol className="steps">
        <li>
          <p>
            Scan this QR code with an authenticator app, such as 1Password, Google Authenticator or Aegis.
          </p>
          <QrCode svg={enrolment.qrSvg} />
        </li>
        <li>
          {/* On a phone, the link may open the app with the key filled in. */}
          <p>
            Cannot scan it? Enter this key in the app, or{" "}
            <a href={enrolment.uri}>open it in an authenticator app on this device</a>:
          </p>
          <p className="secret-key">
            <code data-testid="totp-secret">{grouped(enrolment.secret)}</code>
          </p>
        </li>
        <li>
          <CodeForm
            label="Code from the app"
            hint="The 6-digit code the app shows for this account."
            submitLabel="Turn on two-factor authentication"
            digitsOnly
            onSubmit={confirm}
            onCancel={onCancel}
          />
        </li>
      </ol>
    </div>
  );
}
