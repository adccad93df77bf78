import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkFileSelection, detectFileType, hashFile, type AcceptedFile } from '../../../src/lib/files';
import { setNotifier, type Notification } from '../../../src/lib/notifier';
import { FileInput } from '../../../src/ui/file-input';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((char) => char.charCodeAt(0)) : part)));
const gif = (name = 'photo.gif', body = 'a') => new File([bytes('GIF89a', body)], name, { type: 'image/gif' });
const jpeg = (name = 'photo.jpg', body = 'b') => new File([bytes([0xff, 0xd8, 0xff, 0xe0], body)], name, { type: 'image/jpeg' });
const pdf = (name = 'invoice.pdf', body = 'c') => new File([bytes('%PDF-1.7\n', body)], name, { type: 'application/pdf' });
const png = () => new File([bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'shot.png', { type: 'image/png' });

const notices: Notification[] = [];
beforeEach(() => {
  notices.length = 0;
  setNotifier({ notify: (notice) => notices.push(notice) });
});
afterEach(() => {
  cleanup();
  setNotifier(null);
});

describe('file rules (spec 1 §5)', () => {
  it('tells the type by the content signature', () => {
    expect(detectFileType(bytes('GIF87a'))).toBe('image/gif');
    expect(detectFileType(bytes('GIF89a'))).toBe('image/gif');
    expect(detectFileType(bytes([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    expect(detectFileType(bytes('%PDF-1.4'))).toBe('application/pdf');
    expect(detectFileType(bytes([0xef, 0xbb, 0xbf], '%PDF-1.4'))).toBe('application/pdf');
    expect(detectFileType(bytes([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(detectFileType(bytes('GIF8'))).toBeNull();
    expect(detectFileType(new Uint8Array())).toBeNull();
  });

  it('accepts GIF, JPEG (image/jpg too) and, only when allowed, PDF', async () => {
    const jpg = new File([bytes([0xff, 0xd8, 0xff], 'x')], 'legacy.jpeg', { type: 'image/jpg' });
    expect(await checkFileSelection([gif(), jpeg(), jpg])).toMatchObject({ ok: true });
    expect(await checkFileSelection([pdf()], { allowPdf: true })).toMatchObject({ ok: true });
    expect(await checkFileSelection([pdf()])).toEqual({
      ok: false,
      invalid: [expect.any(File)],
      title: 'Invalid file extension',
      message: 'JPG, JPEG and GIF are allowed.',
    });
    expect(await checkFileSelection([png()], { allowPdf: true })).toMatchObject({
      ok: false,
      message: 'JPG, JPEG, GIF, and PDF are allowed.',
    });
  });

  it('does not trust the name or the declared type alone', async () => {
    const fakeGif = new File([bytes('MZ this is a program')], 'cat.gif', { type: 'image/gif' });
    const renamed = new File([bytes('GIF89a', 'x')], 'cat.exe', { type: '' });
    const mislabelled = new File([bytes('GIF89a', 'x')], 'cat.gif', { type: 'text/html' });
    const cameraBlob = new File([bytes([0xff, 0xd8, 0xff], 'y')], 'image', { type: '' });
    for (const file of [fakeGif, renamed, mislabelled]) expect((await checkFileSelection([file])).ok).toBe(false);
    expect(await checkFileSelection([cameraBlob])).toMatchObject({ ok: true, files: [{ type: 'image/jpeg' }] });
  });

  it('refuses a whole selection when one file is invalid', async () => {
    const result = await checkFileSelection([gif(), jpeg(), png()]);
    expect(result).toMatchObject({ ok: false });
    expect(result.ok === false && result.invalid.map((file) => file.name)).toEqual(['shot.png']);
  });

  it('drops files whose content repeats, in the selection or among known files', async () => {
    const first = gif('a.gif', 'same');
    const copy = gif('copy-of-a.gif', 'same');
    const other = jpeg('b.jpg', 'other');
    const result = await checkFileSelection([first, copy, other]);
    expect(result.ok && result.files.map((accepted) => accepted.file.name)).toEqual(['a.gif', 'b.jpg']);
    expect(result.ok && result.duplicates.map((file) => file.name)).toEqual(['copy-of-a.gif']);
    const again = await checkFileSelection([gif('again.gif', 'same')], { knownHashes: new Set([await hashFile(first)]) });
    expect(again).toMatchObject({ ok: true, files: [], duplicates: [expect.any(File)] });
  });

  it('hashes with SHA-256', async () => {
    expect(await hashFile(new Blob(['abc']))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('FileInput (spec 1 §2 file-reader input)', () => {
  function renderInput(props: { allowPdf?: boolean; multiple?: boolean } = {}) {
    const received: AcceptedFile[][] = [];
    render(<FileInput label="Photos" multiple {...props} onFiles={(files) => received.push(files)} />);
    return { received, input: screen.getByLabelText('Photos') as HTMLInputElement };
  }

  it('passes accepted files on, without duplicates, and clears itself', async () => {
    const { received, input } = renderInput();
    expect(input.accept).toBe('image/gif,image/jpeg,image/jpg,.jpg,.jpeg,.gif');
    fireEvent.change(input, { target: { files: [gif('a.gif', 'x'), gif('b.gif', 'x'), jpeg()] } });
    await waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]!.map((accepted) => accepted.file.name)).toEqual(['a.gif', 'photo.jpg']);
    expect(received[0]!.every((accepted) => /^[0-9a-f]{64}$/.test(accepted.hash))).toBe(true);
    expect(screen.getByText('2 files added. 1 duplicate file skipped.')).toBeTruthy();
    expect(input.value).toBe('');
    expect(notices).toEqual([]);
  });

  it("refuses an invalid selection whole: cleared, and the warning 'Invalid file extension'", async () => {
    const { received, input } = renderInput();
    fireEvent.change(input, { target: { files: [gif(), pdf()] } });
    await waitFor(() =>
      expect(notices).toEqual([
        { level: 'warning', id: 'invalid-file', title: 'Invalid file extension', description: 'JPG, JPEG and GIF are allowed.' },
      ]),
    );
    expect(received).toEqual([]);
    expect(input.value).toBe('');
  });

  it('with PDF enabled, the PDF is accepted and the message names it', async () => {
    const { received, input } = renderInput({ allowPdf: true });
    expect(input.accept).toContain('application/pdf');
    fireEvent.change(input, { target: { files: [pdf()] } });
    await waitFor(() => expect(received).toHaveLength(1));
    fireEvent.change(input, { target: { files: [png()] } });
    await waitFor(() => expect(notices.at(-1)?.description).toBe('JPG, JPEG, GIF, and PDF are allowed.'));
  });
});
