import busboy from 'busboy';
import { UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILES, UPLOAD_MAX_REQUEST_BYTES } from '../gateway/src/plugins/upload-limits';

// A form post with files (ADR 0023: the prescription pickup) read within the gateway's own upload limits
// (gateway/src/plugins/upload-limits.ts), so a post without scripts can send no more than the enhanced form's
// GraphQL multipart request may. The files then go on to the gateway in that request, where the same limits and the
// Store API's check of the content apply.

/** The files of a form post by field name; a file input left empty sends none. */
export type FormFiles = ReadonlyMap<string, readonly File[]>;

export const NO_FILES: FormFiles = new Map();

type MultipartForm = { fields: URLSearchParams; files: FormFiles } | { refusal: Response };

const refuse = (status: number, text: string): { refusal: Response } => ({ refusal: new Response(text, { status }) });

/**
 * Reads a multipart form post, refusing (411, 413, 400) a body without its length or over UPLOAD_MAX_REQUEST_BYTES,
 * more than UPLOAD_MAX_FILES files, or text fields beyond `maxTextBytes` (counted as their urlencoded form would be,
 * so a flood of empty parts is refused as early as an oversized field). A file is kept up to one byte over
 * UPLOAD_MAX_FILE_BYTES: enough for the form's own size check to refuse it, without holding the rest.
 */
export async function readMultipartForm(request: Request, maxTextBytes: number): Promise<MultipartForm> {
  const length = Number(request.headers.get('content-length') ?? NaN);
  if (!Number.isFinite(length)) return refuse(411, 'Length required');
  if (length > UPLOAD_MAX_REQUEST_BYTES) return refuse(413, 'Form too large');
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      limits: { files: UPLOAD_MAX_FILES, fileSize: UPLOAD_MAX_FILE_BYTES + 1, fieldSize: maxTextBytes, headerPairs: 16 },
    });
  } catch {
    return refuse(400, 'Bad multipart form'); // no boundary
  }
  const fields = new URLSearchParams();
  const files = new Map<string, File[]>();
  const reading: Array<Promise<void>> = [];
  let textBytes = 0;
  let refusal: { refusal: Response } | undefined;
  parser.on('filesLimit', () => (refusal ??= refuse(413, 'Too many files')));
  // A part may come without a name (busboy then gives none): it counts, and is no field of a form.
  parser.on('field', (name: string | undefined, value: string) => {
    textBytes += (name ?? '').length + value.length + 2;
    if (textBytes > maxTextBytes) refusal ??= refuse(413, 'Form too large');
    else if (name) fields.append(name, value);
  });
  parser.on('file', (name: string | undefined, stream: NodeJS.ReadableStream, info: busboy.FileInfo) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    reading.push(
      new Promise((resolve) => {
        // a body cut short fails the file too; the parser's error refuses the post
        stream.on('error', () => resolve());
        stream.on('end', () => {
          // An empty file input sends a part without a file name: nothing chosen.
          if (name && info.filename) files.set(name, [...(files.get(name) ?? []), new File([Buffer.concat(chunks)], info.filename, { type: info.mimeType })]);
          resolve();
        });
      }),
    );
  });
  const closed = new Promise<void>((resolve) => {
    parser.on('close', resolve);
    parser.on('error', () => {
      refusal ??= refuse(400, 'Bad multipart form');
      resolve();
    });
  });
  const reader = request.body?.getReader();
  if (!reader) return refuse(400, 'Bad multipart form');
  while (!refusal) {
    const { done, value } = await reader.read();
    if (done) break;
    // Waiting for each write keeps busboy's events in step with the bytes read, so reading stops at a limit; writes
    // of at most a whole form's text bound the parts parsed past it, however large the chunks arrive.
    const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    for (let start = 0; start < chunk.byteLength && !refusal; start += maxTextBytes) {
      await new Promise<void>((resolve) => parser.write(chunk.subarray(start, start + maxTextBytes), () => resolve()));
    }
  }
  if (refusal) {
    reader.cancel().catch(() => {});
    parser.destroy();
    return refusal;
  }
  parser.end();
  await closed;
  // a body cut short leaves its last file unfinished: refused before waiting for it
  if (refusal) return refusal;
  await Promise.all(reading);
  return { fields, files };
}
