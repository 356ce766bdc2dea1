import type { Plugin } from 'graphql-yoga';
import { mediaTypeOf } from '../context';

/** One upload (the Store API's limit per prescription file, SPEC §5). */
export const UPLOAD_MAX_FILE_BYTES = 5 * 1024 * 1024;
/** Files of one request: the insurance card and up to 5 prescriptions. */
export const UPLOAD_MAX_FILES = 6;
/** A whole multipart GraphQL request: every file at its limit plus the operation and form fields. */
export const UPLOAD_MAX_REQUEST_BYTES = UPLOAD_MAX_FILES * UPLOAD_MAX_FILE_BYTES + 256 * 1024;

/**
 * Size limits of multipart requests (GraphQL multipart request spec), checked before yoga buffers the body:
 * the request must declare its Content-Length (the HTTP server then never reads more than that) and stay
 * within UPLOAD_MAX_REQUEST_BYTES; otherwise 411/413 without reading it.
 */
export function useUploadLimits(): Plugin {
  return {
    onRequest({ request, endResponse, fetchAPI }) {
      if (request.method !== 'POST') return;
      if (mediaTypeOf(request) !== 'multipart/form-data') return;
      const length = Number(request.headers.get('content-length') ?? NaN);
      const refuse = (status: number, message: string) =>
        endResponse(
          new fetchAPI.Response(JSON.stringify({ errors: [{ message, extensions: { code: status === 413 ? 'REQUEST_TOO_LARGE' : 'LENGTH_REQUIRED', status } }] }), {
            status,
            headers: { 'content-type': 'application/json; charset=utf-8', connection: 'close' },
          }),
        );
      if (!Number.isFinite(length)) return refuse(411, 'A multipart request must declare its Content-Length.');
      if (length > UPLOAD_MAX_REQUEST_BYTES) return refuse(413, `A multipart request may have at most ${UPLOAD_MAX_REQUEST_BYTES} bytes.`);
    },
  };
}
