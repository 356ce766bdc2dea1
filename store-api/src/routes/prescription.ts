import type { Context } from 'hono';
import type { StoreApiApp } from '../app';
import {
  checkUploadSize,
  countPickupAttempt,
  PICKUP_REQUEST_MAX_BYTES,
  PRESCRIPTION_FILES_MAX,
  requestPrescriptionDelivery,
  requestPrescriptionPickup,
  type UploadedFile,
} from '../domain/prescriptions';
import { clientIpOf } from '../domain/rate-limit';
import { StoreApiError } from '../errors';
import { readBody } from '../request';

// Prescription services (SPEC §4): home delivery form (JSON) and pickup with uploads (multipart/form-data).
// The uploaded files are never served by any route.

function tooLarge(): StoreApiError {
  return StoreApiError.of(413, 'FRAMEWORK__REQUEST_BODY_TOO_LARGE', `The request body exceeds ${PICKUP_REQUEST_MAX_BYTES} bytes.`, { maxBytes: PICKUP_REQUEST_MAX_BYTES });
}

/**
 * The multipart body, size-limited before it is buffered: a declared Content-Length over the limit is refused at
 * once, and the bytes are counted as they arrive (a body without or with a false length is cut off too).
 */
async function readMultipart(c: Context): Promise<FormData> {
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw StoreApiError.of(415, 'FRAMEWORK__UNSUPPORTED_MEDIA_TYPE', 'The request must be multipart/form-data.');
  }
  const declared = Number(c.req.header('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > PICKUP_REQUEST_MAX_BYTES) throw tooLarge();
  const source = c.req.raw.body;
  if (!source) throw StoreApiError.violation('/', 'FRAMEWORK__INVALID_FORM_DATA', 'The request body is empty.');
  let received = 0;
  let exceeded = false;
  const counted = source.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > PICKUP_REQUEST_MAX_BYTES) {
          exceeded = true;
          controller.error(new Error('request body too large'));
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
  try {
    return await new Response(counted, { headers: { 'content-type': type } }).formData();
  } catch {
    if (exceeded) throw tooLarge();
    throw StoreApiError.violation('/', 'FRAMEWORK__INVALID_FORM_DATA', 'The multipart body could not be read.');
  }
}

const FIELDS = ['salutationId', 'firstName', 'lastName', 'email', 'phone', 'birthday', 'street', 'zipcode', 'city', 'country', 'comment', 'pharmacyId', 'pickupDate'] as const;

/** Fields as strings and the files with their pointers; each file's size is checked before its bytes are read. */
async function pickupParts(form: FormData): Promise<{ body: Record<string, unknown>; files: UploadedFile[] }> {
  const body: Record<string, unknown> = {};
  for (const name of FIELDS) {
    const value = form.get(name);
    if (typeof value === 'string') body[name] = value;
  }
  const parts: { pointer: string; role: UploadedFile['role']; file: File }[] = [];
  const cards = form.getAll('insuranceCard');
  cards.forEach((value, i) => {
    if (typeof value !== 'string') parts.push({ pointer: cards.length > 1 ? `/insuranceCard/${i}` : '/insuranceCard', role: 'insurance_card', file: value });
  });
  const prescriptions = [...form.getAll('prescriptions[]'), ...form.getAll('prescriptions')];
  if (prescriptions.length > PRESCRIPTION_FILES_MAX) {
    throw StoreApiError.violation('/prescriptions', 'PRESCRIPTION__FILE_REQUIRED', `Between 1 and ${PRESCRIPTION_FILES_MAX} prescription files are required.`, { count: prescriptions.length, max: PRESCRIPTION_FILES_MAX });
  }
  prescriptions.forEach((value, i) => {
    if (typeof value !== 'string') parts.push({ pointer: `/prescriptions/${i}`, role: 'prescription', file: value });
  });
  for (const part of parts) checkUploadSize(part.pointer, part.file.size);
  const files: UploadedFile[] = [];
  for (const part of parts) files.push({ pointer: part.pointer, role: part.role, bytes: new Uint8Array(await part.file.arrayBuffer()) });
  return { body, files };
}

export function registerPrescriptionRoutes(app: StoreApiApp): void {
  app.post('/prescription/delivery', async (c) => {
    const result = requestPrescriptionDelivery(c.get('ctx'), await readBody(c), clientIpOf(c));
    return c.json(result);
  });

  app.post('/prescription/pickup', async (c) => {
    const ctx = c.get('ctx');
    countPickupAttempt(ctx, clientIpOf(c));
    const { body, files } = await pickupParts(await readMultipart(c));
    return c.json(requestPrescriptionPickup(ctx, c.get('deps').config.dataDir, body, files));
  });
}
