import type { Database, DatabaseNotifications } from '../db/client';
import type { Logger } from '../ops/logger';
import type { Metrics } from '../ops/metrics';
import { startQueueWorker } from '../ops/queue-worker';
import type { MailSetting } from './config';
import type { MailMessage } from './messages';
import { deliverDueMail, type DeliveryReport, type MailKey, type SendMail } from './queue';

/** How often an instance looks for due mail (besides right after a request queued one). */
const POLL_INTERVAL_MS = 15_000;

export interface MailTransport {
  send: SendMail;
  close: () => void;
}

/** SMTP through nodemailer (a pool, so a batch of invitations shares connections), or the console in demo mode. */
export function createMailTransport(
  setting: Exclude<MailSetting, { kind: 'none' }>,
  print: (text: string) => void = console.log,
): MailTransport {
  if (setting.kind === 'console') {
    return {
      send: async (mail: MailMessage) => {
        const rule = '─'.repeat(72);
        print(
          `${rule}\nMail (demo mode: printed here, not sent)\nFrom: ${setting.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}${rule}`,
        );
      },
      close: () => undefined,
    };
  }
  // nodemailer is loaded here, not with the module: the command line imports this module, and mails from few commands.
  const transporter = import('nodemailer').then(({ createTransport }) =>
    createTransport(setting.url + (setting.url.includes('?') ? '&' : '?') + 'pool=true'),
  );
  return {
    send: async (mail) => {
      await (await transporter).sendMail({ from: setting.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    close: () => void transporter.then((opened) => opened.close()),
  };
}

export interface Mailer {
  /** One pass, awaited (the command line sends what it queued before it exits). */
  deliverNow: () => Promise<DeliveryReport>;
  close: () => Promise<void>;
}

/**
 * Delivers the queue in the background: at start, every POLL_INTERVAL_MS and when mail is queued, one pass at a time. A failed mail
 * waits its backoff; the request that queued it never waits for the SMTP server.
 */
export async function startMailer(options: {
  db: Database;
  key: MailKey;
  transport: MailTransport;
  /** Mail queued by any instance (or the command line) wakes this one at commit: migration 0019's NOTIFY. */
  notifications?: DatabaseNotifications;
  logger?: Logger;
  /** homesite_mails_total by outcome. */
  metrics?: Pick<Metrics, 'countMail'>;
  pollMs?: number;
}): Promise<Mailer> {
  const { db, key, transport, logger } = options;
  const worker = await startQueueWorker({
    round: async () => {
      const report = await deliverDueMail(db, key, transport.send, new Date(), {
        onError: (error, mail) =>
          logger?.warn(
            { mailId: mail.id, attempts: mail.attempts, err: error instanceof Error ? error.message : String(error) },
            'mail delivery failed; will retry',
          ),
      });
      options.metrics?.countMail(report);
      if (report.sent > 0) logger?.info({ sent: report.sent }, 'mail delivered');
      if (report.gaveUp > 0) logger?.warn({ gaveUp: report.gaveUp }, 'mail given up: its link expired before it could be delivered');
      // A full batch may leave more due mail behind it.
      return { report, more: report.sent + report.failed >= 50 };
    },
    add: (total, next) => ({ sent: total.sent + next.sent, failed: total.failed + next.failed, gaveUp: total.gaveUp + next.gaveUp }),
    channel: 'homesite_mail',
    notifications: options.notifications,
    pollMs: options.pollMs ?? POLL_INTERVAL_MS,
    onError: (error) => logger?.error({ err: error }, 'mail queue pass failed'),
  });
  return {
    deliverNow: worker.runNow,
    close: async () => {
      await worker.close();
      transport.close();
    },
  };
}
