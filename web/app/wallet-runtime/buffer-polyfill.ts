import { Buffer } from "buffer";

// The Solana libraries expect Node's Buffer as a global; it must exist before any of them loads.
globalThis.Buffer ??= Buffer;
