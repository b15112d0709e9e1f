import { z } from 'zod';

/**
 * Verifies a Google OAuth access token the way Google documents it: the token-info endpoint
 * must say it was issued to our client (audience) and is unexpired, then the user-info
 * endpoint gives a verified email. Endpoints are configurable so tests use a local OAuth server.
 */
export interface GoogleIdentity {
  sub: string;
  email: string;
  /** Google says the person owns `email`. */
  emailVerified: boolean;
  name: string;
}

export interface GoogleVerifierConfig {
  clientId: string | undefined;
  tokenInfoUrl: string;
  userInfoUrl: string;
}

const TokenInfo = z.object({
  aud: z.string().optional(),
  azp: z.string().optional(),
  exp: z.coerce.number().optional(),
  expires_in: z.coerce.number().optional(),
});
const UserInfo = z.object({
  sub: z.string().min(1),
  email: z.string().email(),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]),
  name: z.string().optional(),
});

export class GoogleVerificationError extends Error {}

export async function verifyGoogleAccessToken(
  config: GoogleVerifierConfig,
  accessToken: string,
): Promise<GoogleIdentity> {
  if (!config.clientId) throw new GoogleVerificationError('Google sign-in is not configured');
  const signal = AbortSignal.timeout(5_000);
  const infoUrl = new URL(config.tokenInfoUrl);
  infoUrl.searchParams.set('access_token', accessToken);
  const infoRes = await fetch(infoUrl, { signal });
  if (!infoRes.ok) throw new GoogleVerificationError('token rejected by token info');
  const info = TokenInfo.safeParse(await infoRes.json());
  if (!info.success) throw new GoogleVerificationError('malformed token info');
  const audience = info.data.aud ?? info.data.azp;
  if (audience !== config.clientId) throw new GoogleVerificationError('wrong audience');
  const nowS = Date.now() / 1000;
  const expired =
    (info.data.exp !== undefined && info.data.exp <= nowS) ||
    (info.data.expires_in !== undefined && info.data.expires_in <= 0);
  if (expired) throw new GoogleVerificationError('token expired');
  const userRes = await fetch(config.userInfoUrl, { headers: { authorization: `Bearer ${accessToken}` }, signal });
  if (!userRes.ok) throw new GoogleVerificationError('token rejected by user info');
  const user = UserInfo.safeParse(await userRes.json());
  if (!user.success) throw new GoogleVerificationError('malformed user info');
  return {
    sub: user.data.sub,
    email: user.data.email,
    emailVerified: user.data.email_verified,
    name: user.data.name ?? user.data.email.split('@')[0]!,
  };
}
