/** Tests read PDFs back with a PDF parser (pdfjs-dist, Mozilla's): each page's text, and how many images are painted. */
import { getDocument, OPS } from "pdfjs-dist/legacy/build/pdf.mjs";

export interface ReadPdf {
  text: string;
  pages: number;
  images: number;
  title: string | undefined;
}

export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
  const texts: string[] = [];
  let images = 0;
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    texts.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
    const operators = await page.getOperatorList();
    images += operators.fnArray.filter((op) => op === OPS.paintImageXObject).length;
  }
  const { info } = (await doc.getMetadata()) as { info: { Title?: string } };
  const read = { text: texts.join("\n").replace(/\s+/g, " "), pages: doc.numPages, images, title: info.Title };
  await doc.destroy();
  return read;
}
