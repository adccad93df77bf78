import type { Readable, Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import * as v from 'valibot';
import { Password } from '../../contract';

/** Where a command reads and writes: the process's own streams, or fakes in tests. */
export interface CliIo {
  stdin: Readable & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
  stdout: Writable;
  stderr: Writable & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

/** A mistake in how the command was called: usage on stderr, exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** A refusal or failure the operator can act on: its message alone on stderr, exit 1. */
export class CliError extends Error {
  override readonly name = 'CliError';
}

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

export const writeLine = (stream: Writable, text = '') => {
  stream.write(`${text}\n`);
};

/** Rows as columns padded to their widest cell, under a header. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

/** A longer first line than any password the product takes: what is read past this is not a password. */
const MAX_LINE_CHARACTERS = 4096;

/** The first line of a piped stdin, without its line break; null when stdin ends before giving anything. */
export async function readFirstLine(stdin: Readable): Promise<string | null> {
  const decoder = new StringDecoder('utf8');
  let text = '';
  for await (const chunk of stdin) {
    text += typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer);
    const end = text.indexOf('\n');
    if (end >= 0) return text.slice(0, end).replace(/\r$/, '');
    if (text.length > MAX_LINE_CHARACTERS) throw new CliError('The first line of stdin is too long to be a password.');
  }
  text += decoder.end();
  return text === '' ? null : text.replace(/\r$/, '');
}

/** Asks on the terminal without echoing what is typed (raw mode: each key arrives as it is pressed). */
export function promptHidden(io: CliIo, prompt: string): Promise<string> {
  const { stdin, stderr } = io;
  if (!stdin.setRawMode) throw new CliError('stdin is a terminal that cannot hide what is typed; pipe the password instead.');
  stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (outcome: () => void) => {
      stdin.off('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
      stderr.write('\n');
      outcome();
    };
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') return finish(() => resolve(typed));
        // Ctrl-C, and Ctrl-D on an empty line, cancel as they would in a shell.
        if (character === '\u0003' || (character === '\u0004' && typed === '')) return finish(() => reject(new CliError('Cancelled.')));
        if (character === '\u007f' || character === '\b') typed = Array.from(typed).slice(0, -1).join('');
        else if (character >= ' ') typed += character;
      }
    };
    stdin.on('data', onData);
  });
}

/**
 * A new password as the product's rules take it (spec 1 §5, contract Password): typed twice, hidden, on a terminal;
 * otherwise the first line of stdin. Never an argument, so it stays out of the shell history and the process list.
 */
export async function readNewPassword(io: CliIo): Promise<string> {
  let password: string;
  if (io.stdin.isTTY) {
    password = await promptHidden(io, 'Password: ');
    const again = await promptHidden(io, 'Repeat the password: ');
    if (again !== password) throw new CliError('The passwords do not match.');
  } else {
    const line = await readFirstLine(io.stdin);
    if (line === null) {
      throw new CliError(`No password on stdin. Type it in a terminal, or pipe it: printf '%s\\n' "$PASSWORD" | npx homesite …`);
    }
    password = line;
  }
  const checked = v.safeParse(Password, password);
  if (!checked.success) throw new CliError(`The password is not accepted: ${checked.issues[0].message}`);
  return checked.output;
}
