import type { QueryClient } from "@tanstack/react-query";
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
} from "@tanstack/react-router";
import { accountQuery, activityQuery, sessionsQuery } from "./api/queries.ts";
import { RootLayout } from "./components/RootLayout.tsx";
import { auditQuery, overviewQuery, userQuery, usersQuery } from "./features/admin/admin-queries.ts";
import { validateAuditSearch } from "./features/admin/audit/audit-search.ts";
import { validateUserSearch } from "./features/admin/users/user-search.ts";
import { Home } from "./pages/Home.tsx";
import { NotFound } from "./pages/NotFound.tsx";
import { Protected } from "./pages/Protected.tsx";

/** What every route's loader gets: the query client, to start loading a page's data early. */
export interface RouterContext {
  queryClient: QueryClient;
}

// The account console is its own chunk (with bowser, which only its sessions and activity use): a
// visitor of the home page does not download it.
const AccountLayout = lazyRouteComponent(
  () => import("./features/account/AccountLayout.tsx"),
  "AccountLayout",
);
const SignInMethodsPage = lazyRouteComponent(
  () => import("./features/sign-in-methods/SignInMethodsPage.tsx"),
  "SignInMethodsPage",
);
const ProfilePage = lazyRouteComponent(() => import("./features/profile/ProfilePage.tsx"), "ProfilePage");
const SessionsPage = lazyRouteComponent(() => import("./features/sessions/SessionsPage.tsx"), "SessionsPage");
const ActivityPage = lazyRouteComponent(() => import("./features/activity/ActivityPage.tsx"), "ActivityPage");
const DeleteAccountPage = lazyRouteComponent(
  () => import("./features/delete-account/DeleteAccountPage.tsx"),
  "DeleteAccountPage",
);
const AccountDeleted = lazyRouteComponent(() => import("./pages/AccountDeleted.tsx"), "AccountDeleted");

// The admin console is a chunk of its own too (with its styles): only administrators need it.
const AdminLayout = lazyRouteComponent(() => import("./features/admin/AdminLayout.tsx"), "AdminLayout");
const OverviewPage = lazyRouteComponent(
  () => import("./features/admin/overview/OverviewPage.tsx"),
  "OverviewPage",
);
const UsersPage = lazyRouteComponent(() => import("./features/admin/users/UsersPage.tsx"), "UsersPage");
const UserPage = lazyRouteComponent(() => import("./features/admin/user/UserPage.tsx"), "UserPage");
const AuditPage = lazyRouteComponent(() => import("./features/admin/audit/AuditPage.tsx"), "AuditPage");

const root = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

const home = createRoute({ getParentRoute: () => root, path: "/", component: Home });
const protectedPage = createRoute({ getParentRoute: () => root, path: "/protected", component: Protected });
const accountDeleted = createRoute({
  getParentRoute: () => root,
  path: "/account-deleted",
  component: AccountDeleted,
});

// The account console. Loaders start the page's query without waiting for it (a hovered link
// preloads it): each page shows its own loading, empty and error states, and the layout checks the session.
const account = createRoute({
  getParentRoute: () => root,
  path: "/account",
  component: AccountLayout,
  loader: ({ context }) => void context.queryClient.prefetchQuery(accountQuery),
});

/** `/account`: sign-in methods and security; `?linked=<provider>` after linking a provider. */
const signInMethods = createRoute({
  getParentRoute: () => account,
  path: "/",
  component: SignInMethodsPage,
  validateSearch: (search: Record<string, unknown>): { linked?: string } =>
    typeof search.linked === "string" && search.linked !== "" ? { linked: search.linked } : {},
});
const profile = createRoute({ getParentRoute: () => account, path: "/profile", component: ProfilePage });
const sessions = createRoute({
  getParentRoute: () => account,
  path: "/sessions",
  component: SessionsPage,
  loader: ({ context }) => void context.queryClient.prefetchQuery(sessionsQuery),
});
const activity = createRoute({
  getParentRoute: () => account,
  path: "/activity",
  component: ActivityPage,
  loader: ({ context }) => void context.queryClient.prefetchInfiniteQuery(activityQuery),
});
const deleteAccount = createRoute({
  getParentRoute: () => account,
  path: "/delete",
  component: DeleteAccountPage,
});

// The admin console. Its filters live in the URL (linkable, kept on reload); loaders start each page's
// query, and the server refuses non-administrators (AdminLayout then says so).
const admin = createRoute({ getParentRoute: () => root, path: "/admin", component: AdminLayout });
const adminOverview = createRoute({
  getParentRoute: () => admin,
  path: "/",
  component: OverviewPage,
  loader: ({ context }) => void context.queryClient.prefetchQuery(overviewQuery),
});
const adminUsers = createRoute({
  getParentRoute: () => admin,
  path: "/users",
  component: UsersPage,
  validateSearch: validateUserSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchInfiniteQuery(usersQuery(deps)),
});
const adminUser = createRoute({
  getParentRoute: () => admin,
  path: "/users/$id",
  component: UserPage,
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(userQuery(params.id)),
});
const adminAudit = createRoute({
  getParentRoute: () => admin,
  path: "/audit",
  component: AuditPage,
  validateSearch: validateAuditSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchInfiniteQuery(auditQuery(deps)),
});

const routeTree = root.addChildren([
  home,
  protectedPage,
  accountDeleted,
  account.addChildren([signInMethods, profile, sessions, activity, deleteAccount]),
  admin.addChildren([adminOverview, adminUsers, adminUser, adminAudit]),
]);

/** The app's router: the route tree above, with the query client in its context. */
export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    // Hovering or focusing a link starts its page's loader (which starts its query).
    defaultPreload: "intent",
    // The queries decide what is fresh; the router does not keep loader data of its own.
    defaultPreloadStaleTime: 0,
    trailingSlash: "never",
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
