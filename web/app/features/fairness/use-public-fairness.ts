import { getPublicFairnessRoute } from "@arcana/protocol/calls";
import { api } from "../../lib/api";
import { useQuery } from "../../lib/query-hooks";

/** Stated odds beside observed counts with χ², and how many openings anyone can re-derive (public). */
export function usePublicFairness() {
  return useQuery({
    queryKey: ["boxes", "fairness", "public"],
    queryFn: ({ signal }) => api(getPublicFairnessRoute, { signal }),
  });
}
