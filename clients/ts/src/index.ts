/**
 * A thin client for the stateful.v1 gRPC API served by `stateful serve`: connect with TLS and a
 * bearer token, then plan, validate, steer and watch StatefulSets with promises and an async
 * iterator. The generated messages and the raw grpc-js client are re-exported from ./gen.
 */
import { readFileSync } from "node:fs";
import { ChannelCredentials, Metadata, ServiceError, status } from "@grpc/grpc-js";
import { BinaryReader } from "@bufbuild/protobuf/wire";
import {
  ApplyRequest, ApplyResponse, DeepPartial, GetStatefulSetRequest, GetStatefulSetResponse, ListStatefulSetsRequest,
  ListStatefulSetsResponse, PauseRequest, PauseResponse, PlanRequest, PlanResponse, RestartRequest, RestartResponse,
  ResumeRequest, ResumeResponse, RolloutEvent, ScaleRequest, ScaleResponse, SetImageRequest, SetImageResponse,
  StatefulSetServiceClient, ValidateRequest, ValidateResponse, WatchRolloutRequest,
} from "./gen/stateful/v1/statefulset_service.js";
import { ObjectRef } from "./gen/stateful/v1/objects.js";

export * from "./gen/stateful/v1/statefulset_service.js";
export * as objects from "./gen/stateful/v1/objects.js";
export type { KubeObject, ObjectRef, ObservedClaim, ObservedPod, ObservedRevision, StatefulSetInfo } from "./gen/stateful/v1/objects.js";
export { status } from "@grpc/grpc-js";
export type { ServiceError } from "@grpc/grpc-js";

export interface ConnectOptions {
  /** Sent as "authorization: Bearer TOKEN" (serve --token-file / STATEFUL_TOKEN). */
  token?: string;
  /** Use TLS (trusting the system's roots unless `ca` is given). */
  tls?: boolean;
  /** PEM CA certificates to trust, or the path of a PEM file; implies TLS. */
  ca?: Buffer | string;
  /** Deadline of each unary call, in ms (default 30 s). */
  timeoutMs?: number;
}


type Callback<R> = (error: ServiceError | null, response: R) => void;
type Unary<Q, R> = (request: Q, metadata: Metadata, options: { deadline: Date }, callback: Callback<R>) => unknown;

/** The largest response a client accepts, as the Java and Go clients'. */
export const MAX_RECEIVE_BYTES = 64 * 1024 * 1024;

/** Names a StatefulSet; an empty namespace means "default". */
export function ref(name: string, namespace = ""): ObjectRef {
  return { name, namespace };
}

export class StatefulClient {
  readonly raw: StatefulSetServiceClient;
  private readonly token?: string;
  private readonly timeoutMs: number;

  constructor(address: string, options: ConnectOptions = {}) {
    let credentials = ChannelCredentials.createInsecure();
    if (options.tls || options.ca !== undefined) {
      const ca = typeof options.ca === "string" ? readFileSync(options.ca) : options.ca;
      credentials = ChannelCredentials.createSsl(ca ?? null);
    }
    // a plan of a large set, or a set listed with its objects, passes grpc-js's 4 MiB default; the Java
    // client and the server allow 64 MiB
    this.raw = new StatefulSetServiceClient(address, credentials, { "grpc.max_receive_message_length": MAX_RECEIVE_BYTES });
    this.token = options.token;
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  close(): void {
    this.raw.close();
  }

  plan(request: DeepPartial<PlanRequest>): Promise<PlanResponse> {
    return this.unary(this.raw.plan, PlanRequest.fromPartial(request));
  }

  /** Validates a StatefulSet given as JSON text. */
  validate(statefulSetJson: string): Promise<ValidateResponse> {
    return this.unary(this.raw.validate, ValidateRequest.fromPartial({ statefulSet: { json: statefulSetJson } }));
  }

  /** Applies a YAML manifest, all or nothing (on INVALID_ARGUMENT, `violations(err)` names each problem). */
  apply(manifest: string, namespace = ""): Promise<ApplyResponse> {
    return this.unary(this.raw.apply, ApplyRequest.fromPartial({ manifest, namespace }));
  }

  scale(set: ObjectRef, replicas: number): Promise<ScaleResponse> {
    return this.unary(this.raw.scale, ScaleRequest.fromPartial({ ref: set, replicas }));
  }

  setImage(set: ObjectRef, images: Record<string, string>): Promise<SetImageResponse> {
    return this.unary(this.raw.setImage, SetImageRequest.fromPartial({ ref: set, images }));
  }

  restart(set: ObjectRef): Promise<RestartResponse> {
    return this.unary(this.raw.restart, RestartRequest.fromPartial({ ref: set }));
  }

  pause(set: ObjectRef): Promise<PauseResponse> {
    return this.unary(this.raw.pause, PauseRequest.fromPartial({ ref: set }));
  }

  resume(set: ObjectRef): Promise<ResumeResponse> {
    return this.unary(this.raw.resume, ResumeRequest.fromPartial({ ref: set }));
  }

  get(set: ObjectRef, includeObject = false): Promise<GetStatefulSetResponse> {
    return this.unary(this.raw.getStatefulSet, GetStatefulSetRequest.fromPartial({ ref: set, includeObject }));
  }

  list(namespace = "", includeObject = false): Promise<ListStatefulSetsResponse> {
    return this.unary(this.raw.listStatefulSets, ListStatefulSetsRequest.fromPartial({ namespace, includeObject }));
  }

  /**
   * The rollout of a set until it is done or stuck, as an async iterator; breaking out of the
   * `for await` loop cancels the stream. A failed stream throws its ServiceError.
   */
  async *watchRollout(set: ObjectRef): AsyncGenerator<RolloutEvent> {
    const call = this.raw.watchRollout(WatchRolloutRequest.fromPartial({ ref: set }), this.metadata());
    try {
      for await (const event of call) {
        yield event as RolloutEvent;
      }
    } finally {
      call.cancel();
    }
  }

  private metadata(): Metadata {
    const md = new Metadata();
    if (this.token) {
      md.set("authorization", `Bearer ${this.token}`);
    }
    return md;
  }

  private unary<Q, R>(method: Unary<Q, R>, request: Q): Promise<R> {
    return new Promise((resolve, reject) => {
      method.call(this.raw, request, this.metadata(), { deadline: new Date(Date.now() + this.timeoutMs) },
        (error: ServiceError | null, response: R) => (error ? reject(error) : resolve(response)));
    });
  }
}

/** Connects (lazily, on the first call) to a server at host:port. */
export function connect(address: string, options: ConnectOptions = {}): StatefulClient {
  return new StatefulClient(address, options);
}

/** One problem of an INVALID_ARGUMENT error (google.rpc.BadRequest.FieldViolation). */
export interface FieldViolation {
  field: string;
  description: string;
}

const BAD_REQUEST = "type.googleapis.com/google.rpc.BadRequest";

/** The field violations carried by an INVALID_ARGUMENT error; empty for other errors. */
export function violations(error: unknown): FieldViolation[] {
  const e = error as ServiceError;
  if (!e || e.code !== status.INVALID_ARGUMENT || !e.metadata) {
    return [];
  }
  const out: FieldViolation[] = [];
  for (const bin of e.metadata.get("grpc-status-details-bin")) {
    // google.rpc.Status { details = 3: repeated Any { type_url = 1, value = 2 } }
    for (const any of fields(bin as Buffer, 3)) {
      const [typeUrl] = fields(any, 1);
      const [value] = fields(any, 2);
      if (typeUrl && value && Buffer.from(typeUrl).toString() === BAD_REQUEST) {
        // BadRequest { field_violations = 1: { field = 1, description = 2 } }
        for (const v of fields(value, 1)) {
          out.push({ field: text(fields(v, 1)[0]), description: text(fields(v, 2)[0]) });
        }
      }
    }
  }
  return out;
}

/** The length-delimited values of field `number` in a protobuf message. */
function fields(bytes: Uint8Array, number: number): Uint8Array[] {
  const reader = new BinaryReader(bytes);
  const out: Uint8Array[] = [];
  while (reader.pos < reader.len) {
    const [field, wireType] = reader.tag();
    if (field === number && wireType === 2) {
      out.push(reader.bytes());
    } else {
      reader.skip(wireType);
    }
  }
  return out;
}

function text(bytes: Uint8Array | undefined): string {
  return bytes ? Buffer.from(bytes).toString() : "";
}
