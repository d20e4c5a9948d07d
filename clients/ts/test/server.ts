// Starts the real `java -jar stateful.jar serve` on a free loopback port for the tests.
import { spawn, ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

export const root = join(import.meta.dirname, "..", "..", "..", "..");
export const webYaml = join(root, "examples", "web.yaml");

export interface Served {
  address: string;
  stop(): void;
}

export async function serve(...flags: string[]): Promise<Served> {
  const jar = process.env.STATEFUL_JAR ?? join(root, "app", "target", "stateful.jar");
  if (!existsSync(jar)) {
    throw new Error(`the server jar is missing (build it with ./mvnw -q package -DskipTests, or set STATEFUL_JAR): ${jar}`);
  }
  const child: ChildProcess = spawn(process.env.JAVA ?? "java",
    ["-jar", jar, "serve", "--port", "0", "--bind", "127.0.0.1", "--file", webYaml, "--time-scale", "50", ...flags],
    { stdio: ["ignore", "pipe", "inherit"] });
  const address = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("serve did not start listening within 60 s")), 60_000);
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const m = /serving stateful\.v1 on [^:]+:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(`127.0.0.1:${m[1]}`);
      }
    });
    child.on("exit", (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
  child.stdout!.resume();
  return { address, stop: () => child.kill() };
}

/** The nginx web StatefulSet with n replicas (Parallel) and one claim template, as JSON. */
export function webJson(n: number, image = "nginx:1.25"): string {
  return JSON.stringify({
    apiVersion: "apps/v1", kind: "StatefulSet", metadata: { name: "web", namespace: "default" },
    spec: {
      selector: { matchLabels: { app: "nginx" } }, serviceName: "nginx", replicas: n, podManagementPolicy: "Parallel",
      template: { metadata: { labels: { app: "nginx" } }, spec: { containers: [{ name: "nginx", image }] } },
      volumeClaimTemplates: [{ metadata: { name: "www" }, spec: { accessModes: ["ReadWriteOnce"], resources: { requests: { storage: "1Gi" } } } }],
    },
  });
}
