import type { Compiled, MessageArgs, Part } from "./compiled";

// One of each per language: making them is most of the cost of writing a number.
const plural: Record<string, Intl.PluralRules> = {};
const numbers: Record<string, Intl.NumberFormat> = {};

/**
 * A compiled message written out for `locale`: numbers, dates and plural forms by `Intl`, nothing
 * parsed in the browser (the server compiled the ICU text: `compile.ts`).
 */
export function formatMessage(message: Compiled, args: MessageArgs, locale: string, hash?: number): string {
  if (typeof message === "string") return message;
  let out = "";
  for (const part of message as Part[]) {
    if (typeof part === "string") {
      out += part;
      continue;
    }
    const [name, type, option] = part;
    const value = name === "#" ? hash : args[name];
    if (type === "plural") {
      const n = Number(value);
      plural[locale] ??= new Intl.PluralRules(locale);
      const cases = option as Record<string, Part[]>;
      out += formatMessage(cases[`=${n}`] ?? cases[plural[locale].select(n)] ?? cases.other ?? "", args, locale, n);
    } else if (type === "select") {
      const cases = option as Record<string, Part[]>;
      out += formatMessage(cases[String(value)] ?? cases.other ?? "", args, locale, hash);
    } else if (type === "date" || type === "time") {
      const style = option as Intl.DateTimeFormatOptions["dateStyle"];
      out += new Intl.DateTimeFormat(locale, type === "date" ? { dateStyle: style } : { timeStyle: style }).format(
        value === undefined ? undefined : new Date(value),
      );
    } else if (type === "number" || typeof value === "number") {
      numbers[locale] ??= new Intl.NumberFormat(locale);
      out += numbers[locale].format(Number(value));
    } else {
      out += value ?? "";
    }
  }
  return out;
}
