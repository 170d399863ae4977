import type { MemberSession } from "@arcana/protocol";
import { endSessionRoute, listSessionsRoute, signOutEverywhereRoute } from "@arcana/protocol/calls";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { type Translate, useT } from "../../i18n/use-t";
import { api, errorMessage } from "../../lib/api";
import { useMutation } from "../../lib/mutation-hook";
import { useQuery } from "../../lib/query-hooks";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { FormAlert } from "../../ui/form-alert";
import { LocalTime } from "../genesis-pass/local-time";
import styles from "./sessions-panel.module.css";

export const sessionsQueryKey = (uid: string) => ["sessions", uid] as const;

function deviceName(session: MemberSession, t: Translate): string {
  if (session.browser && session.os) return t("account.sessionDevice", { browser: session.browser, os: session.os });
  return session.browser ?? session.os ?? t("account.sessionUnknownDevice");
}

/**
 * Where the member is signed in (browser, system, last seen), with a way to end any of those
 * sessions or all of them at once (issue 26, finding 2): a stolen session can be cut off.
 */
export function SessionsPanel({ uid }: { uid: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const sessions = useQuery({
    queryKey: sessionsQueryKey(uid),
    queryFn: ({ signal }) => api(listSessionsRoute, { signal }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey(uid) });
  const leave = async () => {
    queryClient.clear();
    await navigate("/", { replace: true, defaultShouldRevalidate: true });
  };
  const endOne = useMutation({
    mutationFn: (session: MemberSession) => api(endSessionRoute, { params: { id: session.id } }),
    onSuccess: (_, session) => (session.current ? leave() : refresh()),
  });
  const endAll = useMutation({ mutationFn: () => api(signOutEverywhereRoute), onSuccess: leave });
  const failure = endOne.error ?? endAll.error ?? sessions.error;

  return (
    <Card className={styles.card} aria-labelledby="sessions-title">
      <h2 id="sessions-title" className={styles.title}>
        {t("account.sessionsTitle")}
      </h2>
      <p className={styles.intro}>{t("account.sessionsIntro")}</p>
      {sessions.data && (
        <ul className={styles.list}>
          {sessions.data.map((session) => (
            <li key={session.id} className={styles.session}>
              <div>
                <strong>{deviceName(session, t)}</strong>
                {session.current && <span className={styles.current}> · {t("account.sessionThisDevice")}</span>}
                <p className={styles.seen}>
                  {t("account.sessionLastSeen")} <LocalTime ms={Date.parse(session.last_seen_at)} />
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                loading={endOne.isPending && endOne.variables?.id === session.id}
                onClick={() => endOne.mutate(session)}
                aria-label={t(session.current ? "account.sessionEndCurrentLabel" : "account.sessionEndLabel", {
                  device: deviceName(session, t),
                })}
              >
                {t("account.sessionEnd")}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {failure && <FormAlert>{errorMessage(failure, t)}</FormAlert>}
      <Button variant="danger" loading={endAll.isPending} onClick={() => endAll.mutate()} className={styles.all}>
        {t("account.signOutEverywhere")}
      </Button>
    </Card>
  );
}
