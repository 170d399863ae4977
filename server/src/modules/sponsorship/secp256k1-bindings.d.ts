// The `secp256k1` package's native binding alone (its main module falls back to a slow JavaScript curve).
declare module "secp256k1/bindings.js" {
  const binding: typeof import("secp256k1");
  export default binding;
}
