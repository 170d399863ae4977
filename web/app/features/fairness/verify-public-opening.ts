import { drawReward, type PublicOpening, serverSeedHash } from "@arcana/protocol";

export type PublicVerification =
  | { status: "invalid" }
  | { status: "waiting" }
  | { status: "member_only" }
  | { status: "mismatch"; reason: "hash" | "reward" }
  | { status: "match"; target: number; totalWeight: number; opening: PublicOpening };

const isWhole = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** The fields a line of the export must have to be re-derived; anything else is not an opening. */
function asOpening(value: unknown): PublicOpening | null {
  if (typeof value !== "object" || value === null) return null;
  const o = value as Record<string, unknown>;
  const text = (field: unknown) => typeof field === "string";
  const textOrNull = (field: unknown) => field === null || text(field);
  const weights = o.weights;
  if (
    !text(o.server_seed_hash) ||
    !textOrNull(o.server_seed) ||
    !textOrNull(o.client_seed) ||
    !isWhole(o.nonce) ||
    !isWhole(o.reward_index) ||
    !Array.isArray(weights) ||
    weights.length === 0 ||
    !weights.every((weight) => isWhole(weight) && weight > 0)
  ) {
    return null;
  }
  return value as PublicOpening;
}

/**
 * One line of the public export re-derived in the browser with the same `drawReward` the server drew
 * with: the revealed seed against its hash, then the draw against the published reward.
 */
export async function verifyPublicOpening(line: string): Promise<PublicVerification> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line.trim());
  } catch {
    return { status: "invalid" };
  }
  const opening = asOpening(parsed);
  if (!opening) return { status: "invalid" };
  if (opening.server_seed === null) return { status: "waiting" };
  if (opening.client_seed === null) return { status: "member_only" };
  if ((await serverSeedHash(opening.server_seed)) !== opening.server_seed_hash) {
    return { status: "mismatch", reason: "hash" };
  }
  const draw = await drawReward(
    opening.weights.map((weight) => ({ weight })),
    { serverSeed: opening.server_seed, clientSeed: opening.client_seed, nonce: opening.nonce },
  );
  if (draw.index !== opening.reward_index) return { status: "mismatch", reason: "reward" };
  return { status: "match", target: draw.target, totalWeight: draw.totalWeight, opening };
}
