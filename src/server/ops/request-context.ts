/** What the pipeline learns about a request, for its log line and metrics (set by ops/access-log.ts and http/route.ts). */
declare module 'hono' {
  interface ContextVariableMap {
    requestId: string;
    /** The client's address (behind TRUST_PROXY, taken from X-Forwarded-For); null when unknown (in-process requests). */
    clientAddress: string | null;
    /** The route's pattern, never the raw path (ids and retailer numbers stay out of logs and metric labels). */
    routePattern: string;
    userId: number;
  }
}

export {};
