import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "./api/api-error.ts";

/**
 * The console's query client. A refusal (4xx: signed out, not found, refused) is an answer, not a
 * glitch: it is not retried. No answer, or a server error, is tried twice more.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        retry: (failures, error) =>
          failures < 2 && (!isApiError(error) || error.status === 0 || error.status >= 500),
      },
      mutations: { retry: false },
    },
  });
}
