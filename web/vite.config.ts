import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { precompressClientBuild } from "./precompress";

export default defineConfig({
  plugins: [reactRouter(), precompressClientBuild()],
  build: { sourcemap: false },
});
