import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the listener received it, parsed. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The whole mail as mailparser gave it: its headers (from, to, …) as well. */
  parsed: ParsedMail;
}

export interface MailListener {
  /** smtp://127.0.0.1:<port>: what SMTP_URL is set to. */
  url: string;
  received: ReceivedMail[];
  /** The mails to this address so far. */
  to: (address: string) => ReceivedMail[];
  /** Makes the next `count` deliveries fail at RCPT TO with a temporary error (451), as a busy mail server does. */
  refuseNext: (count: number) => void;
  close: () => Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (smtp-server, parsed by mailparser): the tests send through nodemailer as production
 * does, over a socket, never a mock of it. Plain SMTP without authentication or TLS, as a relay on a private network.
 */
export async function startMailListener(): Promise<MailListener> {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            parsed: mail,
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to: (address) => received.filter((mail) => mail.to.includes(address.toLowerCase())),
    refuseNext: (count) => {
      refusals = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The one-time link in a mail's text. */
export function linkIn(mail: ReceivedMail): string {
  const match = /https?:\/\/\S+\/set-password\/[A-Za-z0-9_-]{43}/.exec(mail.text);
  if (!match) throw new Error(`no set-password link in the mail "${mail.subject}"`);
  return match[0];
}
