import { describe, expect, it } from "vitest";
import { matchLanguage, negotiateLanguage } from "./languages.js";

describe("choosing a language", () => {
  it("matches a tag to an offered language by the tag, then by its primary language", () => {
    expect(matchLanguage("zh-cn")).toBe("zh-CN");
    expect(matchLanguage("ko-KR")).toBe("ko");
    expect(matchLanguage("zh-Hans")).toBe("zh-CN");
    expect(matchLanguage("ja")).toBe("ja");
    expect(matchLanguage("fr")).toBeNull();
    expect(matchLanguage("")).toBeNull();
  });

  it("takes the Accept-Language entry with the highest weight that is offered", () => {
    expect(negotiateLanguage("fr-FR,fr;q=0.9,zh-CN;q=0.8,en;q=0.7")).toBe("zh-CN");
    expect(negotiateLanguage("en;q=0.5, tr")).toBe("tr");
    expect(negotiateLanguage("vi;q=0, ja;q=0.1")).toBe("ja");
    expect(negotiateLanguage("fr, de")).toBeNull();
    expect(negotiateLanguage("*")).toBeNull();
    expect(negotiateLanguage(undefined)).toBeNull();
  });
});
