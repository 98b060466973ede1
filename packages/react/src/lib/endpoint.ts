/** The endpoint of a client's options: `baseUrl` + `basePath` (default `/api/auth`). */
export function endpointOf({
  basePath = "/api/auth",
  baseUrl = "",
}: {
  basePath?: string;
  baseUrl?: string;
}): string {
  return baseUrl.replace(/\/$/, "") + basePath;
}
