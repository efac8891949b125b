import fp from 'fastify-plugin';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Per-IP sliding-window limit bucket (config.loginRateLimitPerMin per minute). */
    rateLimit?: 'login' | 'captcha';
  }
}

/** A per-key sliding-window counter kept in memory. */
export class SlidingWindow {
  private hits = new Map<string, number[]>();
  private calls = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Records a hit; returns seconds to wait when over the limit, else 0. */
  hit(key: string, now = Date.now()): number {
    if (++this.calls % 1000 === 0) this.sweep(now);
    const since = now - this.windowMs;
    const times = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (times.length >= this.limit) {
      this.hits.set(key, times);
      return Math.max(1, Math.ceil((times[0] + this.windowMs - now) / 1000));
    }
    times.push(now);
    this.hits.set(key, times);
    return 0;
  }

  private sweep(now: number) {
    for (const [key, times] of this.hits) if (times[times.length - 1] <= now - this.windowMs) this.hits.delete(key);
  }
}

/** Answers 429 `rate_limited` when an IP exceeds its bucket on routes that declare `config.rateLimit`. */
export const rateLimitPlugin = fp(async (app) => {
  const buckets = new Map<string, SlidingWindow>();
  app.addHook('onRequest', async (req, reply) => {
    const bucket = req.routeOptions.config.rateLimit;
    if (!bucket) return;
    let window = buckets.get(bucket);
    if (!window) buckets.set(bucket, (window = new SlidingWindow(app.config.loginRateLimitPerMin, 60_000)));
    const wait = window.hit(req.ip);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw new HttpError(429, 'rate_limited', `Too many attempts. Try again in ${wait} seconds.`);
    }
  });
});
