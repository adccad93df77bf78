import { eq } from 'drizzle-orm';
import * as t from '../../db/schema';
import { defineExport, type ExportContext } from '../kind';

interface StoredHelpDocument {
  id: number;
  display_name: string;
  category: string;
  file_type: 'pdf' | 'video';
  content_type: string;
  captions_vtt: string | null;
  position: number;
}

const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf', 'video/mp4': 'mp4', 'video/webm': 'webm' };

/** The files of a documents kind: the export needs a folder beside its output (--out), which stdout is not. */
export function filesOf(context: ExportContext) {
  if (!context.files) throw new Error('This kind writes files beside the output: it needs an output file.');
  return context.files;
}

/**
 * The Help library, each document's file (and a video's captions) written beside the output and named in the row, so
 * that the folder imports again. "Changed" for --since: the document's updated_at, which an import moves when the
 * file or metadata it brings differs (nothing else edits help documents).
 */
export const helpDocumentsExport = defineExport<StoredHelpDocument>({
  select: 'd.id, d.display_name, d.category, d.file_type, d.content_type, d.captions_vtt, d.position',
  from: 'help_documents AS d',
  key: 'd.id',
  changedAt: { expression: 'd.updated_at', meaning: 'its file or metadata was changed by an import' },
  hasFiles: true,
  pageRows: 100,
  cells: (document, context) => {
    const files = filesOf(context);
    const captions = document.captions_vtt;
    return {
      displayName: document.display_name,
      category: document.category,
      file: files.add(`${document.display_name}.${EXTENSIONS[document.content_type] ?? 'bin'}`, async (db) => {
        const [stored] = await db.select({ data: t.helpDocuments.data }).from(t.helpDocuments).where(eq(t.helpDocuments.id, document.id));
        return stored!.data;
      }),
      captions:
        captions === null ? null : files.add(`${document.display_name}.vtt`, () => Promise.resolve(new TextEncoder().encode(captions))),
      position: document.position,
    };
  },
});
