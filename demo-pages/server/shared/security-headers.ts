/**
 * Headers every answer carries: no framing by other sites (clickjacking; the `/partner/` demo
 * embeds our script, not a frame), no MIME sniffing, no full URLs leaked to other sites, and HSTS
 * over TLS. Pages add their script policy (shared/page.ts pageCsp).
 */
import type { FastifyReply } from 'fastify';

const FRAME_ANCESTORS = "frame-ancestors 'self'";

export const SECURITY_HEADERS = {
  'X-Frame-Options': 'SAMEORIGIN',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
} as const;

/** A year: browsers that saw the site over TLS keep to TLS. */
export const HSTS = 'max-age=31536000';

export function addSecurityHeaders(reply: FastifyReply): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (!reply.hasHeader(name)) reply.header(name, value);
  }
  // Over TLS: the server's own, or a configured proxy's X-Forwarded-Proto (app.ts trustProxy).
  if (reply.request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
  // A page with a policy of its own (a strict-CSP test page) keeps it, with framing refused too.
  const policy = reply.getHeader('Content-Security-Policy');
  if (typeof policy !== 'string' || policy === '') reply.header('Content-Security-Policy', FRAME_ANCESTORS);
  else if (!/frame-ancestors/.test(policy))
    reply.header('Content-Security-Policy', `${policy}; ${FRAME_ANCESTORS}`);
}
