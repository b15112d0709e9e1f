import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Google's OAuth token-info and OpenID user-info endpoints, speaking
 * their wire format (GET /tokeninfo?access_token=…, GET /userinfo with a Bearer token).
 */
interface FakeGoogleToken {
  aud: string;
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  expiresIn?: number;
}

export interface FakeGoogle {
  tokenInfoUrl: string;
  userInfoUrl: string;
  issue(token: FakeGoogleToken): string;
  close(): Promise<void>;
}

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const tokens = new Map<string, FakeGoogleToken>();
  let n = 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/tokeninfo') {
      const t = tokens.get(url.searchParams.get('access_token') ?? '');
      if (!t) return send(400, { error: 'invalid_token', error_description: 'Invalid Value' });
      const expiresIn = t.expiresIn ?? 3599;
      if (expiresIn <= 0) return send(400, { error: 'invalid_token', error_description: 'Token expired' });
      return send(200, {
        azp: t.aud,
        aud: t.aud,
        sub: t.sub,
        scope: 'openid email profile',
        exp: String(Math.floor(Date.now() / 1000) + expiresIn),
        expires_in: String(expiresIn),
        email: t.email,
        email_verified: String(t.email_verified),
      });
    }
    if (url.pathname === '/userinfo') {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const t = tokens.get(token);
      if (!t) return send(401, { error: 'invalid_request' });
      return send(200, { sub: t.sub, email: t.email, email_verified: t.email_verified, name: t.name ?? 'Google User' });
    }
    send(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    tokenInfoUrl: `${base}/tokeninfo`,
    userInfoUrl: `${base}/userinfo`,
    issue(token) {
      const value = `ya29.fake-${++n}-${Math.random().toString(36).slice(2)}`;
      tokens.set(value, token);
      return value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
