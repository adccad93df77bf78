import { PDFDocument, StandardFonts, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';

/*
 * The PDF drawing of the demo libraries, Help's (scripts/make-help-assets.ts) and Learn's (learn-manuals.ts), with
 * pdf-lib: letter-size pages with a coloured band across the top and "Page n of m" at the foot, and text blocks wrapped
 * between the margins. Real text, so the viewer's search finds it; fixed dates and no random ids, so the same bytes on
 * every run.
 */

export const PAGE = { width: 612, height: 792, margin: 64 };
/** The width between the margins. */
export const TEXT_WIDTH = PAGE.width - PAGE.margin * 2;

export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
}

export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A document with its metadata (`published` as both dates, `creator` only where given) and Helvetica, regular and bold. */
export async function createPdf(meta: {
  title: string;
  subject: string;
  author: string;
  creator?: string;
  published: Date;
}): Promise<{ doc: PDFDocument; fonts: PdfFonts }> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(meta.title, { showInWindowTitleBar: true });
  doc.setSubject(meta.subject);
  doc.setAuthor(meta.author);
  if (meta.creator !== undefined) doc.setCreator(meta.creator);
  doc.setProducer('pdf-lib');
  doc.setLanguage('en-US');
  doc.setCreationDate(meta.published);
  doc.setModificationDate(meta.published);
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  return { doc, fonts };
}

/** A new page with the 44 pt band across its top; the caller writes the band's text. */
export function addBandedPage(doc: PDFDocument, band: RGB): PDFPage {
  const page = doc.addPage([PAGE.width, PAGE.height]);
  page.drawRectangle({ x: 0, y: PAGE.height - 44, width: PAGE.width, height: 44, color: band });
  return page;
}

/** "Page n of m" (`index` from 0), centred at the foot of the page. */
export function drawPageNumber(page: PDFPage, font: PDFFont, index: number, count: number, color: RGB) {
  const footer = `Page ${index + 1} of ${count}`;
  page.drawText(footer, { x: PAGE.width / 2 - font.widthOfTextAtSize(footer, 9) / 2, y: 36, size: 9, font, color });
}

/** Writes blocks down a page from `y`: headings in the brand colour, paragraphs and bullet lists in 11.5 pt. */
export class PageWriter {
  constructor(
    readonly page: PDFPage,
    readonly fonts: PdfFonts,
    private readonly colors: { brand: RGB; text: RGB },
    public y: number,
  ) {}

  text(value: string, x: number, size: number, font: PDFFont, width: number, color = this.colors.text) {
    for (const line of wrap(value, font, size, width)) {
      this.page.drawText(line, { x, y: this.y, size, font, color });
      this.y -= size * 1.45;
    }
  }

  heading(value: string, size: number) {
    this.y -= 6;
    this.text(value, PAGE.margin, size, this.fonts.bold, TEXT_WIDTH, this.colors.brand);
    this.y -= 4;
  }

  paragraph(value: string) {
    this.text(value, PAGE.margin, 11.5, this.fonts.regular, TEXT_WIDTH);
    this.y -= 8;
  }

  bullets(items: readonly string[]) {
    for (const item of items) {
      this.page.drawText('-', { x: PAGE.margin + 6, y: this.y, size: 11.5, font: this.fonts.bold, color: this.colors.brand });
      this.text(item, PAGE.margin + 22, 11.5, this.fonts.regular, TEXT_WIDTH - 22);
      this.y -= 3;
    }
    this.y -= 6;
  }
}
