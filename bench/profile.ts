// `npm run bench:profile [path]`: where the Worker's CPU goes on one page. Serves the production
// build under `wrangler dev` as the bench does, signs the demo buyer in, then records a CPU
// profile through workerd's inspector (the DevTools protocol) while the page is asked for
// REQUESTS times, and prints the functions with the most self time, grouped by package or file.
// A figure to read, not a budget: timings stay out of the tests.
import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import type Protocol from "devtools-protocol";
import WebSocket from "ws";

const PORT = Number(process.env.BENCH_PORT ?? 8791);
const INSPECTOR_PORT = Number(process.env.BENCH_INSPECTOR_PORT ?? 9231);
const BASE = `http://127.0.0.1:${PORT}`;
const STATE = ".bench-state";
const PATH = process.argv[2] ?? "/products/camera";
const REQUESTS = Number(process.env.PROFILE_REQUESTS ?? 300);
const CONCURRENCY = 4;

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit" });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited ${code}`))));
  });
}

async function waitFor(url: string, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not come up`);
}

function startServer(): ChildProcess {
  return spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "bench/worker.ts",
      "--persist-to",
      STATE,
      "--port",
      String(PORT),
      "--ip",
      "127.0.0.1",
      "--inspector-port",
      String(INSPECTOR_PORT),
      // Readable names in the profile (the deployed Worker is minified; the shape is the same).
      "--minify=false",
      "--var",
      "LOCAL_DEV:true",
      "--log-level",
      "warn",
    ],
    {
      stdio: ["ignore", "ignore", "inherit"],
      detached: true,
      env: { ...process.env, NODE_ENV: "production", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
    },
  );
}

async function signIn(): Promise<string> {
  const response = await fetch(`${BASE}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE },
    body: new URLSearchParams({ email: "bea@payandbuy.local", password: "buyer-local-pass", website_confirm: "" }),
  });
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("__Host-pb_session="))
    ?.split(";")[0];
  if (!cookie) throw new Error(`Sign-in failed (${response.status})`);
  return cookie;
}

/** A DevTools protocol session over the inspector's WebSocket. */
async function inspector(): Promise<{ send: <T>(method: string, params?: object) => Promise<T>; close: () => void }> {
  const targets = (await (await fetch(`http://127.0.0.1:${INSPECTOR_PORT}/json`)).json()) as Array<{
    webSocketDebuggerUrl: string;
    title?: string;
  }>;
  const target = targets.find((t) => !/^bench|wrangler/i.test(t.title ?? "")) ?? targets[0];
  if (!target) throw new Error("The inspector lists no Worker");
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  let nextId = 1;
  const waiting = new Map<number, (message: { result?: unknown; error?: { message: string } }) => void>();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown; error?: { message: string } };
    if (message.id !== undefined) waiting.get(message.id)?.(message);
  });
  return {
    send: <T>(method: string, params: object = {}) =>
      new Promise<T>((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, (message) =>
          message.error ? reject(new Error(message.error.message)) : resolve(message.result as T),
        );
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

/** Self time per function, heaviest first, each with the first line of its source. */
async function summarize(profile: Protocol.Profiler.Profile, sourceOf: (scriptId: string) => Promise<string>) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    self.set(samples[i]!, (self.get(samples[i]!) ?? 0) + (deltas[i + 1] ?? 0));
  }
  const total = [...self.values()].reduce((sum, us) => sum + us, 0);
  const byFunction = new Map<string, { us: number; frame: Protocol.Runtime.CallFrame }>();
  for (const [id, us] of self) {
    const frame = byNode.get(id)!.callFrame;
    const key = `${frame.functionName || "(anonymous)"} ${frame.scriptId}:${frame.lineNumber}:${frame.columnNumber}`;
    const entry = byFunction.get(key) ?? { us: 0, frame };
    entry.us += us;
    byFunction.set(key, entry);
  }
  // Time with callees: each sample counts once for every distinct function on its stack.
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inclusive = new Map<string, { us: number; frame: Protocol.Runtime.CallFrame }>();
  for (let i = 0; i < samples.length; i++) {
    const seen = new Set<string>();
    for (let id: number | undefined = samples[i]; id !== undefined; id = parent.get(id)) {
      const frame = byNode.get(id)!.callFrame;
      const key = `${frame.functionName || "(anonymous)"} ${frame.scriptId}:${frame.lineNumber}:${frame.columnNumber}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const entry = inclusive.get(key) ?? { us: 0, frame };
      entry.us += deltas[i + 1] ?? 0;
      inclusive.set(key, entry);
    }
  }
  const top = [...byFunction.values()].sort((a, b) => b.us - a.us).slice(0, 40);
  console.log(`CPU self time over ${REQUESTS} requests of ${PATH}: ${(total / 1000).toFixed(0)} ms in all`);
  const print = async (rows: Array<{ us: number; frame: Protocol.Runtime.CallFrame }>) => {
    for (const { us, frame } of rows) {
      let line = "";
      if (frame.url && frame.scriptId !== "0") {
        const source = await sourceOf(frame.scriptId).catch(() => "");
        line = (source.split("\n")[frame.lineNumber] ?? "").slice(frame.columnNumber, frame.columnNumber + 90).trim();
      }
      const share = `${((us / total) * 100).toFixed(1).padStart(6)} %`;
      console.log(
        `${share}  ${(us / 1000 / REQUESTS).toFixed(3)} ms/req  ${frame.functionName || "(anonymous)"}  ${line}`,
      );
    }
  };
  await print(top);
  const heavy = [...inclusive.values()].filter(({ frame }) => frame.url && frame.scriptId !== "0");
  console.log("\nWith the functions they call (the heaviest of the Worker's own script):");
  await print(heavy.sort((a, b) => b.us - a.us).slice(0, Number(process.env.PROFILE_INCLUSIVE ?? 60)));
}

async function main() {
  await run("rm", ["-rf", STATE]);
  await run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE]);
  await run("npx", ["tsx", "scripts/seed.ts", "--persist-to", STATE]);
  const server = startServer();
  try {
    await waitFor(`${BASE}/about`);
    const cookie = await signIn();
    const ask = async () => {
      const response = await fetch(`${BASE}${PATH}`, { headers: { cookie } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${PATH} answered ${response.status}`);
    };
    // Warm: the isolate's first requests compile the code.
    for (let i = 0; i < 50; i++) await ask();
    const session = await inspector();
    await session.send("Profiler.enable");
    await session.send("Profiler.setSamplingInterval", { interval: 100 });
    await session.send("Profiler.start");
    let left = REQUESTS;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (left-- > 0) await ask();
      }),
    );
    const { profile } = await session.send<{ profile: Protocol.Profiler.Profile }>("Profiler.stop");
    await session.send("Debugger.enable");
    const sources = new Map<string, Promise<string>>();
    const sourceOf = (scriptId: string) => {
      if (!sources.has(scriptId)) {
        sources.set(
          scriptId,
          session
            .send<{ scriptSource: string }>("Debugger.getScriptSource", { scriptId })
            .then((answer) => answer.scriptSource),
        );
      }
      return sources.get(scriptId)!;
    };
    // PROFILE_SAVE=file.cpuprofile keeps the whole profile, for DevTools' Performance panel.
    if (process.env.PROFILE_SAVE) writeFileSync(process.env.PROFILE_SAVE, JSON.stringify(profile));
    await summarize(profile, sourceOf);
    session.close();
  } finally {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
