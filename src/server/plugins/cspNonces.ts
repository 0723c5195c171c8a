import { randomFillSync } from 'node:crypto';
import type { ServerResponse } from 'node:http';

const NONCE_BYTES = 16;

/**
 * The CSP nonce of each response, made on first use, so the header and the HTML that spa.ts sends
 * name the same one. One per app (securityHeaders.ts decorates app.cspNonceOf).
 */
export class CspNonces {
  private readonly byResponse = new WeakMap<ServerResponse, string>();
  // randomBytes(16) per response cost a system call each time; one fill serves 256 nonces.
  private readonly pool = Buffer.alloc(NONCE_BYTES * 256);
  private poolOffset = this.pool.length;

  of(res: ServerResponse): string {
    let nonce = this.byResponse.get(res);
    if (!nonce) {
      nonce = this.fresh();
      this.byResponse.set(res, nonce);
    }
    return nonce;
  }

  private fresh(): string {
    if (this.poolOffset === this.pool.length) {
      randomFillSync(this.pool);
      this.poolOffset = 0;
    }
    this.poolOffset += NONCE_BYTES;
    return this.pool.toString('base64url', this.poolOffset - NONCE_BYTES, this.poolOffset);
  }
}
