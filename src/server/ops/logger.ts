import pino, { type Logger } from 'pino';

export type { Logger } from 'pino';

export interface LoggerOptions {
  /** LOG_LEVEL: fatal, error, warn, info (default), debug, trace or silent. */
  level?: string;
  /** Readable lines for a person at a terminal (development); JSON lines otherwise (production). */
  pretty?: boolean;
  /** Where JSON lines go (tests); default stdout. */
  destination?: pino.DestinationStream;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * The server's one logger. Nothing secret reaches it: request lines carry no headers, bodies or query strings
 * (ops/access-log.ts), and the redaction below is a second guard for an error that carries a request.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const level = options.level ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(level))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; got "${level}"`);
  const settings: pino.LoggerOptions = {
    level,
    base: { service: 'homesite' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: [
        'password',
        '*.password',
        'Password',
        '*.Password',
        'authorization',
        '*.authorization',
        'token',
        '*.token',
        'bearerToken',
        '*.bearerToken',
      ],
      censor: '[redacted]',
    },
    formatters: { level: (label) => ({ level: label }) },
  };
  if (options.destination) return pino(settings, options.destination);
  if (options.pretty)
    return pino({
      ...settings,
      transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,service', singleLine: true } },
    });
  return pino(settings);
}
