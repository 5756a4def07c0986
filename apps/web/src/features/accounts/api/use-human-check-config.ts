import { ACCOUNT_PATHS, type HumanCheckProvider } from "@heartline/shared";
import { useQuery } from "@tanstack/react-query";
import { accountRequests } from "./account-requests";

export const humanCheckKeys = { config: ["human-check", ACCOUNT_PATHS.humanCheckConfig] as const };

/** Which check the server wants (GET /api/captcha/config); ALTCHA until it has answered. */
export function useHumanCheckProvider(): HumanCheckProvider {
  const query = useQuery({
    queryKey: humanCheckKeys.config,
    queryFn: accountRequests.humanCheckConfig,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  return query.data?.provider ?? "altcha";
}
