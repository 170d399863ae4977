import { existsSync, mkdirSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

/** DATA_DIR cannot hold the embedded database: the message names the variable and what to do. */
export class DataDirectoryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DataDirectoryError";
  }
}

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error);

/**
 * Makes sure `dataDir` is a directory this process can write, before PGlite opens it: PGlite waits forever on a
 * read-only directory, and a file where the directory should be ends in a raw ENOTDIR stack.
 */
export function checkDataDirectory(dataDir: string) {
  if (existsSync(dataDir) && !statSync(dataDir).isDirectory()) {
    throw new DataDirectoryError(`DATA_DIR: ${dataDir} is a file, not a directory: point DATA_DIR at a directory`);
  }
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new DataDirectoryError(
      `DATA_DIR: ${dataDir} cannot be created (${codeOf(error)}): point DATA_DIR at a directory this user can write, or create it`,
    );
  }
  const probe = path.join(dataDir, `.arcana-write-check-${process.pid}`);
  try {
    writeFileSync(probe, "");
    unlinkSync(probe);
  } catch (error) {
    throw new DataDirectoryError(
      `DATA_DIR: ${dataDir} is not writable by this user (${codeOf(error)}): the embedded database writes there; fix its owner or mode, or point DATA_DIR elsewhere`,
    );
  }
}
