import type { CliIo } from './io';

export interface OptionSpec {
  type: 'string' | 'boolean';
  multiple?: boolean;
  short?: string;
  /** How the value is written in the help (`<e-mail>`); string options only. */
  value?: string;
  description: string;
}

export type OptionValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

export interface CommandRun {
  io: CliIo;
  values: OptionValues;
  positionals: string[];
}

export interface Command {
  /** The words that name it: ['user', 'create']. */
  name: readonly string[];
  /** One line, for the list of commands. */
  summary: string;
  /** The positional arguments as the usage line writes them: '<user-name>'; optional ones in [brackets]. */
  arguments?: readonly string[];
  options?: Readonly<Record<string, OptionSpec>>;
  /** What the usage line shows after the arguments (default `[options]` when there are options). */
  synopsis?: string;
  /** Paragraphs after the usage line: what it does, examples. */
  description: string;
  /** Answers the exit code (0 when it returns nothing); throws CliError or UsageError otherwise. */
  run: (run: CommandRun) => Promise<number | void>;
}

export const requiredArgumentCount = (command: Command) => (command.arguments ?? []).filter((name) => !name.startsWith('[')).length;

export function stringOption(values: OptionValues, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

export function listOption(values: OptionValues, name: string): string[] {
  const value = values[name];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return typeof value === 'string' ? [value] : [];
}

export const flagOption = (values: OptionValues, name: string) => values[name] === true;
