import { useInfiniteQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { AuditEntry } from "../../../api/admin.ts";
import { Empty, QueryStatus } from "../../../components/QueryStates.tsx";
import { ConsolePage } from "../../account/ConsolePage.tsx";
import { auditQuery } from "../admin-queries.ts";
import { LoadMore } from "../LoadMore.tsx";
import { useLoadMore } from "../use-load-more.ts";
import { AuditFilters } from "./AuditFilters.tsx";
import { AuditItem } from "./AuditItem.tsx";

const route = getRouteApi("/admin/audit");

const entryOf = (id: string) => `[data-entry="${CSS.escape(id)}"]`;

/** `/admin/audit`: the site's audit log, newest first, filtered by the URL, a page at a time. */
export function AuditPage() {
  const { t } = useTranslation("admin");
  const search = route.useSearch();
  const audit = useInfiniteQuery(auditQuery(search));
  const entries = audit.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Object.keys(search).length > 0;

  // After "Load more", the focus goes to the first entry it brought.
  const { list, loadMore } = useLoadMore<AuditEntry, HTMLOListElement>(audit, entryOf);

  return (
    <ConsolePage title={t("audit.title")} intro={t("audit.intro")}>
      <AuditFilters key={JSON.stringify(search)} search={search} />
      <div className="card">
        <QueryStatus query={audit} loading={t("audit.loading")} failed={t("audit.failed")} />
        {audit.data &&
          (entries.length === 0 ? (
            <Empty testId="audit-empty">{filtered ? t("audit.none") : t("audit.empty")}</Empty>
          ) : (
            <>
              <ol className="item-list" aria-label={t("audit.listLabel")} ref={list}>
                {entries.map((entry) => (
                  <AuditItem key={entry.id} entry={entry} />
                ))}
              </ol>
              <LoadMore query={audit} onLoadMore={loadMore} />
            </>
          ))}
      </div>
    </ConsolePage>
  );
}
