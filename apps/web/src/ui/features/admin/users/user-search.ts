import type { SortOrder, UserListQuery, UserSort } from "../../../api/admin.ts";

/** The users list's URL search parameters: the API's own names, so a view can be linked and reloaded. */
export type UserSearch = UserListQuery;

const SORTS: readonly UserSort[] = ["created", "email", "name"];
const ORDERS: readonly SortOrder[] = ["asc", "desc"];
/** The server's limits (core admin-users): longer text is refused there, so it is dropped here. */
const MAX_QUERY = 200;
const MAX_ROLE = 64;

/** `true` / `false`, as the router parses them (JSON) or as typed into the address bar. */
function flag(value: unknown): boolean | undefined {
  if (value === true || value === "true") return true;
  if (value === false || value === "false") return false;
  return undefined;
}

/** Text the router may have parsed as a number (`?q=123`): back to the text it was. */
function text(value: unknown, max: number): string | undefined {
  const raw = typeof value === "number" ? String(value) : typeof value === "string" ? value : "";
  const trimmed = raw.trim();
  return trimmed !== "" && trimmed.length <= max ? trimmed : undefined;
}

/**
 * The router's `validateSearch` of `/admin/users`: what the URL says, narrowed; anything else is
 * dropped (a hand-edited or stale link still opens the list). The default sort (newest first) is
 * left out, so the plain list's URL stays `/admin/users`.
 *
 * @example validateUserSearch({ q: "ada", disabled: "true", sort: "nope" }) // { q: "ada", disabled: true }
 */
export function validateUserSearch(raw: Record<string, unknown>): UserSearch {
  const search: UserSearch = {};
  const q = text(raw.q, MAX_QUERY);
  if (q) search.q = q;
  for (const name of ["disabled", "unverified", "twoFactor"] as const) {
    const value = flag(raw[name]);
    if (value !== undefined) search[name] = value;
  }
  const role = text(raw.role, MAX_ROLE);
  if (role) search.role = role;
  const sort = SORTS.find((candidate) => candidate === raw.sort);
  const order = ORDERS.find((candidate) => candidate === raw.order);
  const { sort: plainSort, order: plainOrder } = sortOf(sort, order);
  if (plainSort !== "created" || plainOrder !== "desc") {
    search.sort = plainSort;
    search.order = plainOrder;
  }
  return search;
}

/** The sort and order a list query means: newest first by default, A to Z for email and name. */
export function sortOf(sort?: UserSort, order?: SortOrder): { sort: UserSort; order: SortOrder } {
  const by = sort ?? "created";
  return { sort: by, order: order ?? (by === "created" ? "desc" : "asc") };
}

/** The sort choices of the list's one "Sort by" field, as `<sort>-<order>`. */
export const SORT_CHOICES = [
  "created-desc",
  "created-asc",
  "email-asc",
  "email-desc",
  "name-asc",
  "name-desc",
] as const;

export type SortChoice = (typeof SORT_CHOICES)[number];

/** The field's value for a search. */
export function sortChoiceOf(search: UserSearch): SortChoice {
  const { sort, order } = sortOf(search.sort, search.order);
  return `${sort}-${order}`;
}

/** Whether the search narrows the list (a filter or search text), as opposed to sorting it. */
export function isFiltered(search: UserSearch): boolean {
  return (
    search.q !== undefined ||
    search.disabled !== undefined ||
    search.unverified !== undefined ||
    search.twoFactor !== undefined ||
    search.role !== undefined
  );
}

/** What the filter form holds: every field as its `<input>` / `<select>` value. */
export interface UserFilterFields {
  q: string;
  status: "" | "enabled" | "disabled";
  email: "" | "verified" | "unverified";
  twoFactor: "" | "on" | "off";
  role: string;
  sort: SortChoice;
}

/** The form's fields for a search (the page's URL). */
export function fieldsOf(search: UserSearch): UserFilterFields {
  const yesNo = <T extends string>(value: boolean | undefined, yes: T, no: T): "" | T =>
    value === undefined ? "" : value ? yes : no;
  return {
    q: search.q ?? "",
    status: yesNo(search.disabled, "disabled", "enabled"),
    email: yesNo(search.unverified, "unverified", "verified"),
    twoFactor: yesNo(search.twoFactor, "on", "off"),
    role: search.role ?? "",
    sort: sortChoiceOf(search),
  };
}

/** The search (the URL to go to) for what the form holds. */
export function searchOf(fields: UserFilterFields): UserSearch {
  const [sort, order] = fields.sort.split("-") as [UserSort, SortOrder];
  return validateUserSearch({
    q: fields.q,
    disabled: fields.status === "" ? undefined : fields.status === "disabled",
    unverified: fields.email === "" ? undefined : fields.email === "unverified",
    twoFactor: fields.twoFactor === "" ? undefined : fields.twoFactor === "on",
    role: fields.role,
    sort,
    order,
  });
}
