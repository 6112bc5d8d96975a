// The part of autocannon's programmatic API that tests/bench/bench.ts uses (the package ships no types).
declare module "autocannon" {
  namespace autocannon {
    /** An hdr-histogram-percentiles-obj summary. */
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      sent?: number;
      p2_5: number;
      p50: number;
      p75: number;
      p90: number;
      p97_5: number;
      p99: number;
      p99_9: number;
    }

    interface RequestParams {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
    }

    interface Request extends RequestParams {
      /** Called before each request is sent; returns the (changed) request, or a falsy value to restart the sequence. */
      setupRequest?: (request: RequestParams & { path: string }, context: Record<string, unknown>) => RequestParams | null | undefined;
      onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
    }

    interface Options {
      url: string;
      title?: string;
      connections?: number;
      duration?: number;
      amount?: number;
      timeout?: number;
      pipelining?: number;
      headers?: Record<string, string>;
      requests?: Request[];
      idReplacement?: boolean;
      excludeErrorStats?: boolean;
    }

    interface Result {
      title?: string;
      url: string;
      requests: Histogram;
      latency: Histogram;
      throughput: Histogram;
      /** Seconds. */
      duration: number;
      errors: number;
      timeouts: number;
      mismatches: number;
      non2xx: number;
      resets: number;
      connections: number;
      statusCodeStats: Record<string, { count: number }>;
      start: Date;
      finish: Date;
    }

    /** An event emitter that is also thenable (then/catch only). */
    interface Instance extends PromiseLike<Result> {
      stop(): void;
      on(event: string, listener: (...args: unknown[]) => void): this;
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;
  export default autocannon;
}
