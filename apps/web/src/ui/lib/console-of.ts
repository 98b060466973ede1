/**
 * The console a path is in, if any. A move between sections of one console keeps the console's
 * heading and intro on screen, so the focus goes to the section's heading (RootLayout).
 * @example consoleOf("/admin/users/u1") // "admin"
 */
export function consoleOf(pathname: string): "account" | "admin" | null {
  for (const name of ["account", "admin"] as const) {
    if (pathname === `/${name}` || pathname.startsWith(`/${name}/`)) return name;
  }
  return null;
}
