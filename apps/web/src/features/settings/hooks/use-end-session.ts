import { useQueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { useNavigate } from "react-router";
import { forgetSession } from "../../accounts";
import { profileKeys } from "../../profiles";

/**
 * After the server ended the session (sign out everywhere, account deleted): the app forgets the
 * user the way a logout does (spec §4 Logout: explicit-logout marker, stored auth cleared), drops
 * cached profiles, goes home and says what happened.
 */
export function useEndSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (message: string) => {
    forgetSession(queryClient);
    queryClient.removeQueries({ queryKey: profileKeys.all });
    void navigate("/", { replace: true });
    toast.success(message);
  };
}
