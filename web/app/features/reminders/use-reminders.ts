import type { ReminderChoice, ReminderSettings } from "@arcana/protocol";
import { getMyRemindersRoute, setMyRemindersRoute } from "@arcana/protocol/calls";
import { useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { useMutation } from "../../lib/mutation-hook";
import { useQuery } from "../../lib/query-hooks";

export const remindersQueryKey = (uid: string) => ["reminders", uid] as const;

/** The member's streak-reminder choice, and one way to change it that refreshes every view of it. */
export function useReminders(uid: string) {
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: remindersQueryKey(uid),
    queryFn: ({ signal }) => api(getMyRemindersRoute, { signal }),
  });
  const choose = useMutation({
    mutationFn: (choice: ReminderChoice) => api(setMyRemindersRoute, { body: choice }),
    onSuccess: (saved: ReminderSettings) => queryClient.setQueryData(remindersQueryKey(uid), saved),
  });
  return { settings, choose };
}

/** `20:00 GMT`: how a send hour reads in every language (GMT is the product's clock). */
export function gmtHour(hour: number): string {
  return `${String(hour).padStart(2, "0")}:00 GMT`;
}
