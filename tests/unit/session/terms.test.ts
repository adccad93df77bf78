import { describe, expect, it } from 'vitest';
import { termsAcceptanceRequired } from '../../../src/features/session/terms';

const msDate = (iso: string) => `/Date(${new Date(iso).getTime()})/`;
const document = (created: string, modified: string) => ({ CreateDate: msDate(created), ModifyDate: msDate(modified) });

describe('termsAcceptanceRequired (spec 1 §4 Terms of use)', () => {
  it('asks when the acceptance date is empty', () => {
    expect(termsAcceptanceRequired(null, document('2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z'))).toBe(true);
    expect(termsAcceptanceRequired('', undefined)).toBe(true);
    expect(termsAcceptanceRequired('1900-01-01T00:00:00Z', null)).toBe(true);
  });

  it('asks when the document was created after the acceptance', () => {
    expect(termsAcceptanceRequired('2025-06-01T00:00:00Z', document('2025-07-01T00:00:00Z', '2025-07-01T00:00:00Z'))).toBe(true);
  });

  it('asks when the document was modified after the acceptance', () => {
    expect(termsAcceptanceRequired('2025-06-01T00:00:00Z', document('2025-01-01T00:00:00Z', '2025-06-01T00:00:01Z'))).toBe(true);
  });

  it('does not ask when both dates are before the acceptance', () => {
    expect(termsAcceptanceRequired('2025-06-01T00:00:00Z', document('2025-01-01T00:00:00Z', '2025-05-31T23:59:59Z'))).toBe(false);
  });

  it('does not ask without a document when the terms were accepted once', () => {
    expect(termsAcceptanceRequired('2025-06-01T00:00:00Z', undefined)).toBe(false);
    expect(termsAcceptanceRequired('2025-06-01T00:00:00Z', null)).toBe(false);
  });
});
