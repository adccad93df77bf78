import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { TOKEN_COOKIE } from '../../contract';
import { loadCmhUser } from '../auth/profile';
import type { TokenService } from '../auth/tokens';
import type { Database } from '../db/client';

/**
 * Whether a media request comes from a signed-in, active user. A <video> or <track> element cannot
 * send an Authorization header, and a video streamed in ranges cannot be fetched whole first; so for
 * these files the token may also come from the `Bearer` cookie the client keeps it in (spec 1 §7).
 * The cookie is SameSite=Lax, which other sites' pages cannot make the browser send on a media load.
 */
export async function isMediaRequestSignedIn(c: Context, db: Database, tokens: TokenService): Promise<boolean> {
  const fromHeader = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  const token = fromHeader ?? getCookie(c, TOKEN_COOKIE);
  if (!token) return false;
  const claims = await tokens.verify(db, token);
  if (!claims) return false;
  const user = await loadCmhUser(db, Number(claims.sub));
  return user?.isActive === true;
}
