import { Trans, useTranslation } from "react-i18next";
import type { ActivityEntry } from "../../api/activity.ts";
import { LogEntry } from "../../components/LogEntry.tsx";
import { describeDevice } from "../../lib/describe-device.ts";
import { useFormat } from "../../lib/use-format.ts";
import { ADMIN_ACTIONS, ADMIN_KINDS } from "./describe-activity.ts";

/** One entry: the sentence, when, and from which browser and address. */
export function ActivityItem({ entry, sentence }: { entry: ActivityEntry; sentence: string }) {
  const { t } = useTranslation("account");
  const { t: common } = useTranslation("common");
  const format = useFormat();
  const failed = entry.kind === "sign-in-failed";
  const device = entry.userAgent ? describeDevice(entry.userAgent, common).label : null;
  // The sentence names the administrator already; a refused sign-in is nobody's own doing.
  const saysWho = failed || ADMIN_KINDS.has(entry.kind) || ADMIN_ACTIONS.has(entry.kind);
  return (
    <LogEntry
      id={entry.id}
      className={failed ? "activity activity-failed" : "activity"}
      testId="activity-entry"
      title={sentence}
      meta={
        <>
          <li>
            <Trans
              t={t}
              i18nKey="activity.when"
              values={{ date: format.dateTime(entry.at), relative: format.relative(entry.at) }}
              components={{ time: <time dateTime={entry.at} /> }}
            />
          </li>
          {device && <li>{device}</li>}
          {entry.ip && <li>{t("activity.address", { ip: entry.ip })}</li>}
          {!entry.byYou && !saysWho && <li>{t("activity.notByYou")}</li>}
        </>
      }
    />
  );
}
