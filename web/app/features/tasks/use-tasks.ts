import { consumeTasksRoute } from "@arcana/protocol/calls";
import { useEffect, useRef } from "react";
import { useT } from "../../i18n/use-t";
import { api } from "../../lib/api";
import { useQuery } from "../../lib/query-hooks";
import { useToastStore } from "../../ui/toast-store";
import { formatPoints } from "../account/points";
import { useMember } from "../account/use-member";
import { usePointsMoved } from "../account/use-points-moved";

export function tasksQueryKey(uid: string) {
  return ["tasks", uid] as const;
}

/**
 * The member's tasks. Reading them is what credits the completed ones (the server grants each
 * once), so when an answer says it granted something, the header's points follow and a toast says so.
 */
export function useTasks() {
  const member = useMember();
  const pointsMoved = usePointsMoved(() => []);
  const showToast = useToastStore((state) => state.showToast);
  const t = useT();
  const query = useQuery({
    queryKey: tasksQueryKey(member?.uid ?? ""),
    queryFn: ({ signal }) => api(consumeTasksRoute, { signal }),
    enabled: member !== null,
  });
  const answer = query.data;
  // Each answer is announced once, however often the member's profile re-renders this.
  const announced = useRef<typeof answer>(undefined);

  useEffect(() => {
    if (!answer || answer.granted.length === 0 || !member || announced.current === answer) return;
    announced.current = answer;
    void pointsMoved(answer.pts);
    for (const grant of answer.granted) {
      const title = answer.tasks.find((task) => task.id === grant.id)?.title ?? grant.id;
      showToast({
        tone: "success",
        message: t("home.task.complete", { title, points: formatPoints(grant.points, t) }),
      });
    }
  }, [answer, member, pointsMoved, showToast, t]);

  return query;
}
