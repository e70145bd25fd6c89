/**
 * A test double of the HTTP client (renderer/api/client.ts) for DOM tests:
 * it records every call and answers with scripted responses. The real server
 * is tested by the integration tests; blocks only see this interface.
 */
import type { ApiClient, ApiResult } from "../../api/client";

export interface ApiCall {
  method: "GET" | "POST";
  path: string;
  body?: unknown;
}

export interface ScriptedResponse {
  ok?: boolean;
  status?: number;
  body?: Record<string, unknown>;
}

export type Reply = ScriptedResponse | ((call: ApiCall) => ScriptedResponse | Promise<ScriptedResponse>);

interface Route {
  method: ApiCall["method"];
  match: string | RegExp;
  replies: Reply[];
}

function matches(route: Route, call: ApiCall): boolean {
  if (route.method !== call.method) return false;
  if (route.match instanceof RegExp) return route.match.test(call.path);
  return route.match === call.path || route.match === call.path.split("?")[0];
}

function toResult(response: ScriptedResponse): ApiResult<Record<string, unknown>> {
  const status = response.status ?? (response.ok === false ? 500 : 200);
  return { ok: response.ok ?? (status >= 200 && status < 300), status, body: response.body ?? {} };
}

export class FakeApi implements ApiClient {
  readonly calls: ApiCall[] = [];
  private routes: Route[] = [];

  /**
   * Scripts the answers for a route. A string matches the path with or without
   * its query string. Replies are used in order; the last one repeats.
   */
  reply(method: ApiCall["method"], match: string | RegExp, ...replies: Reply[]): this {
    this.routes.unshift({ method, match, replies: [...replies] });
    return this;
  }

  callsTo(path: string): ApiCall[] {
    return this.calls.filter((c) => c.path === path || c.path.split("?")[0] === path);
  }

  get<T = Record<string, unknown>>(path: string): Promise<ApiResult<T>> {
    return this.handle({ method: "GET", path }) as Promise<ApiResult<T>>;
  }

  post<T = Record<string, unknown>>(path: string, body: unknown): Promise<ApiResult<T>> {
    return this.handle({ method: "POST", path, body }) as Promise<ApiResult<T>>;
  }

  private async handle(call: ApiCall): Promise<ApiResult<Record<string, unknown>>> {
    this.calls.push(call);
    const route = this.routes.find((r) => matches(r, call));
    if (!route) return toResult({ status: 501, body: { error: `No scripted response for ${call.method} ${call.path}` } });
    const reply = route.replies.length > 1 ? route.replies.shift()! : route.replies[0];
    const response = typeof reply === "function" ? await reply(call) : reply;
    return toResult(response);
  }
}

/** A promise with its resolve function, to hold a response back while a test looks at the busy state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
