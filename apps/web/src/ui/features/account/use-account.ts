import { useQuery } from "@tanstack/react-query";
import { accountQuery } from "../../api/queries.ts";

/** The signed-in user's account (`GET account`): profile, sign-in methods, what can be linked. */
export function useAccount() {
  return useQuery(accountQuery);
}
