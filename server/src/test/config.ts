import { ConfigError, loadConfig } from "../config.js";

/** What `loadConfig` refuses in `env`, one line a problem; none when it starts. */
export function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}
