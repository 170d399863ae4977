import { useRootData } from "../../lib/root-data";

/** The signed-in member as the server rendered the page, or null for a visitor. */
export function useSessionUser() {
  return useRootData()?.user ?? null;
}
