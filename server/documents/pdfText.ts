/**
 * Plain text laid out on A4 pages with pdf-lib's standard fonts: headings in bold, paragraphs wrapped to the page
 * width, new pages as needed. The standard fonts speak WinAnsi, so characters outside it (arrows, emoji) become '?',
 * and letters outside it lose their accent.
 */
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";

export interface PdfLine {
  text: string;
  style: "title" | "heading" | "body" | "small";
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const SIZES: Record<PdfLine["style"], number> = { title: 15, heading: 11, body: 9.5, small: 8 };

/** Characters the standard fonts can draw; anything else is replaced. */
const winAnsi = (text: string) =>
  text.replace(/[\u2010-\u2015]/g, "-").replace(/[^\x20-\x7e\u00a0-\u00ff\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/g, withoutAccent);

/** A letter the fonts lack keeps its letter without the accent (Welsh ŵ and ŷ become w and y); anything else is '?'. */
function withoutAccent(character: string): string {
  const base = character.normalize("NFD")[0];
  return base !== character && /[A-Za-z]/.test(base) ? base : "?";
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/)) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  if (current) lines.push(current);
  return lines;
}

export interface PdfOptions {
  title: string;
  author: string;
  /** Drawn after the text, e.g. a signature image (PNG bytes), with its width in points. */
  image?: { png: Uint8Array; width: number; caption?: string };
}

export async function textPdf(lines: readonly PdfLine[], options: PdfOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(options.title);
  doc.setAuthor(options.author);
  doc.setCreator(options.author);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = A4[0] - 2 * MARGIN;
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const room = (needed: number) => {
    if (y - needed >= MARGIN) return;
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
  };
  for (const line of lines) {
    const size = SIZES[line.style];
    const font = line.style === "title" || line.style === "heading" ? bold : regular;
    if (line.style === "heading") y -= 6;
    for (const part of wrap(winAnsi(line.text), font, size, width)) {
      room(size * 1.35);
      y -= size * 1.35;
      page.drawText(part, { x: MARGIN, y, size, font });
    }
    y -= line.style === "title" ? 8 : 3;
  }
  if (options.image) {
    const png = await doc.embedPng(options.image.png);
    const scaled = png.scaleToFit(options.image.width, options.image.width);
    room(scaled.height + 24);
    y -= scaled.height + 6;
    page.drawImage(png, { x: MARGIN, y, width: scaled.width, height: scaled.height });
    if (options.image.caption) {
      y -= 12;
      page.drawText(winAnsi(options.image.caption), { x: MARGIN, y, size: SIZES.small, font: regular });
    }
  }
  return doc.save();
}
