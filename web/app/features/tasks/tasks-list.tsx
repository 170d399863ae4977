import type { Task } from "@arcana/protocol";
import { errorMessage } from "../../lib/api";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { FormAlert } from "../../ui/form-alert";
import { Spinner } from "../../ui/spinner";
import { formatPoints } from "../account/points";
import styles from "./tasks.module.css";
import { useTasks } from "./use-tasks";

const stateLabels: Record<Task["state"], string> = { open: "To do", done: "Done", rewarded: "Rewarded" };

/** The member's one-time goals on the dashboard: what each pays, how far along, how the server knows. */
export function TasksList() {
  const tasks = useTasks();
  return (
    <Card className={styles.card} aria-labelledby="tasks-title" data-testid="tasks">
      <h2 id="tasks-title" className={styles.title}>
        Tasks
      </h2>
      {tasks.isPending ? (
        <p className={styles.muted} aria-busy="true">
          <Spinner /> Checking your tasks…
        </p>
      ) : tasks.isError ? (
        <div className={styles.error}>
          <FormAlert>{errorMessage(tasks.error)}</FormAlert>
          <Button size="sm" variant="secondary" onClick={() => tasks.refetch()}>
            Try again
          </Button>
        </div>
      ) : tasks.data.tasks.length === 0 ? (
        <p className={styles.muted}>No tasks right now. New ones will appear here.</p>
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
  return (
    <li className={styles.task} data-testid={`task-${task.id}`} data-state={task.state}>
      <div className={styles.taskHead}>
        <span className={styles.taskTitle}>{task.title}</span>
        <span className={styles.points}>+{formatPoints(task.points)}</span>
        <Badge tone={task.state === "rewarded" ? "success" : task.state === "done" ? "gold" : "neutral"}>
          {stateLabels[task.state]}
        </Badge>
      </div>
      <progress className={styles.progress} max={target} value={Math.min(current, target)} aria-label={task.title}>
        {current} of {target}
      </progress>
      <p className={styles.verified}>
        {Math.min(current, target)} of {target} · {task.verified_by}
      </p>
    </li>
  );
}
