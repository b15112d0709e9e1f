import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { Piscina } from 'piscina';
import { withoutTsxFlags } from '@tarab/audio';
import type { CertificateDetails } from './licenses.repo.js';

/**
 * Licence certificates (PDF), made off the event loop and kept once made. A bilingual certificate costs
 * 70–120 ms of CPU (shaping Arabic with a freshly parsed font, decision 061): on the request's thread
 * every zip download and certificate request would hold every other request for that long. They are
 * rendered on a worker thread instead, and a certificate is the same file each time for the same details
 * (dates come from the licence), so the last ones made are kept in memory, keyed by everything drawn on
 * them: a revocation or a renamed licensee makes a new one.
 */
export interface CertificateRenderer {
  /** The PDF of a licence. Throws CertificatesBusyError when `maxQueue` renders are already waiting. */
  render(license: CertificateDetails, verifyAt: string): Promise<Uint8Array>;
  stats(): CertificateRendererStats;
  close(): Promise<void>;
}

interface CertificateRendererStats {
  /** Certificates rendered by the worker since the start. */
  rendered: number;
  /** Answers given from the kept certificates, without a render. */
  reused: number;
  /** Certificates kept now. */
  kept: number;
}

export interface CertificateRendererOptions {
  /** Worker threads (default 1: certificates are short; the audio pool has the other cores). */
  threads?: number;
  /** Renders that may wait for a thread (default 64); beyond it CertificatesBusyError. */
  maxQueue?: number;
  /** Memory for kept certificates (default 8 MB, about 450 certificates). */
  cacheBytes?: number;
  /** A thread idle this long is stopped (default 30 s); one starts on demand. */
  idleTimeoutMs?: number;
}

/** Every render slot is taken: the caller answers "try again in a moment" (429 with Retry-After). */
export class CertificatesBusyError extends Error {
  constructor() {
    super('The certificate renderer is busy');
    this.name = 'CertificatesBusyError';
  }
}

const ENTRY = new URL('./certificate-worker.mjs', import.meta.url).href;

/** The cache key: a hash of every field drawn on the certificate, in a fixed order, and its verify link. */
function certificateKey(license: CertificateDetails, verifyAt: string): string {
  const fields = Object.entries(license)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, value]) => [name, value instanceof Date ? value.toISOString() : (value ?? null)]);
  return createHash('sha256')
    .update(JSON.stringify([fields, verifyAt]))
    .digest('base64url');
}

interface RenderRequest {
  license: CertificateDetails;
  verifyAt: string;
}

export function createCertificateRenderer(options: CertificateRendererOptions = {}): CertificateRenderer {
  const maxQueue = Math.max(0, options.maxQueue ?? 64);
  const pool = new Piscina<RenderRequest, Uint8Array>({
    filename: ENTRY,
    minThreads: 0,
    maxThreads: Math.max(1, options.threads ?? 1),
    maxQueue: maxQueue || 1,
    idleTimeout: options.idleTimeoutMs ?? 30_000,
    execArgv: withoutTsxFlags(process.execArgv),
  });
  let rendered = 0;
  let reused = 0;
  const cache = new LRUCache<string, Uint8Array, RenderRequest>({
    maxSize: options.cacheBytes ?? 8 * 1024 * 1024,
    sizeCalculation: (pdf) => Math.max(1, pdf.byteLength),
    // Called once per key at a time: concurrent requests for one certificate share its render.
    fetchMethod: async (_key, _stale, { context }) => {
      if (pool.queueSize >= maxQueue) throw new CertificatesBusyError();
      const pdf = await pool.run(context);
      rendered++;
      return pdf;
    },
  });
  return {
    async render(license, verifyAt) {
      const key = certificateKey(license, verifyAt);
      if (cache.has(key)) reused++;
      const pdf = await cache.fetch(key, { context: { license, verifyAt } });
      if (!pdf) throw new Error('certificate renderer: no certificate');
      return pdf;
    },
    stats: () => ({ rendered, reused, kept: cache.size }),
    async close() {
      cache.clear();
      await pool.close();
    },
  };
}
