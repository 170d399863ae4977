import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { precompressClientBuild } from "./precompress.js";

export default defineConfig({
  plugins: [reactRouter(), precompressClientBuild()],
  build: {
    sourcemap: false,
    // The precompress plugin writes the real .gz/.br files; sizing every chunk again slows each build.
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The UI kit, the layouts and the shell are on every page: one script and one stylesheet
          // for them, not a render-blocking request per component.
          groups: [{ name: "ui", test: /\/app\/(ui|layouts|shell)\// }],
        },
      },
    },
  },
});
