import type { Socket } from 'node:net';
import { errorMessage, type PlainErrorCode } from '@tarab/contracts';

/**
 * What Node's HTTP parser refuses before Fastify sees a request (a malformed header or target, both
 * Content-Length and Transfer-Encoding, headers over 16 KB, a request that never finished) is answered
 * in the one error shape too (`{ code, message }`, decision 062), not with Fastify's own body.
 */
const answers: Record<string, { status: number; reason: string; code: PlainErrorCode }> = {
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large', code: 'headers_too_large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', code: 'bad_request' },
};
const badRequest = { status: 400, reason: 'Bad Request', code: 'bad_request' as const };

export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A reset or a closed socket has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, reason, code } = answers[error.code ?? ''] ?? badRequest;
  const body = JSON.stringify({ code, message: errorMessage(code) });
  socket.end(
    [
      `HTTP/1.1 ${status} ${reason}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'X-Content-Type-Options: nosniff',
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}
