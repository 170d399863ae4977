import { type MessageId, translator } from "../i18n/use-t";

type MetaMatches = Parameters<typeof translator>[0];

/** Page titles read "Genesis Pass · Arcana"; the home page is just "Arcana". */
export function pageTitle(siteName: string, page?: string) {
  return page ? `${page} · ${siteName}` : siteName;
}

/** A page's title and description, in the page's language (from the loaders' messages). */
export function pageMeta(matches: MetaMatches, page: MessageId | undefined, description: MessageId) {
  const t = translator(matches);
  const root = matches[0] as { data?: { siteName?: string } } | undefined;
  const siteName = root?.data?.siteName ?? "";
  return [{ title: pageTitle(siteName, page && t(page)) }, { name: "description", content: t(description) }];
}
