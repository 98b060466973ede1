import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../api/error-message.ts";
import { activityQuery } from "../../api/queries.ts";
import { Empty, QueryStatus } from "../../components/QueryStates.tsx";
import { methodName } from "../../lib/method-name.ts";
import { useProviders } from "../../use-providers.ts";
import { ConsolePage } from "../account/ConsolePage.tsx";
import { ActivityItem } from "./ActivityItem.tsx";
import { describeActivity } from "./describe-activity.ts";

/** `/account/activity`: the person's own security activity, newest first, a page at a time. */
export function ActivityPage() {
  const { t } = useTranslation("account");
  const { t: common } = useTranslation("common");
  const say = useErrorMessage();
  const activity = useInfiniteQuery(activityQuery);
  const providers = useProviders();
  const nameOf = (method: string) => methodName(method, providers, common);
  const entries = activity.data?.pages.flatMap((page) => page.entries) ?? [];

  // After "Load more", focus goes to the first entry it brought: the button may be gone (the last
  // page), and a screen reader then reads on from the new entries.
  const firstNew = useRef<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const pages = activity.data?.pages.length ?? 0;
  useEffect(() => {
    if (!firstNew.current || pages < 2) return;
    list.current?.querySelector<HTMLElement>(`[data-entry="${CSS.escape(firstNew.current)}"]`)?.focus();
    firstNew.current = null;
  }, [pages]);

  async function loadMore() {
    const result = await activity.fetchNextPage();
    const last = result.data?.pages.at(-1);
    firstNew.current = last?.entries[0]?.id ?? null;
  }

  return (
    <ConsolePage title={t("nav.activity")} intro={t("activity.intro")}>
      <div className="card">
        <QueryStatus
          query={activity}
          loading={t("activity.loading")}
          failed={t("activity.failed")}
          unavailable={<Empty>{t("activity.unavailable")}</Empty>}
        />
        {/* Kept on screen when "Load more" fails: the error is then the query's, the pages are still there. */}
        {activity.data &&
          (entries.length === 0 ? (
            <Empty>{t("activity.none")}</Empty>
          ) : (
            <>
              <ol className="item-list activity-list" aria-label={t("activity.list")} ref={list}>
                {entries.map((entry) => (
                  <ActivityItem
                    key={entry.id}
                    entry={entry}
                    sentence={describeActivity(entry, { nameOf, t })}
                  />
                ))}
              </ol>
              {activity.isFetchNextPageError && (
                <p className="field-error" role="alert">
                  {t("activity.moreFailed", { reason: say(activity.error) })}
                </p>
              )}
              {activity.hasNextPage && (
                <div className="actions">
                  <button
                    type="button"
                    className="button button-quiet"
                    disabled={activity.isFetchingNextPage}
                    onClick={() => void loadMore()}
                  >
                    {activity.isFetchingNextPage ? common("actions.loading") : t("activity.loadMore")}
                  </button>
                </div>
              )}
            </>
          ))}
      </div>
    </ConsolePage>
  );
}
