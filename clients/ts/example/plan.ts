// Asks a running `stateful serve` what the controller would do for a new 3-replica set, then
// scales the served "web" set and follows the rollout.
//
//   java -jar app/target/stateful.jar serve --file examples/web.yaml &
//   npm run example -- --server 127.0.0.1:50051 [--token T] [--ca ca.pem]
import { parseArgs } from "node:util";
import { connect, ref } from "../src/index.js";

const { values } = parseArgs({
  options: {
    server: { type: "string", default: "127.0.0.1:50051" },
    token: { type: "string" },
    ca: { type: "string" },
    replicas: { type: "string", default: "4" },
  },
});
const client = connect(values.server!, { token: values.token, ca: values.ca });
const set = JSON.stringify({
  apiVersion: "apps/v1", kind: "StatefulSet", metadata: { name: "demo" },
  spec: {
    selector: { matchLabels: { app: "demo" } }, serviceName: "demo", replicas: 3,
    template: { metadata: { labels: { app: "demo" } }, spec: { containers: [{ name: "app", image: "nginx:1.25" }] } },
  },
});
try {
  const plan = await client.plan({ statefulSet: { json: set } });
  plan.actions.forEach((a) => console.log("would:", a.description));
  plan.waits.forEach((w) => console.log("then waits:", w.reason));

  await client.scale(ref("web"), Number(values.replicas));
  for await (const event of client.watchRollout(ref("web"))) {
    if (event.event?.$case === "progress") console.log(event.event.value.message);
    if (event.event?.$case === "done") console.log(event.event.value.message);
    if (event.event?.$case === "stuck") throw new Error(`stuck: ${event.event.value.reason}`);
  }
} finally {
  client.close();
}
