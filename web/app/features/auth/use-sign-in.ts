import type { ApiRouteInput } from "@arcana/protocol";
import { sendSignInCodeRoute, signInRoute } from "@arcana/protocol/calls";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api } from "../../lib/api";
import { useMutation } from "../../lib/mutation-hook";
import { memberQueryKey } from "../account/use-member";

/** E-mails a sign-in code; the answer says when another may be asked for. */
export function useSendCode() {
  return useMutation({
    mutationFn: (email: string) => api(sendSignInCodeRoute, { body: { email, check_email: true } }),
  });
}

/**
 * Signs in by code or password. On success the member's profile goes into the cache and the
 * app moves to `redirectTo` with every loader re-run, so the header shows the account at once.
 */
export function useSignIn(redirectTo: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (request: ApiRouteInput<typeof signInRoute>["body"]) => api(signInRoute, { body: request }),
    onSuccess: async ({ user }) => {
      // Nothing cached for a previous visitor or account may leak into this session.
      queryClient.removeQueries();
      queryClient.setQueryData(memberQueryKey(user.uid), user);
      await navigate(redirectTo, { replace: true, defaultShouldRevalidate: true });
    },
  });
}
