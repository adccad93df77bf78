import type { ReactNode } from 'react';
import { NeedsConnectionMark, NotOnDeviceMark } from './not-on-device';

export interface RecordCellProps {
  /** The cell's block class; the homeowner is `${className}__homeowner`. */
  className: string;
  /** The record's number, linking to it. */
  link: ReactNode;
  /** Its homeowner's name; `notOnDevice` when a server search found it and the device does not keep it. */
  record: { homeownerName?: string | null | undefined; notOnDevice?: boolean | undefined };
  /** The record's detail cannot open now: not kept, and no connection. */
  needsConnection: boolean;
  /** The row's marks of queued changes. */
  children?: ReactNode;
}

/** The first cell of a list of kept records (work orders, parts orders): number, homeowner, queued-change and device marks. */
export function RecordCell({ className, link, record, needsConnection, children }: RecordCellProps) {
  const { homeownerName, notOnDevice } = record;
  return (
    <div className={className}>
      {link}
      {homeownerName && <span className={`${className}__homeowner`}>{homeownerName}</span>}
      {children}
      {notOnDevice ? <NotOnDeviceMark /> : needsConnection && <NeedsConnectionMark />}
    </div>
  );
}
