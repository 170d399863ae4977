import {
  type ApiRouteInput,
  DAY_MS,
  gmtDate,
  type PublicChain,
  parseGmtDate,
  type TarotDraw,
  type TarotNetwork,
  tarotNetworkOfChain,
} from "@arcana/protocol";
import {
  getChainTarotRoute,
  getPastTarotReadingRoute,
  getSkyTodayRoute,
  getTarotDrawRoute,
  readTarotRoute,
} from "@arcana/protocol/calls";
import { useQueryClient } from "@tanstack/react-query";
import { useLanguage } from "../../i18n/use-t";
import { api } from "../../lib/api";
import { useMutation } from "../../lib/mutation-hook";
import { useQuery } from "../../lib/query-hooks";
import { useMember } from "../account/use-member";

/** The sky is the same for everyone all day; the server lets caches keep it 10 minutes. */
const skyStaleMs = 10 * 60 * 1000;

export const tarotQueryKeys = {
  astrology: (date: string | null) => ["astrology", "today", date] as const,
  /** The draw's texts (card names, meanings) come in the page's language: one entry per language. */
  draw: (uid: string, date: string | null, language: string) => ["tarot", "draw", uid, date, language] as const,
  reading: (uid: string, date: string | null, language: string) => ["tarot", "reading", uid, date, language] as const,
  chain: (uid: string, date: string | null, network: TarotNetwork) => ["tarot", "chain", uid, date, network] as const,
  /** Everything of one member's tarot, to refresh after recording on chain. */
  member: (uid: string) => ["tarot", "chain", uid] as const,
};

/** Today's sun sign and moon phase, for the banner (public). */
export function useAstrologyToday(today: string | null) {
  return useQuery({
    queryKey: tarotQueryKeys.astrology(today),
    queryFn: ({ signal }) => api(getSkyTodayRoute, { signal }),
    enabled: today !== null,
    staleTime: skyStaleMs,
  });
}

/** Today's three cards; keyed by the GMT date, so a new day never shows yesterday's draw. */
export function useTarotDraw(today: string | null) {
  const member = useMember();
  const language = useLanguage();
  return useQuery({
    queryKey: tarotQueryKeys.draw(member?.uid ?? "", today, language),
    queryFn: ({ signal }) => api(getTarotDrawRoute, { signal }),
    enabled: member !== null && today !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Today's reading text and whether the draw is recorded, on one network. */
export function useChainTarot(today: string | null, network: TarotNetwork | null) {
  const member = useMember();
  return useQuery({
    queryKey: tarotQueryKeys.chain(member?.uid ?? "", today, network ?? "op"),
    queryFn: ({ signal }) => api(getChainTarotRoute, { query: { network: network ?? "op" }, signal }),
    enabled: member !== null && today !== null && network !== null,
  });
}

/** The day before `date` (`YYYY-MM-DD`), or null when `date` is not a date. */
export function previousGmtDate(date: string): string | null {
  const parsed = parseGmtDate(date);
  return parsed ? gmtDate(parsed.getTime() - DAY_MS) : null;
}

/** Yesterday's stored reading; null when the member had none. */
export function useYesterdayReading(today: string | null) {
  const member = useMember();
  const language = useLanguage();
  const yesterday = today ? previousGmtDate(today) : null;
  return useQuery({
    queryKey: tarotQueryKeys.reading(member?.uid ?? "", yesterday, language),
    queryFn: ({ signal }) => api(getPastTarotReadingRoute, { query: { date: yesterday ?? "" }, signal }),
    enabled: member !== null && yesterday !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The request for today's reading of `draw`: its cards in order, in the page's language. */
export function readingRequest(
  draw: TarotDraw,
  forceRefresh: boolean,
  language: string,
): ApiRouteInput<typeof readTarotRoute>["body"] {
  return {
    language,
    cards: draw.cards.map((card) => ({ card_id: card.card_id, is_reversed: card.is_reversed })),
    force_refresh: forceRefresh,
  };
}

/**
 * Today's reading of today's draw, asked for once `ready` (the cards are revealed). The server
 * writes it on the first request and returns the same text after, so this is safe to repeat;
 * `rewrite` asks for a fresh text of the same cards. Both ask in the page's language; the server
 * keeps the day's first text, so a reading changes language only when it is rewritten.
 */
export function useTodaysReading(today: string | null, draw: TarotDraw | undefined, ready: boolean) {
  const member = useMember();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const key = tarotQueryKeys.reading(member?.uid ?? "", today, language);
  const reading = useQuery({
    queryKey: key,
    queryFn: () => api(readTarotRoute, { body: readingRequest(draw as TarotDraw, false, language) }),
    enabled: member !== null && draw !== undefined && draw.date === today && ready,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const rewrite = useMutation({
    mutationFn: () => api(readTarotRoute, { body: readingRequest(draw as TarotDraw, true, language) }),
    onSuccess: (written) => {
      queryClient.setQueryData(key, written);
      // The reading text is also what GET /blockchain/tarot returns.
      if (member) void queryClient.invalidateQueries({ queryKey: tarotQueryKeys.member(member.uid) });
    },
  });
  return { reading, rewrite };
}

/** The networks a member may record tarot on: one per `network` value, from the configured chains. */
export function tarotNetworks(chains: PublicChain[]): Array<{ network: TarotNetwork; chains: PublicChain[] }> {
  const byNetwork = new Map<TarotNetwork, PublicChain[]>();
  for (const chain of chains) {
    if (!chain.contracts.daily) continue;
    const network = tarotNetworkOfChain(chain.id);
    byNetwork.set(network, [...(byNetwork.get(network) ?? []), chain]);
  }
  return [...byNetwork].map(([network, members]) => ({ network, chains: members }));
}
