import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import type { AuditEntry } from "../../../api/admin.ts";
import { LogEntry } from "../../../components/LogEntry.tsx";
import en from "../../../i18n/admin/en.ts";
import { type AdminText, useAdminText } from "../use-admin-text.ts";
import { isKnownKind } from "./audit-search.ts";
import { type EntryFact, entryFacts } from "./entry-facts.ts";

/** A user an entry names, as a link to their page (the translation's `<who>` element). */
function Who({ id, children }: { id: string; children?: ReactNode }) {
  return (
    <Link to="/admin/users/$id" params={{ id }}>
      {children}
    </Link>
  );
}

/**
 * One audit entry: what happened, when, who did it to whom (each a link), from where, and its facts.
 * `subject` off on a user's own page, where every entry is about them.
 */
export function AuditItem({ entry, subject = true }: { entry: AuditEntry; subject?: boolean }) {
  const { t } = useTranslation("admin");
  const text = useAdminText();
  const failed = entry.kind === "sign-in-failed";
  const facts = entryFacts(entry.detail);
  // Someone acting on their own account is the subject: "by" adds nothing then.
  const byOther = entry.actorId !== null && entry.actorId !== entry.subjectId;
  // A user who is gone has no address any more: their id's start tells entries apart.
  const who = (email: string | null, id: string) => email ?? t("audit.deletedUser", { id: id.slice(0, 8) });
  return (
    <LogEntry
      id={entry.id}
      className={failed ? "audit-entry audit-failed" : "audit-entry"}
      testId="audit-entry"
      title={isKnownKind(entry.kind) ? t(`kinds.${entry.kind}`) : entry.kind}
      meta={
        <>
          <li>
            <time dateTime={entry.at}>{text.dateTime(entry.at)}</time> ({text.relative(entry.at)})
          </li>
          {subject && entry.subjectId && (
            <li>
              <Trans
                t={t}
                i18nKey="audit.about"
                values={{ who: who(entry.subjectEmail, entry.subjectId) }}
                components={{ who: <Who id={entry.subjectId} /> }}
              />
            </li>
          )}
          {byOther && entry.actorId && (
            <li data-testid="audit-actor">
              <Trans
                t={t}
                i18nKey="audit.by"
                values={{ who: who(entry.actorEmail, entry.actorId) }}
                components={{ who: <Who id={entry.actorId} /> }}
              />
            </li>
          )}
          {entry.ip && <li>{t("audit.address", { ip: entry.ip })}</li>}
          {entry.userAgent && <li>{text.device(entry.userAgent)}</li>}
        </>
      }
    >
      {facts.length > 0 && (
        <dl className="facts">
          {facts.map((fact) => (
            // A reason is a sentence: it gets the row to itself.
            <div key={fact.key} className={fact.key === "reason" ? "fact-wide" : undefined}>
              <dt>{factLabel(fact.key, t)}</dt>
              <dd>{factValue(entry.kind, fact, text, t)}</dd>
            </div>
          ))}
        </dl>
      )}
    </LogEntry>
  );
}

type T = ReturnType<typeof useTranslation<"admin">>["t"];

/** The name of a fact; one this console does not know keeps its key. */
function factLabel(key: string, t: T): string {
  return Object.hasOwn(en.detail, key) ? t(`detail.${key as keyof typeof en.detail}`) : key;
}

function factValue(kind: string, { key, value }: EntryFact, text: AdminText, t: T): string {
  if (typeof value === "boolean") return value ? t("general.yes") : t("general.no");
  if (typeof value === "number") return text.number(value);
  if (kind === "role-changed" && (key === "from" || key === "to")) return text.role(value);
  if (value === null) return t("general.none");
  // A refused sign-in's reason is a code; an administrator's is their own words.
  if (key === "reason" && kind === "sign-in-failed") return text.reason(value);
  if (key === "method" || key === "provider" || key === "secondFactor" || key === "proof") {
    return text.proof(value);
  }
  return value;
}
