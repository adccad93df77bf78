import { describe, expect, it } from 'vitest';
import { HELP_PDF_MIN_BYTES, hasHelpPdfContent, sanitizeHelpFileName } from '../../../src/lib/help-files';

describe('the no-results rule (spec 1 §8, §9: a help PDF must be larger than 15 bytes)', () => {
  it.each([
    [0, false],
    [10, false],
    [15, false],
    [16, true],
    [5_734, true],
  ])('%i bytes → shown: %s', (bytes, shown) => {
    expect(hasHelpPdfContent(bytes)).toBe(shown);
  });

  it('is the spec constant', () => {
    expect(HELP_PDF_MIN_BYTES).toBe(15);
  });
});

describe('sanitizeHelpFileName (spec 1 §5: special characters stripped before the file request)', () => {
  it.each([
    ['Getting Started with HomeSite', 'Getting Started with HomeSite'],
    ['Parts Orders & Receiving (2026)', 'Parts Orders Receiving 2026'],
    ['Q&A: warranty/cards?', 'QA warrantycards'],
    ['  Tabs\tand   spaces  ', 'Tabs and spaces'],
    ['../../etc/passwd', 'etcpasswd'],
    ['Café menü', 'Caf men'],
    ['%#?!', 'document'],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeHelpFileName(input)).toBe(expected);
  });
});
