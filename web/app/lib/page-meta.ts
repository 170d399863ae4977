/** Page titles read "Genesis Pass · Arcana"; the home page is just "Arcana". */
export function pageTitle(page?: string) {
  return page ? `${page} · Arcana` : "Arcana";
}

export function pageMeta(page: string | undefined, description: string) {
  return [{ title: pageTitle(page) }, { name: "description", content: description }];
}
