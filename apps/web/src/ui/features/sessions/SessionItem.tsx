import type { ProviderMap } from "@gatehouse/react";
import { useMutation } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/api-error.ts";
import { useErrorMessage } from "../../api/error-message.ts";
import { revokeSession, type SessionInfo } from "../../api/sessions.ts";
import { describeDevice, deviceTypeName } from "../../lib/describe-device.ts";
import { methodName } from "../../lib/method-name.ts";
import { signedInWith } from "../../lib/signed-in-with.ts";
import { useFormat } from "../../lib/use-format.ts";

/**
 * One session: the device, where and how it signed in (the method, and the second factor it
 * passed), when it was last active, and "Sign out".
 */
export function SessionItem({
  session,
  providers,
  onRevoked,
}: {
  session: SessionInfo;
  providers: ProviderMap | null;
  onRevoked: (message: string) => void;
}) {
  const { t } = useTranslation("account");
  const { t: common } = useTranslation("common");
  const say = useErrorMessage();
  const format = useFormat();
  const id = useId();
  const device = describeDevice(session.userAgent, common);
  const how = signedInWith(session, {
    nameOf: (id) => methodName(id, providers, common),
    plus: (key, values) => t(`sessions.secondFactor.${key}`, values),
  });
  const revoke = useMutation({
    mutationFn: () => revokeSession(session.id),
    onSuccess: () => onRevoked(t("sessions.signedOutOf", { device: device.label })),
    onError: (error) => {
      // Ended already (it expired, or another tab signed it out): the list is simply out of date.
      if (isApiError(error, "SessionNotFound")) onRevoked(t("sessions.alreadyEnded"));
    },
  });

  return (
    <li className={session.current ? "item session session-current" : "item session"} data-testid="session">
      <div className="item-summary">
        <p className="item-name" id={`${id}-name`}>
          {device.label}
          {session.current && <span className="badge">{t("sessions.thisDevice")}</span>}
        </p>
        <dl className="facts">
          <div>
            <dt>{t("sessions.device")}</dt>
            <dd>{deviceTypeName(device.type, common)}</dd>
          </div>
          <div>
            <dt>{t("sessions.address")}</dt>
            <dd>{session.ip ?? t("sessions.notKnown")}</dd>
          </div>
          <div>
            <dt>{t("sessions.signedInWith")}</dt>
            <dd>{how}</dd>
          </div>
          <div>
            <dt>{t("sessions.signedIn")}</dt>
            <dd>
              <time dateTime={session.createdAt}>{format.dateTime(session.createdAt)}</time>
            </dd>
          </div>
          <div>
            <dt>{t("sessions.lastActive")}</dt>
            <dd>
              <time dateTime={session.lastActiveAt} title={format.dateTime(session.lastActiveAt)}>
                {format.relative(session.lastActiveAt)}
              </time>
            </dd>
          </div>
        </dl>
      </div>
      {!session.current && (
        <div className="actions actions-compact">
          {/* Its name says which session: "Sign out of Safari 17.5 on iOS 17.5", a sentence of the language. */}
          <button
            type="button"
            className="button button-quiet button-danger"
            disabled={revoke.isPending}
            aria-label={revoke.isPending ? undefined : t("sessions.signOutOf", { device: device.label })}
            onClick={() => revoke.mutate()}
          >
            {revoke.isPending ? t("sessions.signingOut") : t("sessions.signOut")}
          </button>
        </div>
      )}
      {revoke.isError && !isApiError(revoke.error, "SessionNotFound") && (
        <p className="field-error" role="alert">
          {say(revoke.error)}
        </p>
      )}
    </li>
  );
}
