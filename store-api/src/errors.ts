// Shopware's error envelope: { errors: [{ status, code, title, detail, meta?, source? }] }.
// status is a string, title the HTTP reason phrase; validation errors carry source.pointer.

export interface ShopwareError {
  status: string;
  code: string;
  title: string;
  detail: string;
  meta?: { parameters?: Record<string, unknown> };
  source?: { pointer: string };
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

export function reasonPhrase(status: number): string {
  return REASONS[status] ?? 'Error';
}

export class StoreApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ShopwareError[],
  ) {
    super(errors.map((e) => e.detail).join('; '));
  }

  static of(
    status: number,
    code: string,
    detail: string,
    parameters?: Record<string, unknown>,
  ): StoreApiError {
    return new StoreApiError(status, [
      {
        status: String(status),
        code,
        title: reasonPhrase(status),
        detail,
        ...(parameters ? { meta: { parameters } } : {}),
      },
    ]);
  }

  static notFound(code: string, detail: string, parameters?: Record<string, unknown>): StoreApiError {
    return StoreApiError.of(404, code, detail, parameters);
  }

  /** One or more constraint violations, answered 400 like Shopware's ConstraintViolationException. */
  static violations(list: Violation[]): StoreApiError {
    return new StoreApiError(
      400,
      list.map((v) => ({
        status: '400',
        code: v.code,
        title: 'Constraint violation error',
        detail: v.detail,
        meta: { parameters: v.parameters ?? {} },
        source: { pointer: v.pointer },
      })),
    );
  }

  static violation(pointer: string, code: string, detail: string, parameters?: Record<string, unknown>): StoreApiError {
    return StoreApiError.violations([{ pointer, code, detail, parameters }]);
  }
}

export interface Violation {
  /** JSON pointer into the request, e.g. '/limit' or '/filter/0/field'. */
  pointer: string;
  /** e.g. VIOLATION::IS_BLANK_ERROR, VIOLATION::TOO_HIGH_ERROR, FRAMEWORK__INVALID_CRITERIA */
  code: string;
  detail: string;
  parameters?: Record<string, unknown>;
}

export function errorBody(err: StoreApiError): { errors: ShopwareError[] } {
  return { errors: err.errors };
}
