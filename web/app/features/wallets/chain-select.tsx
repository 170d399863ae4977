import type { PublicChain } from "@arcana/protocol";

/** A choice of network: one option per chain, by name; `onChoose` gets the chosen chain's id. */
export function ChainSelect({
  chains,
  value,
  onChoose,
  className,
}: {
  chains: Pick<PublicChain, "id" | "name">[];
  /** The chosen chain's id; "" while there is none. */
  value: number | "";
  onChoose: (chainId: number) => void;
  className?: string;
}) {
  return (
    <select className={className} value={value} onChange={(event) => onChoose(Number(event.target.value))}>
      {chains.map((chain) => (
        <option key={chain.id} value={chain.id}>
          {chain.name}
        </option>
      ))}
    </select>
  );
}
