import type { ProviderMap } from "@gatehouse/react";
import { useMutation } from "@tanstack/react-query";
import { useId } from "react";
import { isApiError } from "../../api/api-error.ts";
import { revokeSession, type SessionInfo } from "../../api/sessions.ts";
import { describeDevice, deviceTypeName } from "../../lib/describe-device.ts";
import { formatDateTime, formatRelative } from "../../lib/format-time.ts";
import { methodName } from "../../lib/method-name.ts";

/** One session: the device, where and how it signed in, when it was last active, and "Sign out". */
export function SessionItem({
  session,
  providers,
  onRevoked,
}: {
  session: SessionInfo;
  providers: ProviderMap | null;
  onRevoked: (message: string) => void;
}) {
  const id = useId();
  const device = describeDevice(session.userAgent);
  const revoke = useMutation({
    mutationFn: () => revokeSession(session.id),
    onSuccess: () => onRevoked(`Signed out of ${device.label}.`),
    onError: (error) => {
      // Ended already (it expired, or another tab signed it out): the list is simply out of date.
      if (isApiError(error, "SessionNotFound")) onRevoked("That session had ended already.");
    },
  });

  return (
    <li className={session.current ? "item session session-current" : "item session"} data-testid="session">
      <div className="item-summary">
        <p className="item-name" id={`${id}-name`}>
          {device.label}
          {session.current && <span className="badge">This device</span>}
        </p>
        <dl className="facts">
          <div>
            <dt>Device</dt>
            <dd>{deviceTypeName(device.type)}</dd>
          </div>
          <div>
            <dt>Address</dt>
            <dd>{session.ip ?? "Not known"}</dd>
          </div>
          <div>
            <dt>Signed in with</dt>
            <dd>{methodName(session.method, providers)}</dd>
          </div>
          <div>
            <dt>Signed in</dt>
            <dd>
              <time dateTime={session.createdAt}>{formatDateTime(session.createdAt)}</time>
            </dd>
          </div>
          <div>
            <dt>Last active</dt>
            <dd>
              <time dateTime={session.lastActiveAt} title={formatDateTime(session.lastActiveAt)}>
                {formatRelative(session.lastActiveAt)}
              </time>
            </dd>
          </div>
        </dl>
      </div>
      {!session.current && (
        <div className="actions actions-compact">
          <button
            type="button"
            className="button button-quiet button-danger"
            disabled={revoke.isPending}
            onClick={() => revoke.mutate()}
          >
            {revoke.isPending ? "Signing out…" : "Sign out"}
            <span className="visually-hidden"> of {device.label}</span>
          </button>
        </div>
      )}
      {revoke.isError && !isApiError(revoke.error, "SessionNotFound") && (
        <p className="field-error" role="alert">
          {revoke.error.message}
        </p>
      )}
    </li>
  );
}
