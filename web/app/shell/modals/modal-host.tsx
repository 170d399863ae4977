import { lazy, Suspense, useEffect, useState } from "react";
import { whenIdle } from "../../lib/when-idle";
import { modalNames, useModalStore } from "./modal-store";

// The dialogs and their bodies are not part of the first paint: they load while the browser is
// idle after the page is up, or at once when something opens a modal before then.
const loadAppModals = () => import("./app-modals");
const AppModals = lazy(loadAppModals);

/** Renders the open app-wide modals; mounted once, from the root. */
export function ModalHost() {
  const anyOpen = useModalStore((state) => modalNames.some((name) => state[name]));
  const [idle, setIdle] = useState(false);

  useEffect(
    () =>
      whenIdle(() => {
        // A failed prefetch is retried when a modal opens, where a failure shows.
        loadAppModals().then(
          () => setIdle(true),
          () => undefined,
        );
      }),
    [],
  );

  if (!anyOpen && !idle) return null;
  return (
    <Suspense fallback={null}>
      <AppModals />
    </Suspense>
  );
}
