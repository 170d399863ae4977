/** Every hostile form of a post-sign-in redirect the server must keep on the site (issue 41): unit and reliability tests. */
export const hostileRedirects = [
  "//evil.example/phish",
  "/\\evil.example/phish",
  "/.//evil.example/phish",
  "/x/..//evil.example",
  "/%2e//evil.example",
  "/%2E%2E//evil.example",
  "/./%2Fevil.example",
  "/%2f%2fevil.example",
  "/%5cevil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "https://evil.example/",
  "javascript:alert(1)",
] as const;
