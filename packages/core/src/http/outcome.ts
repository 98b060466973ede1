import type { RenderedPage } from "../pages/render-page.ts";

/** What an action decided; turned into a Response in one place (`respond`). */
export type Outcome =
  | { type: "redirect"; url: string /** status of the JSON-mode answer; default 200 */; status?: number }
  | { type: "json"; body: unknown; status?: number; headers?: Record<string, string> }
  /**
   * A page. `afterPost`: where a browser's form POST goes instead (redirect after POST), so a reload
   * shows the page again rather than posting the form a second time; an endpoint that answers JSON
   * and any other method render the page in place.
   */
  | { type: "page"; page: RenderedPage; afterPost?: string };

export function redirect(url: string, status?: number): Outcome {
  return status === undefined ? { type: "redirect", url } : { type: "redirect", url, status };
}

export function json(body: unknown, status = 200, headers?: Record<string, string>): Outcome {
  return headers ? { type: "json", body, status, headers } : { type: "json", body, status };
}
