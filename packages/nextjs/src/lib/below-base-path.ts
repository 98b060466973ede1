/** Whether a path is the base path itself or below it: `/api/auth/session` is, `/api/authx` is not. */
export function belowBasePath(pathname: string, basePath: string): boolean {
  return pathname === basePath || pathname.startsWith(`${basePath}/`);
}
