import { type BoxResults, boxLimits, type Language, type PublicFairness, type PublicOpenings } from "@arcana/protocol";
import { ApiError } from "../../shared/errors.js";
import type { BoxContext } from "./box-context.js";
import { storedResults } from "./odds-versions.js";
import { type DayFile, parseDayFileName } from "./public-openings.js";

/** How long one server reuses `/fairness`'s figures (the answer says `max-age=60` too). */
const PUBLIC_SUMMARY_TTL_MS = 60 * 1000;

/** Stated odds beside the openings each odds version produced in the last 90 GMT days. */
export async function boxResults({ db, now, odds }: BoxContext, boxId: string): Promise<BoxResults> {
  await odds.current();
  const results = await storedResults(db, boxId, now());
  if (results.versions.length === 0) throw new ApiError("not_found", `There is no box "${boxId}".`);
  return results;
}

/** `GET /boxes/openings`: every opening of the last 90 days, anonymous, newest first. */
export async function listPublicOpenings(
  { publicOpenings, limitPublicRead }: BoxContext,
  network: string,
  page: { perPage: number; cursor?: string },
): Promise<PublicOpenings> {
  await limitPublicRead(network);
  const openings = await publicOpenings.list(page);
  if (!openings) throw new ApiError("bad_request", "The cursor is not valid; start again from the first page.");
  return openings;
}

/** `GET /boxes/openings/{YYYY-MM-DD}.jsonl|csv`: one GMT day's openings as a file. */
export async function openingsDayFile(
  { publicOpenings, limitPublicRead }: BoxContext,
  network: string,
  file: string,
): Promise<DayFile & { day: string; format: "jsonl" | "csv" }> {
  await limitPublicRead(network);
  const parsed = parseDayFileName(file);
  if (!parsed) throw new ApiError("bad_request", `${file} does not name a calendar day.`);
  const found = await publicOpenings.dayFile(parsed.day, parsed.format);
  if (!found)
    throw new ApiError("not_found", `Openings are published for the last ${boxLimits.resultsWindowDays} days only.`);
  return { ...found, ...parsed };
}

/**
 * `GET /boxes/fairness/public`: stated odds beside counts with χ², verifiable and waiting openings.
 * It reads the openings' maintained counts (decision 0050), a few hundred rows however many openings
 * there are; one server reuses the answer a minute per language, as its `max-age` says.
 */
export function createPublicFairness({ now, odds, publicOpenings, limitPublicRead, boxNameIn }: BoxContext) {
  const publicSummaries = new Map<Language, { at: number; summary: Promise<PublicFairness> }>();
  return async (network: string, language: Language): Promise<PublicFairness> => {
    await limitPublicRead(network);
    await odds.current();
    const cached = publicSummaries.get(language);
    if (cached && now().getTime() - cached.at < PUBLIC_SUMMARY_TTL_MS) return cached.summary;
    const summary = publicOpenings.summary((boxId) => boxNameIn(boxId, language));
    publicSummaries.set(language, { at: now().getTime(), summary });
    summary.catch(() => publicSummaries.delete(language));
    return summary;
  };
}
