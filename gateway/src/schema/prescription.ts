import { GraphQLError, GraphQLScalarType } from 'graphql';
import type { GatewayContext } from '../context';
import { StoreApiRequestError, type StoreApiErrorEntry } from '../store-client';
import { UPLOAD_MAX_FILE_BYTES } from '../plugins/upload-limits';
import { builder } from './builder';
import { InputCheck, InvalidInput, ShopErrorRef, fieldOfPointer, shopError, shopErrorsOf, type ShopError } from './shop-errors';

// Prescription services (SPEC §4): home delivery (the shopper then posts the original prescription; the
// medicines arrive 2–3 days after its receipt) and pickup at a chosen pharmacy with the insurance card and
// 1–5 prescriptions uploaded as PDF or PNG (GraphQL multipart request spec, yoga's File values), forwarded to
// the Store API as multipart/form-data. The Store API decides the file type by content.

const NAME_MIN = 3;
const NAME_MAX = 50;
const COMMENT_MAX = 2000;
const PRESCRIPTIONS_MAX = 5;
const UPLOAD_MAX_MB = UPLOAD_MAX_FILE_BYTES / (1024 * 1024);

/** An uploaded file (a part of a multipart request, GraphQL multipart request spec). */
const FileScalar = builder.addScalarType(
  'File' as never,
  new GraphQLScalarType<File, never>({
    name: 'File',
    description: 'An uploaded file: a part of a multipart/form-data request (GraphQL multipart request spec).',
    parseValue(value) {
      if (value instanceof Blob) return value as File;
      throw new GraphQLError('File: expected an uploaded file (multipart request).');
    },
    parseLiteral() {
      throw new GraphQLError('File: a file can only be sent as a variable of a multipart request.');
    },
    serialize() {
      throw new GraphQLError('File: files are never answered.');
    },
  }) as never,
  {},
) as never;

interface PrescriptionPayloadShape {
  requestNumber: string | null;
  pickupDate: string | null;
  errors: ShopError[];
}

const PrescriptionPayloadRef = builder.objectRef<PrescriptionPayloadShape>('PrescriptionRequestPayload').implement({
  description: 'The stored prescription request, or what went wrong.',
  fields: (t) => ({
    requestNumber: t.string({ nullable: true, description: 'The number of the stored request (e.g. R50001); null when it failed.', resolve: (p) => p.requestNumber }),
    pickupDate: t.string({ nullable: true, description: 'Pickup: the chosen date (YYYY-MM-DD).', resolve: (p) => p.pickupDate }),
    errors: t.field({ type: [ShopErrorRef], description: 'Expected failures, translated.', resolve: (p) => p.errors }),
  }),
});

const PrescriptionDeliveryInput = builder.inputType('PrescriptionDeliveryInput', {
  description: 'The home delivery form of prescription medicines.',
  fields: (t) => ({
    salutationId: t.id({ required: false, description: 'The salutation.' }),
    firstName: t.string({ required: true, description: `First name (${NAME_MIN}–${NAME_MAX} characters).` }),
    lastName: t.string({ required: true, description: `Last name (${NAME_MIN}–${NAME_MAX} characters).` }),
    email: t.string({ required: true, description: 'Email address (the confirmation goes there).' }),
    phone: t.string({ required: true, description: 'Phone number.' }),
    birthday: t.string({ required: false, description: 'Date of birth, YYYY-MM-DD.' }),
    street: t.string({ required: true, description: 'Street and number.' }),
    zipcode: t.string({ required: true, description: 'Postal code (4 digits).' }),
    city: t.string({ required: true, description: 'Town.' }),
    country: t.string({ required: true, description: 'Country: CH or LI.' }),
    comment: t.string({ required: false, description: `A note (at most ${COMMENT_MAX} characters).` }),
  }),
});

const PrescriptionPickupInput = builder.inputType('PrescriptionPickupInput', {
  description: 'The pickup form: who picks up where and when (the files are arguments of their own).',
  fields: (t) => ({
    salutationId: t.id({ required: false, description: 'The salutation.' }),
    firstName: t.string({ required: true, description: `First name (${NAME_MIN}–${NAME_MAX} characters).` }),
    lastName: t.string({ required: true, description: `Last name (${NAME_MIN}–${NAME_MAX} characters).` }),
    email: t.string({ required: true, description: 'Email address (the confirmation goes there).' }),
    phone: t.string({ required: true, description: 'Phone number: the pharmacy calls when the medicines are ready.' }),
    birthday: t.string({ required: false, description: 'Date of birth, YYYY-MM-DD.' }),
    pharmacyId: t.id({ required: true, description: 'The pharmacy (Store API id).' }),
    pickupDate: t.string({ required: true, description: 'YYYY-MM-DD: from the next working day up to 30 days ahead, Monday to Saturday.' }),
    comment: t.string({ required: false, description: `A note (at most ${COMMENT_MAX} characters).` }),
  }),
});

interface PersonInput {
  salutationId?: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  birthday?: string | null;
  comment?: string | null;
}

function checkPerson(check: InputCheck, input: PersonInput): Record<string, string> {
  const salutationId = check.id('salutationId', input.salutationId, { optional: true });
  const firstName = check.text('firstName', input.firstName, { max: NAME_MAX, min: NAME_MIN });
  const lastName = check.text('lastName', input.lastName, { max: NAME_MAX, min: NAME_MIN });
  const email = check.email('email', input.email);
  const phone = check.text('phone', input.phone, { max: 40 });
  const birthday = check.text('birthday', input.birthday, { max: 10, optional: true });
  if (birthday && !/^\d{4}-\d{2}-\d{2}$/.test(birthday)) check.problem('birthday', 'date');
  const comment = check.text('comment', input.comment, { max: COMMENT_MAX, optional: true });
  const body: Record<string, string> = { firstName: firstName ?? '', lastName: lastName ?? '', email: email ?? '', phone: phone ?? '' };
  if (salutationId) body.salutationId = salutationId;
  if (birthday) body.birthday = birthday;
  if (comment) body.comment = comment;
  return body;
}

/** The Store API's prescription codes → the shop's error codes (with the field from source.pointer). */
function prescriptionError(locale: GatewayContext['locale'], entry: StoreApiErrorEntry): ShopError | null {
  const field = fieldOfPointer(entry.source?.pointer);
  switch (entry.code) {
    case 'PRESCRIPTION__FILE_TYPE_NOT_ALLOWED':
      return shopError(locale, 'UPLOAD_TYPE_NOT_ALLOWED', field);
    case 'PRESCRIPTION__FILE_TOO_LARGE':
    case 'FRAMEWORK__REQUEST_BODY_TOO_LARGE':
      return shopError(locale, 'UPLOAD_TOO_LARGE', field, { max: UPLOAD_MAX_MB });
    case 'PRESCRIPTION__FILE_REQUIRED':
      return shopError(locale, 'UPLOAD_REQUIRED', field);
    case 'PRESCRIPTION__PICKUP_DATE_INVALID':
      return shopError(locale, 'PICKUP_DATE_INVALID', 'pickupDate');
    case 'PRESCRIPTION__PHARMACY_NOT_FOUND':
      return shopError(locale, 'PHARMACY_NOT_FOUND', 'pharmacyId');
    default:
      return null;
  }
}

function errorsOf(ctx: GatewayContext, error: unknown): ShopError[] {
  if (!(error instanceof StoreApiRequestError) || error.statusCode >= 500 || error.statusCode === 0 || error.statusCode === 408) return shopErrorsOf(ctx, error);
  const own = error.messages.map((entry) => prescriptionError(ctx.locale, entry));
  const rest = error.messages.filter((_, i) => own[i] === null);
  const others = rest.length > 0 ? shopErrorsOf(ctx, new StoreApiRequestError(error.statusCode, rest, error.operation, error.upstreamStatus)) : [];
  return [...own.filter((e): e is ShopError => e !== null), ...others];
}

builder.mutationField('requestPrescriptionDelivery', (t) =>
  t.field({
    type: PrescriptionPayloadRef,
    description:
      'Home delivery of prescription medicines (POST /prescription/delivery): stores the request and mails where to post the original prescription; the medicines arrive 2–3 days after its receipt. Rate limited per client.',
    args: { input: t.arg({ type: PrescriptionDeliveryInput, required: true, description: 'The form.' }) },
    resolve: async (_root, { input }, ctx) => {
      try {
        const check = new InputCheck(ctx.locale);
        const body = checkPerson(check, input);
        const street = check.text('street', input.street, { max: 255 });
        const zipcode = check.text('zipcode', input.zipcode, { max: 4 });
        if (zipcode && !/^\d{4}$/.test(zipcode)) check.problem('zipcode', 'zipcode');
        const city = check.text('city', input.city, { max: 255 });
        const country = check.text('country', input.country, { max: 2 })?.toUpperCase() ?? null;
        if (country && country !== 'CH' && country !== 'LI') check.problem('country', 'id');
        check.done();
        const answer = await ctx.store().invoke('requestPrescriptionDelivery post /prescription/delivery', {
          body: { ...body, street: street!, zipcode: zipcode!, city: city!, country: country! } as never,
        });
        return { requestNumber: answer.requestNumber, pickupDate: null, errors: [] };
      } catch (error) {
        return { requestNumber: null, pickupDate: null, errors: errorsOf(ctx, error) };
      }
    },
  }),
);

builder.mutationField('requestPrescriptionPickup', (t) =>
  t.field({
    type: PrescriptionPayloadRef,
    description:
      'Prescription pickup at a pharmacy (POST /prescription/pickup, multipart): the insurance card and 1–5 prescriptions as PDF or PNG (by content, at most 5 MB each); the pharmacy calls when the medicines are ready. Rate limited per client.',
    args: {
      input: t.arg({ type: PrescriptionPickupInput, required: true, description: 'The form.' }),
      insuranceCard: t.arg({ type: FileScalar, required: true, description: 'The insurance card (PDF or PNG, at most 5 MB).' }),
      prescriptions: t.arg({ type: [FileScalar], required: true, description: `The prescriptions: 1 to ${PRESCRIPTIONS_MAX} files (PDF or PNG, at most 5 MB each).` }),
    },
    resolve: async (_root, args, ctx) => {
      const input = args.input;
      const card = args.insuranceCard as unknown as File;
      const prescriptions = args.prescriptions as unknown as File[];
      try {
        const check = new InputCheck(ctx.locale);
        const body = checkPerson(check, input);
        const pharmacyId = check.id('pharmacyId', input.pharmacyId);
        const pickupDate = check.text('pickupDate', input.pickupDate, { max: 10 });
        if (pickupDate && !/^\d{4}-\d{2}-\d{2}$/.test(pickupDate)) check.problem('pickupDate', 'date');
        const fileErrors: ShopError[] = [];
        if (prescriptions.length < 1) fileErrors.push(shopError(ctx.locale, 'UPLOAD_REQUIRED', 'prescriptions'));
        if (prescriptions.length > PRESCRIPTIONS_MAX) check.problem('prescriptions', 'tooMany', { max: PRESCRIPTIONS_MAX });
        [card, ...prescriptions].forEach((file, i) => {
          if (file.size > UPLOAD_MAX_FILE_BYTES) fileErrors.push(shopError(ctx.locale, 'UPLOAD_TOO_LARGE', i === 0 ? 'insuranceCard' : `prescriptions.${i - 1}`, { max: UPLOAD_MAX_MB }));
        });
        if (check.errors.length + fileErrors.length > 0) throw new InvalidInput([...check.errors, ...fileErrors]);

        const form = new FormData();
        for (const [key, value] of Object.entries(body)) form.append(key, value);
        form.append('pharmacyId', pharmacyId!);
        form.append('pickupDate', pickupDate!);
        form.append('insuranceCard', card, safeName(card.name, 'insurance-card'));
        prescriptions.forEach((file, i) => form.append('prescriptions[]', file, safeName(file.name, `prescription-${i + 1}`)));
        const answer = await ctx.store().invoke('requestPrescriptionPickup post /prescription/pickup', { body: form });
        return { requestNumber: answer.requestNumber, pickupDate: answer.pickupDate, errors: [] };
      } catch (error) {
        return { requestNumber: null, pickupDate: null, errors: errorsOf(ctx, error) };
      }
    },
  }),
);

/** A file name without paths or control characters (the Store API does not use it; it only travels along). */
function safeName(name: string | undefined, fallback: string): string {
  const clean = (name ?? '').replace(/[\\/\u0000-\u001f\u007f"]/g, '').slice(0, 100); // eslint-disable-line no-control-regex
  return clean || fallback;
}
