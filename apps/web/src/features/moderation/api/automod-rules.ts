import { AUTOMOD_PATHS, type AutomodRule, type CreateAutomodRuleInput } from "@heartline/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/http-client";
import { moderationKeys } from "./moderation-keys";

const automodRulesKey = () => [...moderationKeys.all, "automod-rules"] as const;

/** AutoMod's rules, built-ins first (issue #15); admins only, the server answers 403 to others. */
export function useAutomodRules() {
  return useQuery({
    queryKey: automodRulesKey(),
    queryFn: () => apiRequest<{ rules: AutomodRule[] }>(AUTOMOD_PATHS.adminRules),
  });
}

export function useAddAutomodRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAutomodRuleInput) =>
      apiRequest<{ rule: AutomodRule }>(AUTOMOD_PATHS.adminRules, { method: "POST", json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automodRulesKey() }),
  });
}

export function useRemoveAutomodRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ removed: boolean }>(AUTOMOD_PATHS.adminRule(id), { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automodRulesKey() }),
  });
}
