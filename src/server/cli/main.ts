import { parseArgs, type ParseArgsConfig } from 'node:util';
import { requiredArgumentCount, type Command, type OptionSpec } from './command';
import { apiKeyCommands } from './commands/api-keys';
import { auditCommands } from './commands/audit';
import { databaseCommands } from './commands/database';
import { exportCommands } from './commands/export';
import { importCommands } from './commands/import';
import { userCommands } from './commands/users';
import { CliError, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, UsageError, writeLine, type CliIo } from './io';

export type { CliIo } from './io';

/** Every command, in the order `homesite --help` lists them. */
export const COMMANDS: readonly Command[] = [
  ...userCommands,
  ...apiKeyCommands,
  ...importCommands,
  ...exportCommands,
  ...auditCommands,
  ...databaseCommands,
];

const COMMON_OPTIONS: Record<string, OptionSpec> = {
  help: { type: 'boolean', short: 'h', description: 'Show this help' },
  verbose: { type: 'boolean', description: 'On failure, show the whole error with its stack' },
};

const ENVIRONMENT = `Environment (the same as the server's):
  DATABASE_URL  postgres://… to work on a PostgreSQL database
  DATA_DIR      otherwise, the directory of the embedded database (default ./data); the server must not be
                running on it (the DATA_DIR lock refuses)`;

const EXIT_CODES = 'Exit codes: 0 done, 1 failed or refused (the message says why), 2 wrong usage.';

const commandLine = (command: Command) => ['homesite', ...command.name].join(' ');

function optionLines(options: Record<string, OptionSpec>): string[] {
  const entries = Object.entries(options).map(([name, spec]) => {
    const flag = `${spec.short ? `-${spec.short}, ` : ''}--${name}${spec.type === 'string' ? ` ${spec.value ?? '<value>'}` : ''}`;
    return [flag, `${spec.description}${spec.multiple ? ' (repeatable)' : ''}`] as const;
  });
  const width = Math.max(...entries.map(([flag]) => flag.length));
  return entries.map(([flag, description]) => `  ${flag.padEnd(width)}  ${description}`);
}

const usageLine = (command: Command) =>
  `Usage: ${[commandLine(command), ...(command.arguments ?? []), command.synopsis ?? (command.options ? '[options]' : '')].join(' ').trimEnd()}`;

const optionsOf = (command: Command) => ['Options:', ...optionLines({ ...command.options, ...COMMON_OPTIONS })];

function commandHelp(command: Command): string {
  return [
    usageLine(command),
    '',
    `${command.summary}.`,
    '',
    command.description,
    '',
    ...optionsOf(command),
    '',
    ENVIRONMENT,
    '',
    EXIT_CODES,
  ].join('\n');
}

/** What a wrong call gets on stderr: the usage and options, without the whole help. */
const commandUsage = (command: Command) =>
  [usageLine(command), '', ...optionsOf(command), '', `More: npx homesite ${command.name.join(' ')} --help`].join('\n');

function listHelp(commands: readonly Command[], heading: string): string {
  const width = Math.max(...commands.map((command) => commandLine(command).length));
  return [
    heading,
    '',
    'Commands:',
    ...commands.map((command) => `  ${commandLine(command).padEnd(width)}  ${command.summary}`),
    '',
    "Run `npx homesite <command> --help` for a command's options and examples. Reference: docs/cli.md.",
    '',
    ENVIRONMENT,
    '',
    EXIT_CODES,
  ].join('\n');
}

const TOP_HELP_HEADING =
  "Usage: npx homesite <command> [options]\n\nThe HomeSite operator's command line: users and invitations, API keys, data import, the audit trail, backups, migrations.";

/** The commands whose name starts with these words. */
const commandsUnder = (words: readonly string[]) =>
  COMMANDS.filter((command) => words.every((word, index) => command.name[index] === word));

/** The command named by the first words of argv, and the rest of argv. */
function findCommand(argv: readonly string[]): { command: Command; rest: string[] } | null {
  for (const command of COMMANDS) {
    if (command.name.every((word, index) => argv[index] === word)) return { command, rest: argv.slice(command.name.length) };
  }
  return null;
}

const wantsHelp = (argv: readonly string[]) => argv.some((arg) => arg === '--help' || arg === '-h');

function parseCommandArgs(command: Command, rest: string[]) {
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const [name, spec] of Object.entries({ ...command.options, ...COMMON_OPTIONS })) {
    options[name] = { type: spec.type, ...(spec.multiple ? { multiple: true } : {}), ...(spec.short ? { short: spec.short } : {}) };
  }
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options, allowPositionals: true, strict: true });
  } catch (error) {
    // node's message goes on to explain `--` for positionals that start with '-', which no command here takes.
    throw new UsageError((error instanceof Error ? error.message : String(error)).replace(/\. To specify a positional argument.*$/s, '.'));
  }
  const expected = command.arguments ?? [];
  const required = requiredArgumentCount(command);
  if (parsed.positionals.length < required)
    throw new UsageError(`Missing ${expected.slice(parsed.positionals.length, required).join(' ')}.`);
  if (parsed.positionals.length > expected.length) throw new UsageError(`Unexpected argument: ${parsed.positionals[expected.length]}.`);
  return parsed;
}

/** The message of an error, and its causes, on one line each; the stack too with --verbose. */
function describeFailure(error: unknown, verbose: boolean): string {
  if (verbose && error instanceof Error) return error.stack ?? error.message;
  if (!(error instanceof Error)) return String(error);
  if (error instanceof CliError) return error.message;
  // An unexpected error: its own message, and its cause's (drizzle wraps the database's message as the cause).
  const messages = [error.message];
  for (let cause = error.cause, hops = 0; cause instanceof Error && hops < 3; cause = cause.cause, hops++) messages.push(cause.message);
  return messages.join('\n  caused by: ');
}

/**
 * Runs one command line (argv without `node` and the script) and answers its exit code: 0 done, 1 failed (one message
 * on stderr), 2 wrong usage (the usage on stderr). Never exits the process itself, so tests run it in-process.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const verbose = argv.includes('--verbose');
  const found = findCommand(argv);
  if (!found) {
    const words = argv.filter((arg) => !arg.startsWith('-'));
    const group = words[0] !== undefined && commandsUnder(words.slice(0, 1)).length > 0 ? words.slice(0, 1) : [];
    const listed = group.length > 0 ? commandsUnder(group) : COMMANDS;
    const heading = group.length > 0 ? `Usage: npx homesite ${group[0]} <command> [options]` : TOP_HELP_HEADING;
    if (wantsHelp(argv) && words.length <= group.length) {
      writeLine(io.stdout, listHelp(listed, heading));
      return EXIT_OK;
    }
    const unknown = words[group.length];
    const problem =
      unknown !== undefined
        ? `Unknown command: ${[...group, unknown].join(' ')}`
        : argv.length > 0 && group.length === 0
          ? `Unknown option: ${argv[0]}`
          : 'Which command?';
    writeLine(io.stderr, `${problem}\n\n${listHelp(listed, heading)}`);
    return EXIT_USAGE;
  }

  const { command, rest } = found;
  if (wantsHelp(rest)) {
    writeLine(io.stdout, commandHelp(command));
    return EXIT_OK;
  }
  try {
    const parsed = parseCommandArgs(command, rest);
    const code = await command.run({ io, values: parsed.values, positionals: parsed.positionals });
    return code ?? EXIT_OK;
  } catch (error) {
    if (error instanceof UsageError) {
      writeLine(io.stderr, `${error.message}\n\n${commandUsage(command)}`);
      return EXIT_USAGE;
    }
    writeLine(io.stderr, `homesite ${command.name.join(' ')}: ${describeFailure(error, verbose)}`);
    return EXIT_FAILURE;
  }
}
