import { signOutRoute } from "@arcana/protocol/calls";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { useT } from "../../i18n/use-t";
import { ApiRequestError, api, errorMessage } from "../../lib/api";
import { useMutation } from "../../lib/mutation-hook";
import { showToast } from "../../ui/toast-store";

/**
 * Ends the session on the server, forgets every cached answer that belonged to the member and
 * goes home with the loaders re-run, so the header shows a visitor at once.
 */
export function useSignOut() {
  const t = useT();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const leave = async () => {
    queryClient.clear();
    await navigate("/", { replace: true, defaultShouldRevalidate: true });
  };
  return useMutation({
    mutationFn: () => api(signOutRoute),
    onSuccess: leave,
    onError: async (error) => {
      // The session had already ended (expired, or signed out elsewhere): the member is out.
      if (error instanceof ApiRequestError && error.status === 401) return leave();
      showToast({ message: `Could not sign out. ${errorMessage(error, t)}`, tone: "error" });
    },
  });
}
