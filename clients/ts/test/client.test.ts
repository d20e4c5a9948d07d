import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFileSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { ActionType, PlanResponse, ServiceError, StatefulClient, connect, ref, status, violations } from "../src/index.js";
import { Served, serve, webJson, webYaml } from "./server.js";

const planNow = new Date("2026-01-01T12:00:00Z");

function code(e: unknown): number | undefined {
  return (e as ServiceError).code;
}

async function failure(p: Promise<unknown>): Promise<ServiceError> {
  try {
    await p;
  } catch (e) {
    return e as ServiceError;
  }
  assert.fail("the call should have failed");
}

/** A typed Plan request for a set of n pods that all run, Ready for an hour, with claims and the revision stored. */
async function steadyRequest(client: StatefulClient, n: number) {
  const statefulSet = { json: webJson(n) };
  const fresh = await client.plan({ statefulSet, now: planNow });
  const revision = JSON.parse(fresh.actions.find((a) => a.type === ActionType.ACTION_TYPE_CREATE_REVISION)!.object!.json);
  const pod0 = JSON.parse(fresh.actions.find((a) => a.pod === "web-0")!.object!.json);
  const hourAgo = new Date(planNow.getTime() - 3_600_000);
  // compact JSON in the server's key order: the bytes the server wrote
  const data = JSON.stringify(revision.data);
  const meta = (o: any, uid: string) => ({
    name: o.metadata.name, namespace: o.metadata.namespace, uid, resourceVersion: "1", labels: o.metadata.labels ?? {},
    ownerReferences: o.metadata.ownerReferences ?? [], creationTimestamp: hourAgo,
  });
  const pods = [];
  const claims = [];
  for (let i = 0; i < n; i++) {
    const name = `web-${i}`;
    const labels: Record<string, string> = {};
    for (const [k, v] of Object.entries<string>(pod0.metadata.labels)) labels[k] = v.replaceAll("web-0", name);
    labels["apps.kubernetes.io/pod-index"] = String(i);
    pods.push({
      metadata: { ...meta(pod0, `pod-uid-${i}`), name, labels }, hostname: name, subdomain: pod0.spec.subdomain, phase: "Running",
      conditions: [{ type: "Ready", status: "True", lastTransitionTime: hourAgo }],
      volumes: pod0.spec.volumes.map((v: any) => ({ name: v.name, claimName: (v.persistentVolumeClaim?.claimName ?? "").replaceAll("web-0", name) })),
    });
    claims.push({ phase: "Bound", metadata: { name: `www-${name}`, namespace: "default", uid: `claim-uid-${i}`, resourceVersion: "1", labels: { app: "nginx" } } });
  }
  return {
    statefulSet, now: planNow, observedPods: pods, observedClaims: claims,
    observedRevisions: [{ metadata: meta(revision, "revision-uid"), revision: revision.revision, data }],
  };
}

describe("stateful.v1 against the real server", () => {
  let served: Served;
  let client: StatefulClient;

  before(async () => {
    served = await serve();
    client = connect(served.address);
  });

  after(() => {
    client?.close();
    served?.stop();
  });

  test("plan of a fresh Parallel set creates the revision, then every pod with its claim", async () => {
    const plan = await client.plan({ statefulSet: { json: webJson(3) } });

    assert.equal(plan.valid, true);
    assert.equal(plan.actions[0].type, ActionType.ACTION_TYPE_CREATE_REVISION);
    const creates = plan.actions.filter((a) => a.type === ActionType.ACTION_TYPE_CREATE_POD);
    assert.deepEqual(creates.map((a) => [a.pod, a.createClaims]), [["web-0", ["www-web-0"]], ["web-1", ["www-web-1"]], ["web-2", ["www-web-2"]]]);
  });

  test("plan of a steady 100-pod set in the typed projection does nothing", async () => {
    const plan = await client.plan(await steadyRequest(client, 100));

    assert.deepEqual(plan.actions, []);
    assert.equal(plan.status?.readyReplicas, 100);
  });

  test("a plan larger than grpc-js's 4 MiB default receive limit arrives", async () => {
    // 1,000 pods created at once (what one sync creates at most), each with its object and 40 variables
    const env = Array.from({ length: 40 }, (_, i) => ({ name: `SETTING_${i}`, value: "v".repeat(80) }));
    const set = JSON.parse(webJson(1000));
    set.spec.template.spec.containers[0].env = env;

    const plan = await client.plan({ statefulSet: { json: JSON.stringify(set) } });

    const size = PlanResponse.encode(plan).finish().length;
    assert.ok(size > 4 * 1024 * 1024, `the plan is ${size} bytes: not past the 4 MiB default, the test proves nothing`);
  });

  test("validate names every problem with its field path", async () => {
    const verdict = await client.validate(webJson(3).replace('"replicas":3', '"replicas":-1,"replicaz":2'));

    assert.equal(verdict.valid, false);
    assert.deepEqual(verdict.violations.map((v) => v.field).sort(), ["spec.replicas", "spec.replicaz"]);
  });

  test("apply is all or nothing and names each problem as a BadRequest violation", async () => {
    const manifest = readFileSync(webYaml, "utf8").replace("metadata:\n  name: web\n", "metadata:\n  name: db\n")
      .replace("metadata:\n  name: nginx\n", "metadata:\n  name: db-svc\n");

    const e = await failure(client.apply(manifest.replace("replicas: 3", "replicas: -1")));
    assert.equal(code(e), status.INVALID_ARGUMENT);
    assert.deepEqual(violations(e).map((v) => v.field), ["documents[2].spec.replicas"]);
    assert.equal(code(await failure(client.get(ref("db")))), status.NOT_FOUND);

    const applied = await client.apply(manifest);
    assert.deepEqual(applied.applied.map((a) => [a.kind, a.ref?.name, a.created]), [["Service", "db-svc", true], ["StatefulSet", "db", true]]);
  });

  test("scale, then watch the rollout until it is done", async () => {
    const scaled = await client.scale(ref("web"), 4);
    assert.equal(scaled.statefulSet?.desiredReplicas, 4);

    let done;
    for await (const event of client.watchRollout(ref("web"))) {
      assert.notEqual(event.event?.$case, "stuck");
      if (event.event?.$case === "done") done = event.event.value;
    }
    assert.equal(done?.status?.readyReplicas, 4);
    const got = await client.get(ref("web"));
    assert.equal(got.pods.length, 4);
    assert.equal(got.statefulSet?.object, undefined, "the whole object only when asked");
    assert.match((await client.get(ref("web"), true)).statefulSet?.object?.json ?? "", /"kind":"StatefulSet"/);
  });

  test("breaking out of watchRollout ends the stream", async () => {
    let events = 0;
    for await (const _ of client.watchRollout(ref("web"))) {
      events++;
      break;
    }
    assert.equal(events, 1);
  });

  test("rollout verbs: pause holds a new image, resume lets it go, resuming twice is refused", async () => {
    await client.pause(ref("web"));
    const image = await client.setImage(ref("web"), { nginx: "registry.k8s.io/nginx-slim:0.9" });
    assert.deepEqual([image.statefulSet?.images, image.statefulSet?.partition], [["registry.k8s.io/nginx-slim:0.9"], 4]);

    const resumed = await client.resume(ref("web"));
    assert.equal(resumed.message, "statefulset.apps/web resumed");
    assert.equal(code(await failure(client.resume(ref("web")))), status.FAILED_PRECONDITION);
    assert.equal((await client.restart(ref("web"))).message, "statefulset.apps/web restarted");
  });

  test("errors are standard status codes", async () => {
    assert.equal(code(await failure(client.scale(ref("web", "prod"), 1))), status.NOT_FOUND);
    const negative = await failure(client.scale(ref("web"), -1));
    assert.equal(code(negative), status.INVALID_ARGUMENT);
    assert.deepEqual(violations(negative).map((v) => v.field), ["spec.replicas"]);
    const undecodable = await failure(client.plan({ statefulSet: { json: "not json" } }));
    assert.deepEqual(violations(undecodable).map((v) => v.field), ["stateful_set"]);
    await assert.rejects(async () => {
      for await (const _ of client.watchRollout(ref("nope"))) { /* nothing */ }
    }, (e: unknown) => code(e) === status.NOT_FOUND);
  });

  test("the example runs against the server", async () => {
    const { stdout } = await promisify(execFile)(process.execPath,
      [join(import.meta.dirname, "..", "example", "plan.js"), "--server", served.address, "--replicas", "5"]);

    assert.match(stdout, /would: create ControllerRevision/);
    assert.match(stdout, /roll out complete/);
  });
});

describe("a server that requires a bearer token", () => {
  let served: Served;

  before(async () => {
    const dir = mkdtempSync(join(tmpdir(), "stateful-ts-"));
    writeFileSync(join(dir, "token"), "ts-client-test-token\n");
    served = await serve("--token-file", join(dir, "token"));
  });

  after(() => served?.stop());

  test("refuses a missing or wrong token and lets the right one in", async () => {
    const anonymous = connect(served.address);
    const guessed = connect(served.address, { token: "guess" });
    const allowed = connect(served.address, { token: "ts-client-test-token" });
    try {
      assert.equal(code(await failure(anonymous.list())), status.UNAUTHENTICATED);
      assert.equal(code(await failure(guessed.list())), status.UNAUTHENTICATED);
      assert.deepEqual((await allowed.list()).statefulSets.map((s) => s.ref?.name), ["web"]);
    } finally {
      [anonymous, guessed, allowed].forEach((c) => c.close());
    }
  });
});
