// The polyfill comes first: modules evaluate in import order, and the wallet stacks need Buffer.
import "./wallet-runtime/buffer-polyfill";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
