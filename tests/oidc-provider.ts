import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/*
 * A real OpenID Connect provider on 127.0.0.1 for the single sign-on tests (issue 33 §1): oidc-provider (OpenID
 * Certified), started in the test's process, with the clients the test registers. It vouches for whatever e-mail
 * address signs in (the account id is the address), verified unless the test says otherwise.
 */

export interface ProviderClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface TestProvider {
  /** http://127.0.0.1:<port>: what OIDC_ISSUER is set to. */
  issuer: string;
  /**
   * `pages`: the provider's own development login and consent pages (a browser fills them: any password).
   * `automatic`: each sign-in is finished at once for `signInAs`, with no page (a test without a browser).
   */
  signInAs: string | null;
  /** Addresses the provider vouches for with email_verified false. */
  unverified: Set<string>;
  /** The next token answer carries this ID token in place of its own (a provider that misbehaves, or a token substituted). */
  substituteIdToken: string | null;
  close: () => Promise<void>;
}

export async function startOidcProvider(options: {
  clients: ProviderClient[];
  interactions: 'pages' | 'automatic';
}): Promise<TestProvider> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const state: Pick<TestProvider, 'signInAs' | 'unverified' | 'substituteIdToken'> = {
    signInAs: null,
    unverified: new Set(),
    substituteIdToken: null,
  };

  const provider = new Provider(issuer, {
    clients: options.clients.map((client) => ({
      ...client,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['homesite-test-provider-cookie-key'] },
    // Said, so that the provider does not print a notice for each default it falls back to.
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({ sub: id, email: id, email_verified: !state.unverified.has(id.toLowerCase()), name: id.split('@')[0] }),
    }),
    ...(options.interactions === 'automatic'
      ? {
          interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
          features: { devInteractions: { enabled: false } },
        }
      : {}),
  });
  provider.on('server_error', (_ctx: unknown, error: unknown) => console.error('test provider error', error));
  provider.use(async (ctx: { path: string; body?: Record<string, unknown> }, next: () => Promise<void>) => {
    await next();
    if (ctx.path === '/token' && state.substituteIdToken && ctx.body?.id_token) {
      ctx.body = { ...ctx.body, id_token: state.substituteIdToken };
      state.substituteIdToken = null;
    }
  });

  const callback = provider.callback() as (req: IncomingMessage, res: ServerResponse) => void;
  server.on('request', (req, res) => {
    if (options.interactions === 'automatic' && req.url?.startsWith('/interaction/')) {
      void finishInteraction(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    callback(req, res);
  });

  async function finishInteraction(req: IncomingMessage, res: ServerResponse) {
    const details = (await provider.interactionDetails(req, res)) as { params: { client_id: string; scope: string } };
    const accountId = state.signInAs;
    if (!accountId) throw new Error('the test provider was not told whom to sign in (signInAs)');
    const grant = new provider.Grant({ accountId, clientId: details.params.client_id });
    grant.addOIDCScope(details.params.scope);
    const grantId = (await grant.save()) as string;
    await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  return Object.assign(state, {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
