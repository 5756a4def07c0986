import { ACCOUNT_PATHS, type HumanCheckProvider } from "@heartline/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { accountRequests } from "./account-requests";

export const humanCheckKeys = { config: ["human-check", ACCOUNT_PATHS.humanCheckConfig] as const };

const configQuery = {
  queryKey: humanCheckKeys.config,
  queryFn: accountRequests.humanCheckConfig,
  staleTime: Number.POSITIVE_INFINITY,
  retry: 1,
};

/**
 * Which check the server wants (GET /api/captcha/config), asked as soon as a form mounts:
 * `resolveProvider()` is for a submit and waits for the answer (ALTCHA if it never comes).
 */
export function useHumanCheckProvider() {
  const queryClient = useQueryClient();
  useQuery(configQuery);
  const resolveProvider = useCallback(
    (): Promise<HumanCheckProvider> =>
      queryClient.ensureQueryData(configQuery).then(
        (config) => config.provider,
        (): HumanCheckProvider => "altcha",
      ),
    [queryClient],
  );
  return { resolveProvider };
}
