import { useSyncExternalStore } from "react";

const never = () => () => undefined;

/**
 * False in server rendering and while the page hydrates, true once React runs the page: a control whose action needs
 * React (opening a dialog) stays disabled until then, so a tap before hydration is never silently lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
