import { useQuery } from "@tanstack/react-query";
import { getRouteApi, Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../api/api-error.ts";
import { Empty, QueryStatus } from "../../../components/QueryStates.tsx";
import { ConsolePage } from "../../account/ConsolePage.tsx";
import { useAccount } from "../../account/use-account.ts";
import { userQuery } from "../admin-queries.ts";
import { userLabel } from "../use-admin-text.ts";
import { ActionsCard } from "./ActionsCard.tsx";
import { ActivityCard } from "./ActivityCard.tsx";
import { DeleteCard } from "./DeleteCard.tsx";
import { MethodsCard } from "./MethodsCard.tsx";
import { ProfileCard } from "./ProfileCard.tsx";
import { SessionsCard } from "./SessionsCard.tsx";
import { UserDeleted } from "./UserDeleted.tsx";

const route = getRouteApi("/admin/users/$id");

/** `/admin/users/$id`: one user — who they are, how they sign in, where, what happened — and the actions. */
export function UserPage() {
  const { id } = route.useParams();
  // Once deleted, the page says so in place (its data is gone: nothing may read it again).
  const [deleted, setDeleted] = useState<string | null>(null);
  if (deleted !== null) return <UserDeleted id={id} label={deleted} />;
  return <UserDetails id={id} onDeleted={setDeleted} />;
}

function UserDetails({ id, onDeleted }: { id: string; onDeleted: (label: string) => void }) {
  const { t } = useTranslation("admin");
  const detail = useQuery(userQuery(id));
  // The administrator's own id: their own account's risky actions belong to another administrator.
  const account = useAccount();
  const data = detail.data;
  const self = data !== undefined && account.data?.user.id === data.user.id;
  const notFound = !data && isApiError(detail.error, "UserNotFound");
  const title = data ? userLabel(data.user) : notFound ? t("user.notFoundTitle") : t("user.title");

  return (
    <ConsolePage title={title}>
      <p className="back-link">
        <Link to="/admin/users">{t("user.backToUsers")}</Link>
      </p>
      <QueryStatus
        query={detail}
        loading={t("user.loading")}
        failed={t("user.failed")}
        unavailable={<Empty testId="user-not-found">{t("user.notFound")}</Empty>}
        unavailableCodes={["UserNotFound"]}
      />
      {data && (
        <>
          <ProfileCard user={data.user} />
          <ActionsCard detail={data} self={self} />
          <SessionsCard user={data.user} sessions={data.sessions} />
          <MethodsCard detail={data} />
          <ActivityCard user={data.user} activity={data.activity} />
          {!self && <DeleteCard user={data.user} onDeleted={onDeleted} />}
        </>
      )}
    </ConsolePage>
  );
}
