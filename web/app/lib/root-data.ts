import { useRouteLoaderData } from "react-router";
import type { loader } from "../root";

/** The root loader's data (config, session user); undefined only when the root loader failed. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}
