import { cliOrigin, recordAudit } from '../../audit/audit';
import { ApiKeyError, createApiKey, listApiKeys, revokeApiKey } from '../../auth/api-keys';
import type { Command } from '../command';
import { withDatabase } from '../database';
import { CliError, formatTable, writeLine } from '../io';

const keyErrors = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiKeyError) throw new CliError(error.message);
    throw error;
  }
};

const stamp = (date: Date | null) => (date ? date.toISOString().replace(/\.\d{3}Z$/, 'Z') : '-');

const apiKeyCreate: Command = {
  name: ['apikey', 'create'],
  summary: 'Make an API key for the import endpoint (shown once)',
  arguments: ['<name>'],
  description: `Makes an API key named <name> (who uses it: "erp-nightly") and prints it on stdout, alone on its line.
It is shown this once: the database keeps only its SHA-256. The key can call POST /api/import/{kind} and nothing
else (docs/cli.md, "API keys"); a user's sign-in cannot call that endpoint.

Example:
  KEY=$(npx homesite apikey create erp-nightly)
  curl -H "Authorization: Bearer $KEY" -H 'Content-Type: text/csv' --data-binary @orders.csv \\
    https://homesite.example.com/api/import/orders`,
  run: async ({ io, positionals }) => {
    const [name = ''] = positionals;
    await withDatabase(io.env, { migrations: 'apply' }, async ({ db }) => {
      const { key, listing } = await keyErrors(() =>
        db.transaction(async (tx) => {
          const made = await createApiKey(tx, name);
          // Its name only: never the key or its hash.
          await recordAudit(tx, { ...cliOrigin(io.env), action: 'apikey.created', details: { name: made.listing.name } });
          return made;
        }),
      );
      writeLine(io.stdout, key);
      writeLine(io.stderr, `API key '${listing.name}' made (${listing.prefix}…). Store it now: it is not shown again.`);
    });
  },
};

const apiKeyList: Command = {
  name: ['apikey', 'list'],
  summary: 'List the API keys (never the keys themselves)',
  description:
    'Lists every API key: name, first characters, when made, last used and revoked (UTC).\n\nExample:\n  npx homesite apikey list',
  run: async ({ io }) => {
    await withDatabase(io.env, { migrations: 'current' }, async ({ db }) => {
      const keys = await listApiKeys(db);
      if (keys.length === 0) {
        writeLine(io.stderr, 'There are no API keys: npx homesite apikey create <name> makes one.');
        return;
      }
      const rows = keys.map((key) => [key.name, `${key.prefix}…`, stamp(key.createdAt), stamp(key.lastUsedAt), stamp(key.revokedAt)]);
      writeLine(io.stdout, formatTable(['NAME', 'PREFIX', 'CREATED', 'LAST USED', 'REVOKED'], rows));
    });
  },
};

const apiKeyRevoke: Command = {
  name: ['apikey', 'revoke'],
  summary: 'Revoke an API key: its next request is refused',
  arguments: ['<name>'],
  description:
    'Revokes the API key named <name>. It is refused from its next request on (401), on every instance.\nThe key stays listed, with the time it was revoked; its name cannot be used again.\n\nExample:\n  npx homesite apikey revoke erp-nightly',
  run: async ({ io, positionals }) => {
    const [name = ''] = positionals;
    await withDatabase(io.env, { migrations: 'apply' }, async ({ db }) => {
      const outcome = await keyErrors(() =>
        db.transaction(async (tx) => {
          const revoked = await revokeApiKey(tx, name);
          if (revoked === 'revoked')
            await recordAudit(tx, { ...cliOrigin(io.env), action: 'apikey.revoked', details: { name: name.trim() } });
          return revoked;
        }),
      );
      writeLine(
        io.stdout,
        outcome === 'revoked' ? `API key '${name.trim()}' is revoked.` : `API key '${name.trim()}' was revoked already.`,
      );
    });
  },
};

export const apiKeyCommands: readonly Command[] = [apiKeyCreate, apiKeyList, apiKeyRevoke];
