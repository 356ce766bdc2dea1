// The insurance number's verification, shared by the enhanced form (storefront/features/insurer/InsurerVerification.tsx) and its
// post without JavaScript (server/forms/content.ts): the same courtesy check and the same mutation variables.

export const INSURER_FORM = 'insurer';
export const INSURANCE_NUMBER_FIELD = 'insuranceNumber';

export interface InsurerValues {
  insuranceNumber: string;
}

export const EMPTY_INSURER: InsurerValues = { insuranceNumber: '' };

/** The card format as a courtesy (20 digits from 80756, Luhn check digit); the insurer's directory decides. */
export function insuranceNumberLooksValid(value: string): boolean {
  const digits = value.replace(/\s/g, '');
  if (!/^80756\d{15}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** A number that cannot be one: the form's message 'form.invalid'. */
export function checkInsurer(values: InsurerValues): { insuranceNumber?: 'invalid' } {
  return insuranceNumberLooksValid(values.insuranceNumber) ? {} : { insuranceNumber: 'invalid' };
}

/** verifyInsurance's variables. */
export function insurerVariablesOf(values: InsurerValues) {
  return { insuranceNumber: values.insuranceNumber.trim() };
}
