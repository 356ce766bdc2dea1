import { extractText, getDocumentProxy } from 'unpdf';

// The text a PDF shows, page by page joined, read by pdf.js (unpdf) as a PDF reader would — so a test asserts what
// the customer reads in the invoice, whichever library wrote it.
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\u00a0/g, ' ');
}
