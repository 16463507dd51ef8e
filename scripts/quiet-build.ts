// `npm start`'s build: the production build as `npm run build` makes it, told in one line. The
// build's own report (every chunk of the browser and server builds) is printed only when the
// build fails, or with `--verbose` (`npm run build` always prints it).
import { spawnSync } from "node:child_process";

const verbose = process.argv.includes("--verbose");
const started = Date.now();
const result = spawnSync("npm", ["run", "-s", "build"], {
  stdio: verbose ? "inherit" : ["ignore", "pipe", "pipe"],
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
});
if (result.status !== 0) {
  if (!verbose) process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
  console.error(`The build failed (exit ${result.status ?? result.signal}).`);
  process.exit(result.status ?? 1);
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`Built the app in ${seconds} s (build/; \`npm run build\` lists every chunk).`);
