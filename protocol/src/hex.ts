import { z } from "zod";
import { EVM_ADDRESS_HEX } from "./address.js";

/** An EVM address: 0x followed by 40 hex characters, any case (spec §9). Typed `0x${string}` as viem wants it. */
export const evmAddressSchema = z
  .templateLiteral(["0x", z.string().regex(EVM_ADDRESS_HEX)], {
    error: "an EVM address is 0x followed by 40 hex characters",
  })
  .meta({ id: "EvmAddress", pattern: "^0x[0-9a-fA-F]{40}$" });

/** A transaction hash: 0x followed by 64 hex characters. */
export const txHashSchema = z
  .templateLiteral(["0x", z.string().regex(/^[0-9a-fA-F]{64}$/)], {
    error: "a transaction hash is 0x followed by 64 hex characters",
  })
  .meta({ id: "TransactionHash", pattern: "^0x[0-9a-fA-F]{64}$" });

/** Hex bytes (a signature, a digest): 0x followed by hex characters. */
export const hexSchema = z
  .templateLiteral(["0x", z.string().regex(/^[0-9a-fA-F]*$/)], { error: "hex is 0x followed by hex characters" })
  .meta({ id: "Hex", pattern: "^0x[0-9a-fA-F]*$" });
