import type { Task, TaskConditionKey } from "@arcana/protocol";
import { type MessageId, useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { FormAlert } from "../../ui/form-alert";
import { Spinner } from "../../ui/spinner";
import { formatPoints } from "../account/points";
import styles from "./tasks.module.css";
import { useTasks } from "./use-tasks";

const stateLabels: Record<Task["state"], MessageId> = {
  open: "home.task.open",
  done: "home.task.done",
  rewarded: "home.task.rewarded",
};

/** How the server knows each condition, said in the reader's language. */
const conditionEvidence: Record<TaskConditionKey, MessageId> = {
  wallet_bound: "home.task.evidence.wallet_bound",
  solana_bound: "home.task.evidence.solana_bound",
  pass_minted: "home.task.evidence.pass_minted",
  pass_staked: "home.task.evidence.pass_staked",
  check_in_streak: "home.task.evidence.check_in_streak",
  tarot_recorded_days: "home.task.evidence.tarot_recorded_days",
  boxes_opened: "home.task.evidence.boxes_opened",
  qualified_invites: "home.task.evidence.qualified_invites",
};

/** The member's one-time goals on the dashboard: what each pays, how far along, how the server knows. */
export function TasksList() {
  const tasks = useTasks();
  const t = useT();
  return (
    <Card className={styles.card} aria-labelledby="tasks-title" data-testid="tasks">
      <h2 id="tasks-title" className={styles.title}>
        {t("home.tasks")}
      </h2>
      {tasks.isPending ? (
        <p className={styles.muted} aria-busy="true">
          <Spinner /> {t("home.tasksChecking")}
        </p>
      ) : tasks.isError ? (
        <div className={styles.error}>
          <FormAlert>{errorMessage(tasks.error, t)}</FormAlert>
          <Button size="sm" variant="secondary" onClick={() => tasks.refetch()}>
            {t("shell.tryAgain")}
          </Button>
        </div>
      ) : tasks.data.tasks.length === 0 ? (
        <p className={styles.muted}>{t("home.tasksEmpty")}</p>
      ) : (
        <ul className={styles.list}>
          {tasks.data.tasks.map((task) => (
            <TaskRow key={task.id} task={task} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function TaskRow({ task }: { task: Task }) {
  const { current, target } = task.progress;
  const t = useT();
  return (
    <li className={styles.task} data-testid={`task-${task.id}`} data-state={task.state}>
      <div className={styles.taskHead}>
        <span className={styles.taskTitle}>{task.title}</span>
        <span className={styles.points}>+{formatPoints(task.points, t)}</span>
        <Badge tone={task.state === "rewarded" ? "success" : task.state === "done" ? "gold" : "neutral"}>
          {t(stateLabels[task.state])}
        </Badge>
      </div>
      <progress className={styles.progress} max={target} value={Math.min(current, target)} aria-label={task.title}>
        {t("home.task.progress", { current, target })}
      </progress>
      <p className={styles.verified}>
        {t("home.task.progress", { current: Math.min(current, target), target })} ·{" "}
        {task.conditions.map((key) => t(conditionEvidence[key])).join(" ")}
      </p>
    </li>
  );
}
